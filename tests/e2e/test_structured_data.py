"""What search engines and link previews read from the built site: the JSON-LD of every page and
every plain-text surface (meta descriptions, JSON-LD text, events.json's plain text, .ics files).

The JSON-LD checks follow Google's Event structured-data documentation: required are `name`,
`startDate` and a `location` Place with an `address` PostalAddress; recommended are
`description`, `endDate`, `eventAttendanceMode`, `eventStatus`, `image`, `location.name`,
`offers` (availability, price, priceCurrency, url), `organizer` (name, url) and the address parts.
Left out on purpose: `performer` (a volunteer event has none), `offers.validFrom` (RSVPs open
when the page is published) and `postalCode` where the location text gives none (not invented).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import icalendar
import pytest

from tests.e2e.helpers import BUILD_CONTENT, BUILD_SITE

SCHEMA = "https://schema.org/"
STATUSES = {f"{SCHEMA}{s}" for s in ("EventScheduled", "EventCancelled", "EventPostponed",
                                     "EventRescheduled", "EventMovedOnline")}
# Markdown a reader should never see in plain text: a link's `](`, `**bold**`, `*emphasis*`.
MARKDOWN = re.compile(r"\]\(|\*\*|(?<![\w*])\*[^\s*][^*\n]*(?<=\S)\*(?![\w*])")
PLAIN_META = ("description", "og:description", "twitter:description", "og:title",
              "twitter:title", "og:image:alt", "twitter:image:alt")


class _Head(HTMLParser):
    """A page's meta tags by property or name, and the text of its JSON-LD scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.meta: dict[str, str] = {}
        self.json_ld: list[str] = []
        self._in_ld = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        key = found.get("property") or found.get("name")
        if tag == "meta" and key and found.get("content") is not None:
            self.meta[key] = str(found["content"])
        self._in_ld = tag == "script" and found.get("type") == "application/ld+json"
        if self._in_ld:
            self.json_ld.append("")

    def handle_data(self, data: str) -> None:
        if self._in_ld:
            self.json_ld[-1] += data

    def handle_endtag(self, tag: str) -> None:
        self._in_ld = False


def _pages() -> dict[str, _Head]:
    pages = {}
    for file in sorted(BUILD_SITE.rglob("index.html")):
        if "admin" in file.relative_to(BUILD_SITE).parts:
            continue  # the web editor's page: no content of the site
        head = _Head()
        head.feed(file.read_text(encoding="utf-8"))
        path = "/" + str(file.parent.relative_to(BUILD_SITE)).removeprefix(".")
        pages[path.rstrip("/") or "/"] = head
    return pages


@pytest.fixture(scope="module")
def pages(built: None) -> dict[str, _Head]:
    """Every built page's head, by its path."""
    return _pages()


def _json_ld(head: _Head) -> list[dict[str, Any]]:
    return [json.loads(block) for block in head.json_ld]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _moment(text: str) -> dt.datetime:
    moment = dt.datetime.fromisoformat(text)
    assert moment.utcoffset() is not None, f"{text} has no UTC offset"
    return moment


def _check_place(place: dict[str, Any], location: str) -> None:
    assert place["@type"] == "Place" and place["name"]
    address = place["address"]
    assert address["@type"] == "PostalAddress"
    parts = [p.strip() for p in location.split(",")]
    # Every part the address names is one the location text gives, in its own words.
    for key in ("streetAddress", "addressLocality", "addressRegion"):
        if key in address:
            assert address[key] in location, (key, address[key], location)
    if re.fullmatch(r"[A-Z]{2}", parts[-1]):  # "..., St. Louis, MO": a city and a US state
        assert (address["addressLocality"], address["addressRegion"]) == (parts[-2], parts[-1])
        assert address["addressCountry"] == "US"
    if any(p[:1].isdigit() for p in parts):
        assert address["streetAddress"][:1].isdigit(), location


def _check_image(images: list[str], site_url: str) -> None:
    assert images, "no image"
    for url in images:
        assert url.startswith(site_url.rstrip("/") + "/"), url
        assert (BUILD_SITE / urlsplit(url).path.lstrip("/")).is_file(), f"{url} is not built"


def _check_event(ld: dict[str, Any], site_url: str, location: str, now: dt.datetime) -> None:
    assert ld["@type"] == "Event" and ld["name"]
    start, end = _moment(ld["startDate"]), _moment(ld["endDate"])
    assert start < end
    assert ld["eventStatus"] in STATUSES
    assert ld["eventAttendanceMode"] == f"{SCHEMA}OfflineEventAttendanceMode"
    _check_place(ld["location"], location)
    assert ld["organizer"]["name"] and ld["organizer"]["url"].startswith(site_url)
    assert ld["url"].startswith(site_url)
    if ld["eventStatus"] == f"{SCHEMA}EventCancelled":
        assert "offers" not in ld or ld["offers"]["availability"] != f"{SCHEMA}InStock"
        return
    offer = ld["offers"]
    assert offer["@type"] == "Offer" and offer["price"] == 0 and offer["priceCurrency"] == "USD"
    assert offer["url"] == ld["url"]
    # The build ran before this test: an event over now was over then, one ahead now was ahead.
    expected = "SoldOut" if end <= now else "InStock"
    assert offer["availability"] == f"{SCHEMA}{expected}", (ld["url"], end)


def test_every_event_page_describes_its_event_for_rich_results(
        pages: dict[str, _Head], events: dict[str, Any]) -> None:
    now = dt.datetime.now(dt.UTC)
    site_url = events["site_url"]
    past = 0
    for event in events["events"]:
        [ld] = _json_ld(pages[event["path"]])
        _check_event(ld, site_url, event["location"], now)
        assert ld["description"] == event["description_text"]
        assert ld["startDate"] == event["start"] and ld["endDate"] == event["end"]
        assert ld["eventStatus"] == f"{SCHEMA}EventScheduled"
        _check_image(ld["image"], site_url)
        # The picture the page shares is the event's first picture.
        assert ld["image"][0] == pages[event["path"]].meta["og:image"]
        past += _moment(event["end"]) <= now
    assert past, "the content has no past event: nothing shows SoldOut"


def test_every_series_page_is_an_event_series_with_each_date(
        pages: dict[str, _Head], events: dict[str, Any]) -> None:
    now = dt.datetime.now(dt.UTC)
    site_url = events["site_url"]
    cancelled = 0
    assert events["series"]
    for series in events["series"]:
        [ld] = _json_ld(pages[series["path"]])
        assert ld["@type"] == "EventSeries" and ld["name"] == series["title"]
        assert ld["description"] == series["description_text"]
        assert ld["url"] == site_url.rstrip("/") + series["path"]
        _check_place(ld["location"], series["location"])
        _check_image(ld["image"], site_url)
        assert len(ld["subEvent"]) == len(series["dates"])
        for sub, date in zip(ld["subEvent"], series["dates"], strict=True):
            _check_event(sub, site_url, series["location"], now)
            assert sub["startDate"] == date["start"] and sub["endDate"] == date["end"]
            status = "EventCancelled" if date["cancelled"] else "EventScheduled"
            assert sub["eventStatus"] == f"{SCHEMA}{status}", date
            # A cancelled date has no page of its own: it points at the series page.
            page = series["path"] if date["cancelled"] else date["path"]
            assert sub["url"] == site_url.rstrip("/") + page
            cancelled += date["cancelled"]
    assert cancelled, "the content has no cancelled date: nothing shows EventCancelled"


def test_only_event_and_series_pages_carry_event_data(
        pages: dict[str, _Head], routes: list[dict[str, Any]]) -> None:
    kinds = {r["path"]: r["kind"] for r in routes}
    for path, head in pages.items():
        types = [ld["@type"] for ld in _json_ld(head)]
        # A page in Spanish or Bosnian (/es/…, /bs/…) is of its English page's kind.
        logical = re.sub(r"^/(?:es|bs)(?=/|$)", "", path) or "/"
        expected = {"event": ["Event"], "series": ["EventSeries"]}.get(kinds.get(logical, ""), [])
        assert types == expected, path


def _calendar_texts(file: Path) -> list[str]:
    calendar = icalendar.Calendar.from_ical(file.read_bytes())
    return [str(component[key]) for component in calendar.walk("VEVENT")
            for key in ("SUMMARY", "DESCRIPTION", "LOCATION") if key in component]


def test_no_plain_text_surface_shows_markdown(pages: dict[str, _Head]) -> None:
    surfaces: dict[str, str] = {}
    for path, head in pages.items():
        for key in PLAIN_META:
            if key in head.meta:
                surfaces[f"{path} <meta {key}>"] = head.meta[key]
        for n, text in enumerate(s for ld in _json_ld(head) for s in _strings(ld)):
            surfaces[f"{path} JSON-LD #{n}"] = text
    feed = json.loads((BUILD_CONTENT / "events.json").read_text(encoding="utf-8"))
    for item in [*feed["events"], *feed["series"]]:
        surfaces[f"events.json {item['path']}"] = item["description_text"]
    for file in sorted((BUILD_CONTENT / "organizations").glob("profiles-*.json")):
        for slug, profile in json.loads(file.read_text(encoding="utf-8")).items():
            surfaces[f"{file.name} {slug}"] = profile["description_text"]
    calendars = sorted(BUILD_SITE.rglob("*.ics"))
    assert calendars, "build/site has no calendar file"
    for file in calendars:
        for n, text in enumerate(_calendar_texts(file)):
            surfaces[f"{file.relative_to(BUILD_SITE)} #{n}"] = text
    leaks = {where: m.group(0) for where, text in surfaces.items()
             if (m := MARKDOWN.search(text))}
    assert not leaks, leaks
    # The clinic's description is written with a link, emphasis and a list: the surfaces show
    # its words.
    clinic = pages["/events/inclusive-sports-clinic"]
    assert "Join KEEN St. Louis for an afternoon" in clinic.meta["description"]
    assert "Pick one 50-minute session." in clinic.meta["og:description"]
