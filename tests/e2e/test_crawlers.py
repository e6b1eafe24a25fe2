"""What crawlers and feed readers read in the built site: robots.txt, noindex, the sitemap, the
head's icons, manifest and Atom feeds."""

from __future__ import annotations

import json
import urllib.robotparser
from html.parser import HTMLParser
from typing import Any
from xml.etree import ElementTree

import feedparser

from tests.e2e.helpers import BUILD_SITE

SITE = "https://civicstl.org"
# A person's own pages and those reached from an email link: nothing for a search to list.
APP_PAGES = ["/login", "/register", "/dashboard", "/verify", "/auth/callback", "/reset-password",
             "/cancel", "/consent", "/organize", "/organize/checkin", "/organize/roles",
             "/verify-hours", "/follows", "/hours-request"]
CONTENT_PAGES = ["/", "/features", "/organizations", "/about", "/tornado", "/keenstl"]


class _Head(HTMLParser):
    """The <meta> and <link> elements of a page, as attribute dictionaries."""

    def __init__(self) -> None:
        super().__init__()
        self.metas: list[dict[str, str]] = []
        self.links: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "meta":
            self.metas.append(found)
        elif tag == "link":
            self.links.append(found)


def _head(path: str) -> _Head:
    parser = _Head()
    folder = BUILD_SITE / path.lstrip("/")
    parser.feed((folder / "index.html").read_text(encoding="utf-8"))
    return parser


def _robots_meta(path: str) -> list[str]:
    return [m.get("content", "") for m in _head(path).metas if m.get("name") == "robots"]


def test_robots_txt_keeps_first_match_parsers_out_of_the_api(built: None) -> None:
    robots = urllib.robotparser.RobotFileParser()
    robots.parse((BUILD_SITE / "robots.txt").read_text(encoding="utf-8").splitlines())

    for path in ("/api/", "/api/me", "/api/rsvps", "/api/me/rsvps/1/calendar.ics"):
        assert not robots.can_fetch("Googlebot", f"{SITE}{path}"), path
    for path in ("/", "/features", "/keenstl", "/events/forest-park-cleanup", "/login"):
        assert robots.can_fetch("Googlebot", f"{SITE}{path}"), path
    assert robots.site_maps() == [f"{SITE}/sitemap.xml"]


def test_app_pages_ask_not_to_be_indexed_and_only_content_pages_are_in_the_sitemap(
        built: None, routes: list[dict[str, Any]]) -> None:
    event = next(r["path"] for r in routes if r["kind"] == "event")
    series = next(r["path"] for r in routes if r["kind"] == "series")
    unmarked = [path for path in APP_PAGES if _robots_meta(path) != ["noindex"]]
    assert unmarked == []
    for path in [*CONTENT_PAGES, event, series]:
        assert _robots_meta(path) == [], path
    sitemap = ElementTree.parse(BUILD_SITE / "sitemap.xml").getroot()
    listed = {loc.text for loc in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")}
    # Each in every language (issue 41): English at its URL, the others under /es and /bs.
    expected = {f"{SITE}{prefix}{r['path']}" for r in routes if r["path"] not in APP_PAGES
                for prefix in ("", "/es", "/bs")}
    assert listed == expected


def test_every_page_links_the_icons_and_the_manifest(
        built: None, routes: list[dict[str, Any]]) -> None:
    kinds = {r["kind"]: r["path"] for r in routes}
    for path in {*CONTENT_PAGES, *APP_PAGES[:3], *kinds.values()}:
        links = {(link["rel"], link["href"]) for link in _head(path).links}
        assert {("icon", "/favicon.ico"), ("icon", "/icon.svg"),
                ("apple-touch-icon", "/apple-touch-icon.png"),
                ("manifest", "/manifest.webmanifest")} <= links, path
        # No icon as a data: URI any more: the files are real.
        assert not [href for _, href in links if href.startswith("data:")], path
    for file in ("favicon.ico", "icon.svg", "apple-touch-icon.png", "manifest.webmanifest",
                 ".well-known/security.txt"):
        assert (BUILD_SITE / file).is_file(), file
    # The generator's manifest and the pages' head name one colour.
    manifest = json.loads((BUILD_SITE / "manifest.webmanifest").read_text(encoding="utf-8"))
    [theme] = [m["content"] for m in _head("/").metas if m.get("name") == "theme-color"]
    assert manifest["theme_color"] == theme


def test_pages_announce_the_atom_feed_of_the_events_they_show(
        built: None, routes: list[dict[str, Any]]) -> None:
    announced: dict[str, list[str]] = {}
    for path in ["/", "/features", "/keenstl", "/about", "/login"]:
        announced[path] = [link["href"] for link in _head(path).links
                           if link.get("rel") == "alternate"
                           and link.get("type") == "application/atom+xml"]

    assert announced == {
        "/": [f"{SITE}/events.atom"],
        "/features": [f"{SITE}/events.atom"],
        "/keenstl": [f"{SITE}/organizations/keenstl/events.atom"],
        "/about": [],
        "/login": [],
    }
    for href in {h for hrefs in announced.values() for h in hrefs}:
        feed = feedparser.parse((BUILD_SITE / href.removeprefix(f"{SITE}/")).read_bytes())
        assert not feed.bozo, feed.get("bozo_exception")
        assert feed.feed.id == href
        # Every entry is an event page of the build.
        pages = {f"{SITE}{r['path']}" for r in routes if r["kind"] == "event"}
        assert {e.link for e in feed.entries} <= pages
