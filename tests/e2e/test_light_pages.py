"""Issue 39, HTML first: the Event Feed and the event pages are HTML-only pages whose RSVP controls
are real forms. With JavaScript off, a guest slot posts its fields to /rsvp (the service's form
route answers it with a page), an account slot goes through sign-in, and the filters are a GET form;
the feed's content is in its HTML once, with no serialized copy for a framework to hydrate.

Here the browser's request is what is checked, field by field, as the service receives it (answered
by the test); test_without_javascript.py goes through the service's answer pages, and the service's
tests (tests/rsvp_service/rsvps/test_rsvp_form.py) read those fields."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Route, expect

from tests.e2e.helpers import Server, Session, unique_email, visit, wait_path
from tests.e2e.steps import slot_item

pytestmark = pytest.mark.e2e


def _open_slots(events: dict[str, Any], rsvp: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(event, slot) of every slot not ended by the real clock, of events RSVPed `rsvp`-wise
    (the guest event's popup aside)."""
    now = datetime.now(UTC)
    return [(e, s) for e in events["events"] for s in e["slots"]
            if e["rsvp"] == rsvp and e["slug"] != events["guest_rsvp_event"]
            and datetime.fromisoformat(s["end"]) > now]


def test_without_javascript_a_guest_rsvps_with_a_form_that_posts(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    """The slot's fields, its "Bringing others?" disclosure, and one POST of the contract's
    fields to /rsvp, from the site's own origin."""
    event, slot = next((e, s) for e, s in _open_slots(events, "guest") if s["max_guests_per_rsvp"])
    page = new_session(live_server, javascript=False).new_page()
    posted: list[dict[str, Any]] = []

    def answer(route: Route) -> None:
        request = route.request
        posted.append({"method": request.method, "headers": request.all_headers(),
                       "fields": parse_qs(request.post_data or "", keep_blank_values=True)})
        route.fulfill(status=200, content_type="text/html", body="<title>RSVP</title><p>Done.</p>")

    page.route("**/rsvp", answer)
    visit(page, event["path"])
    item = slot_item(page, slot["id"])
    email = unique_email("nojs")
    item.get_by_label("First Name").fill("Nora")
    item.get_by_label("Last Name").fill("Plain")
    item.get_by_label("Email Address").fill(email)
    item.locator("summary", has_text="Bringing others?").click()
    item.get_by_label("Guests (up to 2)").fill("1")
    item.get_by_label("Guest 1's name (optional)").fill("Sam Roe")
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(page.get_by_text("Done.")).to_be_visible()

    assert len(posted) == 1, posted
    sent = posted[0]
    assert sent["method"] == "POST"
    assert sent["headers"]["content-type"] == "application/x-www-form-urlencoded"
    # What the service's Origin check reads: the site's Referrer-Policy (no-referrer) makes the
    # browser send Origin null with a form's POST (its Sec-Fetch-Site, added by the network stack
    # after this interception, is the service's tests' to check).
    assert sent["headers"]["origin"] in ("null", live_server.url)
    assert sent["fields"] == {
        "eventId": [slot["id"]], "firstName": ["Nora"], "lastName": ["Plain"], "email": [email],
        "phone": [""], "guestCount": ["1"], "guestName": ["Sam Roe", ""],
    }


def test_without_javascript_an_account_slot_goes_through_sign_in(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    event, slot = _open_slots(events, "account")[0]
    page = new_session(live_server, javascript=False).new_page()
    visit(page, event["path"])
    slot_item(page, slot["id"]).get_by_role("button", name="RSVP", exact=True).click()
    wait_path(page, "/login")
    assert parse_qs(urlsplit(page.url).query) == {"from": ["rsvp"], "eventId": [slot["id"]]}


def test_without_javascript_the_feed_is_whole_and_its_filters_are_a_get_form(
    live_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    """Every open slot's form is in the feed's HTML; the filters send their query to /features."""
    page = new_session(live_server, javascript=False).new_page()
    visit(page, "/features")
    event, slot = _open_slots(events, "account")[0]
    rsvp = slot_item(page, slot["id"]).get_by_role("button", name="RSVP", exact=True)
    expect(rsvp).to_be_visible()
    filters = page.get_by_role("form", name="Filter events")
    filters.get_by_label("Organization").select_option(event["host"]["slug"])
    filters.get_by_role("button", name="Filter").click()
    page.wait_for_url(re.compile(r"/features\?org=" + re.escape(event["host"]["slug"]) + "&month="))


def test_the_feed_holds_its_content_once(live_server: Server) -> None:
    """No serialized page context (the feed a second time, as JSON) and no React in its HTML."""
    status, html = live_server.api("GET", "/features")
    assert status == 200
    assert "vike_pageContext" not in html
    assert len(html.encode()) <= 80 * 1024, len(html.encode())
    scripts = re.findall(r"<script\b[^>]*>", html)
    modules = [s for s in scripts if 'type="module"' in s]
    assert len(modules) == 1 and "features_client" in modules[0], scripts
