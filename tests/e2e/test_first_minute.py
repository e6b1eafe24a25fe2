"""Issue 38's first minute: the home page's next events and partners above a phone's fold, its
button naming the soonest event over a featured one weeks later, the feed's know-before-you-go
filters finding events (or offering to clear themselves), the follow page naming an
organization by its name, and the dated Tornado Relief page out of the navigation."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import BUILD_CONTENT, Server, Session, visit

pytestmark = pytest.mark.e2e

# (width, height): a laptop and a phone.
SCREENS = [(1280, 800), (390, 844)]


def _next_titles(events: dict[str, Any], count: int) -> list[str]:
    """The titles of the next `count` events or series (one line each), soonest first."""
    now = datetime.now(UTC)
    titles: list[str] = []
    seen: set[str] = set()
    for event in events["events"]:
        key = event["series"] or event["slug"]
        if datetime.fromisoformat(event["end"]) > now and key not in seen:
            seen.add(key)
            titles.append(event["title"])
    return titles[:count]


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_home_shows_the_next_events_and_the_partners_above_the_fold(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
    width: int, height: int,
) -> None:
    page = new_session(live_server, width=width, height=height).new_page()
    visit(page, "/")
    upcoming = page.get_by_role("region", name="Next events")
    links = upcoming.get_by_role("listitem").get_by_role("link")
    expect(links).to_have_text(_next_titles(events, 3))
    partners = page.get_by_role("region", name="Our partners")
    logos = partners.get_by_role("listitem")
    every = partners.get_by_role("link", name=re.compile(r"^All \d+ partners$"))
    for part in (links.last, logos.first, every):
        box = part.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (part, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (part, box)
    # The three cards under the hero lead somewhere.
    cards = page.get_by_role("region", name="Highlights").get_by_role("link")
    expect(cards).to_have_count(3)
    cards.first.click()
    expect(page).to_have_url(re.compile(r"/features$"))


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_partners_are_whole_logos_in_rows_that_never_scroll_sideways(
    live_server: Server, new_session: Callable[..., Session], width: int, height: int,
) -> None:
    page = new_session(live_server, width=width, height=height).new_page()
    visit(page, "/")
    partners = page.get_by_role("region", name="Our partners")
    logos = partners.get_by_role("listitem")
    expect(logos).to_have_count(12)
    for logo in logos.all():
        box = logo.get_by_role("img").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        assert box["y"] + box["height"] <= height, box
    row = partners.get_by_role("list")
    assert row.evaluate("ul => ul.scrollWidth <= ul.clientWidth")


def _home_button(server: Server, new_session: Callable[..., Session], width: int,
                 clock: str | None = None) -> str | None:
    """The home button's page, with the browser's clock at `clock` (else the real one)."""
    page = new_session(server, width=width, clock=clock).new_page()
    visit(page, "/")
    return page.locator("section.hero a.btn").get_attribute("href")


@pytest.mark.parametrize("width", [width for width, _ in SCREENS])
def test_the_home_button_names_the_soonest_event_over_a_featured_one_weeks_later(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session], width: int,
) -> None:
    home = json.loads((BUILD_CONTENT / "pages" / "home.json").read_text(encoding="utf-8"))
    now = datetime.now(UTC)
    upcoming = [e for e in events["events"] if datetime.fromisoformat(e["end"]) > now]
    featured = next(e for e in upcoming if home["featured"] in (e["slug"], e["series"]))
    featured_end = datetime.fromisoformat(featured["end"])
    soonest = upcoming[0]
    assert featured_end - datetime.fromisoformat(soonest["end"]) > timedelta(days=14), (
        "the content features an event more than two weeks after the soonest")
    assert _home_button(live_server, new_session, width) == soonest["path"]
    # Five days before the featured event ends, no other comes two weeks before it: it is named.
    five_days_before = (featured_end - timedelta(days=5)).isoformat()
    assert _home_button(live_server, new_session, width, five_days_before) == featured["path"]


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_feed_filters_find_events_or_offer_to_clear_themselves(
    live_server: Server, new_session: Callable[..., Session], width: int, height: int,
) -> None:
    page = new_session(live_server, width=width, height=height).new_page()
    upcoming = page.locator("section[aria-labelledby=upcoming-title]")
    visit(page, "/features?family=yes")
    expect(upcoming.locator("article").first).to_be_visible()
    expect(upcoming.get_by_text("Ages 8 and up").first).to_be_visible()
    visit(page, "/features?wheelchair=yes")
    expect(upcoming.locator("article").first).to_be_visible()
    expect(upcoming.get_by_text("Lunch Service at St. Patrick Center").first).to_be_visible()

    # The Garden says nothing of wheelchairs: nothing matches, and the message offers the way out.
    visit(page, "/features?org=botanical&wheelchair=yes")
    expect(upcoming.get_by_text("No upcoming events match these filters.")).to_be_visible()
    clear = upcoming.get_by_role("button", name="Clear the filters")
    box = clear.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    clear.click()
    expect(page).to_have_url(re.compile(r"/features$"))
    expect(page.get_by_role("checkbox", name="Wheelchair accessible")).not_to_be_checked()
    expect(upcoming.locator("article").first).to_be_visible()


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_a_follow_link_names_the_organization(
    live_server: Server, new_session: Callable[..., Session], width: int, height: int,
) -> None:
    page = new_session(live_server, width=width, height=height).new_page()
    visit(page, "/follows?organization=keenstl")
    form = page.locator("main form")
    expect(form).to_contain_text("Get the upcoming events of KEEN St. Louis in one email a week.")
    expect(form).not_to_contain_text("keenstl")


@pytest.mark.parametrize(("width", "height"), SCREENS)
def test_the_tornado_page_past_its_review_is_dated_and_out_of_the_navigation(
    live_server: Server, new_session: Callable[..., Session], width: int, height: int,
) -> None:
    tornado = json.loads((BUILD_CONTENT / "pages" / "tornado.json").read_text(encoding="utf-8"))
    assert date.fromisoformat(tornado["review_by"]) < datetime.now(UTC).date(), (
        "every build is made after the Tornado page's review day")
    page = new_session(live_server, width=width, height=height).new_page()
    visit(page, "/")
    nav = page.get_by_role("navigation", name="Main")
    menu = nav.get_by_role("button", name="Menu")
    if menu.is_visible():  # a phone: the links are behind the menu
        menu.click()
    expect(nav.get_by_role("link", name="Explore")).to_be_visible()
    expect(nav.get_by_role("link", name="Tornado Relief")).to_have_count(0)
    # Still at its address, saying how old its news is.
    visit(page, "/tornado")
    expect(page.get_by_role("heading", level=1)).to_have_text("Tornado Relief")
    written = page.locator("main").get_by_text("Written May 16, 2025.")
    expect(written).to_be_visible()
    box = written.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["y"] + box["height"] <= height, box
    expect(page.locator("main")).to_contain_text(
        "the tornado that struck St. Louis on May 16, 2025")
