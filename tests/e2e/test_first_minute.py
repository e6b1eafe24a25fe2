"""Issue 38's first minute: the home page's next events and partners above a phone's fold, the
feed's know-before-you-go filters finding events (or offering to clear themselves), and the
follow page naming an organization by its name."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import Server, Session, visit

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
