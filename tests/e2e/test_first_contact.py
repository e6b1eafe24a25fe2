"""Issue 26, a newcomer's first minute: the development server on a port of one's own."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    BUILD_CONTENT,
    PASSWORD,
    Server,
    Session,
    field_by_label,
    unique_email,
    visit,
    wait_path,
)

pytestmark = pytest.mark.e2e

WIDTHS = [1280, 390]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_newcomer_registers_on_either_loopback_name(
    development_server: Server, new_session: Callable[..., Session], host: str, width: int
) -> None:
    """`PORT=<other> make run`: registering works on 127.0.0.1 and on localhost alike, and the
    session survives a reload there (its cookie belongs to the name the person used)."""
    port = development_server.url.rsplit(":", 1)[1]
    page = new_session(development_server, width=width).new_page()
    name = "Dana Whitfield"

    visit(page, f"http://{host}:{port}/register")
    field_by_label(page, r"^\s*(full )?name").fill(name)
    field_by_label(page, r"^\s*email").fill(unique_email(f"newcomer-{host}"))
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    field_by_label(page, r"(verify|confirm).*password").fill(PASSWORD)
    page.get_by_role("button", name=re.compile(r"^\s*(sign up|register|create account)\s*$",
                                               re.I)).click()

    wait_path(page, "/dashboard")
    assert page.url.startswith(f"http://{host}:{port}/")
    expect(page.locator("main").get_by_text(name).first).to_be_visible()
    expect(page.get_by_text("not allowed to use your session")).to_have_count(0)
    page.reload()
    expect(page.locator("main").get_by_text(name).first).to_be_visible()


def _later(iso: str) -> str:
    """A minute after the moment `iso` (a browser clock pinned just past an event's end)."""
    return (datetime.fromisoformat(iso) + timedelta(minutes=1)).isoformat()


def _home_button_goes_to_an_upcoming_event(
    server: Server, new_session: Callable[..., Session], events: dict[str, Any], clock: str,
    width: int,
) -> str:
    """With the browser's clock at `clock`, the home button names an event that has not ended
    then and leads to its page; return that page's path."""
    page = new_session(server, width=width, clock=clock).new_page()
    visit(page, "/")
    button = page.locator("section.hero a.btn")
    href = button.get_attribute("href")
    by_path = {event["path"]: event for event in events["events"]}
    assert href in by_path, f"the home button leads to {href}, not an event page"
    event = by_path[href]
    assert datetime.fromisoformat(event["end"]) > datetime.fromisoformat(clock)
    expect(button).to_have_text(f"RSVP for {event['title']}")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    expect(page.locator("footer")).to_contain_text(f"© {datetime.now().year} CivicSTL")
    button.click()
    wait_path(page, href)
    expect(page.locator("h1").first).to_contain_text(event["title"])
    expect(page.get_by_text("Event finished")).to_have_count(0)
    return str(href)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_button_never_sends_anyone_to_the_past(
    live_server: Server, new_session: Callable[..., Session], events: dict[str, Any],
    width: int,
) -> None:
    """The featured event has ended by the browser's clock: the button names an upcoming event.
    And once the build's first choice has ended too, the browser moves on by itself."""
    home = json.loads((BUILD_CONTENT / "pages" / "home.json").read_text(encoding="utf-8"))
    featured = [e for e in events["events"] if home["featured"] in (e["slug"], e["series"])]
    assert featured, f"home.yaml's featured {home['featured']!r} is no event of the build"
    after_featured = _later(max(e["end"] for e in featured))
    shown = _home_button_goes_to_an_upcoming_event(live_server, new_session, events,
                                                   after_featured, width)
    assert shown not in {e["path"] for e in featured}

    # The build's own first choice, read from the HTML as a browser without JavaScript sees it.
    bare = new_session(live_server, width=width, javascript=False).new_page()
    bare.goto("/")
    choices = json.loads(bare.locator("[data-choices]").get_attribute("data-choices") or "[]")
    first_end, first_href, _ = choices[0]
    moved = _home_button_goes_to_an_upcoming_event(live_server, new_session, events,
                                                   _later(first_end), width)
    assert moved != first_href


def test_the_month_filter_offers_only_upcoming_months(
    live_server: Server, new_session: Callable[..., Session], events: dict[str, Any],
) -> None:
    """The feed's month filter lists the months that hold upcoming events; past ones stay below."""
    page = new_session(live_server).new_page()
    visit(page, "/features")
    now = datetime.now().astimezone()
    months = sorted({e["date"][:7] for e in events["events"]
                     if datetime.fromisoformat(e["end"]) > now})
    offered = page.get_by_label("Month").locator("option").evaluate_all(
        "options => options.map(o => o.value)")
    assert offered == ["", *months]
    past = [e for e in events["events"] if datetime.fromisoformat(e["end"]) <= now]
    assert past, "the content has past events (the clinic of July 2025)"
    past_section = page.locator("section[aria-labelledby=past-title]")
    expect(past_section.get_by_text(past[-1]["title"]).first).to_be_visible()
