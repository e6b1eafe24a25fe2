"""Journey: an event page shows its know-before-you-go details and carries them in its JSON-LD; the
feed's cards show them as icons with words, and the feed filters on them with the URL's query."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import Server, Session, visit

pytestmark = pytest.mark.e2e


def upcoming(events: dict[str, Any], series: str) -> dict[str, Any]:
    """The next date of a series of the real content, on the real clock."""
    now = datetime.now(UTC)
    return next(e for e in events["events"]
                if e["series"] == series and datetime.fromisoformat(e["end"]) > now)


def json_ld(page: Page, path: str) -> dict[str, Any]:
    html = page.request.get(path).text()
    found = re.search(r'<script type="application/ld\+json">(.*?)</script>', html)
    assert found, f"no JSON-LD in {path}"
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_event_page_shows_before_you_go_and_carries_it_in_json_ld(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    # The Garden's mornings say 16 and over, outdoors; Forest Park's days say what to wear.
    garden = upcoming(events, "garden-volunteer-mornings")
    assert garden["before_you_go"]["minimum_age"] == 16
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)

    visit(page, garden["path"])
    section = page.get_by_role("region", name="Before you go")
    expect(section.get_by_role("heading", level=2)).to_have_text("Before you go")
    expect(section.locator("dt")).to_have_text(["Age", "Indoor or outdoor"])
    expect(section.locator("dd")).to_have_text(["Ages 16 and up", "Outdoors"])
    data = json_ld(page, garden["path"])
    assert data["typicalAgeRange"] == "16-"
    assert data["isAccessibleForFree"] is True and data["offers"]["price"] == 0
    assert "amenityFeature" not in data["location"]  # the event says nothing of wheelchairs

    park = upcoming(events, "forest-park-volunteer-days")
    visit(page, park["path"])
    section = page.get_by_role("region", name="Before you go")
    expect(section.get_by_role("listitem")).to_have_text(
        ["Closed-toe shoes", "Clothes that can get dirty"])
    assert json_ld(page, park["path"])["typicalAgeRange"] == "8-"
    keen = upcoming(events, "keen-sports-saturdays")
    assert "typicalAgeRange" not in json_ld(page, keen["path"])  # no age said, none claimed
    assert watch.problems() == []


def test_feed_cards_show_the_facts_and_the_feed_filters_on_them(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    garden = upcoming(events, "garden-volunteer-mornings")
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)

    visit(page, "/features")
    card = page.locator("article", has=page.get_by_role("heading", name=garden["title"]))
    facts = card.get_by_role("list", name="Before you go").get_by_role("listitem")
    expect(facts).to_have_text(["Ages 16 and up", "Outdoors"])
    # The icon is a decorative CSS picture: the item's accessible name is its words alone.
    icon = facts.first.evaluate("li => getComputedStyle(li, '::before').maskImage")
    assert icon.startswith('url("data:image/svg+xml'), icon

    family = page.get_by_role("checkbox", name="Family friendly (minimum age 12 or younger)")
    family.check()
    expect(page).to_have_url(re.compile(r"/features\?family=yes$"))
    upcoming_section = page.locator("section[aria-labelledby=upcoming-title]")
    # Forest Park's days welcome 8 and up; the Garden's 16 and up are not family friendly.
    park = upcoming(events, "forest-park-volunteer-days")
    expect(upcoming_section.get_by_role("heading", name=park["title"])).to_be_visible()
    expect(card).to_have_count(0)
    family.uncheck()
    expect(page).to_have_url(re.compile(r"/features$"))
    expect(card).to_be_visible()

    # The query is the filter's state: a shared link opens the feed filtered.
    visit(page, "/features?wheelchair=yes")
    expect(page.get_by_role("checkbox", name="Wheelchair accessible")).to_be_checked()
    expect(upcoming_section.locator("article").first).to_be_visible()
    expect(card).to_have_count(0)  # the Garden says nothing of wheelchairs
    page.get_by_role("button", name="Show all events").click()
    expect(page.get_by_role("checkbox", name="Wheelchair accessible")).not_to_be_checked()
    expect(card).to_be_visible()
    assert watch.problems() == []
