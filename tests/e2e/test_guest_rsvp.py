"""Issue 26, guests welcome: a partner event's slot takes an RSVP with a name and an email, in the
slot itself, on the event page and the feed; the guest who later registers with that address and
verifies it finds the RSVP on the dashboard. Every state stays inside its slot's card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Route, expect

from tests.e2e.helpers import (
    PINNED_NOW,
    Mailbox,
    Server,
    Session,
    body_text,
    register_in_browser,
    unique_email,
    verification_link,
    visit,
)
from tests.e2e.steps import (
    WIDTHS,
    assert_inside_its_card,
    expect_rsvp_made,
    slot_item,
)

pytestmark = pytest.mark.e2e

FIRST_NAME_NEEDED = "Please enter your first name."
EMAIL_NEEDED = "Please enter your email address, such as name@example.com."


def partner_event(events: dict[str, Any]) -> dict[str, Any]:
    """The first guest event with several slots (not the popup's event): each slot has a form."""
    return next(e for e in events["events"]
                if e["rsvp"] == "guest" and e["slug"] != events["guest_rsvp_event"]
                and len(e["slots"]) > 1)


def fill_guest_form(slot: Locator, first: str, last: str, email: str) -> None:
    """Type a guest's name and address into the slot's form."""
    slot.get_by_label("First Name").fill(first)
    slot.get_by_label("Last Name").fill(last)
    slot.get_by_label("Email Address").fill(email)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_guest_rsvps_in_the_slot_then_registers_and_finds_it_on_the_dashboard(
    restart_server: Callable[..., Server], mailbox: Mailbox, new_session: Callable[..., Session],
    events: dict[str, Any], width: int,
) -> None:
    """Signed out: RSVP opens the slot's form (the feed's card too); an empty name is refused in a
    sentence; submitting, then the confirmation, focused; the email; register with the same
    address, verify, and the dashboard lists the RSVP. Each state inside the slot and its card."""
    event = partner_event(events)
    slot_data, other_data = event["slots"][:2]
    server = restart_server(PINNED_NOW)
    session = new_session(server, width=width)
    page = session.new_page()
    watch = session.watch(page)

    # The feed's card of the event offers the same form inside its slot.
    visit(page, "/features")
    card_slot = slot_item(page, other_data["id"])
    card_slot.get_by_role("button", name="RSVP", exact=True).click()
    expect(card_slot.get_by_label("First Name")).to_be_focused()
    assert_inside_its_card(card_slot, "feed form", width)

    visit(page, event["path"])
    slot = slot_item(page, slot_data["id"])
    other = slot_item(page, other_data["id"])
    rsvp = slot.get_by_role("button", name="RSVP", exact=True)
    expect(rsvp).to_be_enabled()
    assert_inside_its_card(slot, "idle", width)
    rsvp.click()
    first_name = slot.get_by_label("First Name")
    expect(first_name).to_be_focused()
    expect(slot.get_by_label("Phone Number")).to_have_attribute("placeholder", "Optional")
    # The form is the one slot's: the other still offers its button.
    expect(other.get_by_role("button", name="RSVP", exact=True)).to_be_visible()
    expect(other.get_by_label("First Name")).to_have_count(0)
    assert_inside_its_card(slot, "form", width)

    posts: list[int] = []
    page.on("request", lambda r: posts.append(1)
            if r.method == "POST" and r.url.endswith("/api/rsvp") else None)
    submit = slot.get_by_role("button", name="Submit RSVP")
    submit.click()
    expect(slot.get_by_role("alert")).to_have_text(FIRST_NAME_NEEDED)
    expect(first_name).to_be_focused()
    assert_inside_its_card(slot, "refused", width)
    email = unique_email(f"guest{width}")
    fill_guest_form(slot, "Gina", "Guest", "gina.example.org")
    submit.click()
    expect(slot.get_by_role("alert")).to_have_text(EMAIL_NEEDED)
    expect(slot.get_by_label("Email Address")).to_be_focused()
    assert posts == [], "a form the page refused was sent"

    # Submitting (the request held until measured), then the confirmation where the guest looks.
    held: list[Route] = []
    page.route("**/api/rsvp", lambda route: held.append(route)
               if route.request.method == "POST" else route.continue_())
    slot.get_by_label("Email Address").fill(email)
    submit.click()
    expect(slot.get_by_role("button", name="Submitting...")).to_be_disabled()
    for _ in range(100):  # the sync API runs the route handler while the page waits
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the RSVP request never left the page"
    assert held[0].request.post_data_json == {
        "eventId": slot_data["id"], "email": email, "firstName": "Gina", "lastName": "Guest",
        "phone": None}
    assert_inside_its_card(slot, "submitting", width)
    held[0].continue_()
    page.unroute("**/api/rsvp")
    confirmation = page.locator(f'[id="slot-message-{slot_data["id"]}"]')
    expect(confirmation).to_have_text(
        f"Thank you for your RSVP, Gina! A confirmation email has been sent to {email}.")
    expect(confirmation).to_be_focused()
    expect(confirmation).to_be_in_viewport()
    expect(slot.get_by_role("button", name="RSVP'd!")).to_be_disabled()
    expect(slot.get_by_label("First Name")).to_have_count(0)
    assert_inside_its_card(slot, "confirmed", width)

    message = mailbox.wait_for(email, event["title"])
    assert "Gina" in body_text(message)

    # Later, the guest registers with the same address and verifies it.
    register_in_browser(page, "Gina Guest", email)
    visit(page, verification_link(mailbox, email))
    page.get_by_role("button", name="Verify Your Email").click()
    expect(page.get_by_role("status")).to_have_text("Email verified successfully!")

    visit(page, "/dashboard")
    rsvps = page.get_by_role("region", name="Your RSVPs")
    expect(rsvps.get_by_text(event["title"]).first).to_be_visible(timeout=15_000)
    expect(rsvps.get_by_text(slot_data["time"]).first).to_be_visible()

    # Signed in now: the event page knows the guest RSVP, and the other slot takes one click.
    visit(page, event["path"])
    expect(slot.get_by_role("button", name="RSVP'd!")).to_be_disabled(timeout=15_000)
    other.get_by_role("button", name="RSVP", exact=True).click()
    expect(other.get_by_role("button", name="RSVP'd!")).to_be_disabled()
    expect(other.get_by_label("First Name")).to_have_count(0)
    expect_rsvp_made(page, watch, other_data["id"])
    assert watch.page_errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_guest_joins_a_full_slots_waitlist_with_the_form(
    restart_server: Callable[..., Server], new_session: Callable[..., Session],
    events: dict[str, Any], width: int,
) -> None:
    """A full guest slot says so from the start; its Join the waitlist opens the form; a refusal
    of the service shows in the slot; then the guest's place on the waitlist, all inside the slot
    and its card."""
    event = partner_event(events)
    full = min(event["slots"], key=lambda s: s["capacity"] or 10**6)
    server = restart_server(PINNED_NOW)
    fillers = [unique_email(f"filler{n}") for n in range(full["capacity"])]
    for n, filler in enumerate(fillers):
        status, body = server.api("POST", "/api/rsvp", {
            "eventId": full["id"], "email": filler, "firstName": f"Filler{n}",
            "lastName": "Example", "phone": None})
        assert status == 201 and body["status"] == "confirmed", body

    page = new_session(server, width=width).new_page()
    visit(page, event["path"])
    slot = slot_item(page, full["id"])
    expect(slot).to_contain_text("Full", timeout=15_000)
    slot.get_by_role("button", name="Join the waitlist").click()
    # An address that already holds a seat: the service's 409, in the slot, the form kept.
    fill_guest_form(slot, "Wes", "Waiting", fillers[0])
    assert_inside_its_card(slot, "waitlist form", width)
    slot.get_by_role("button", name="Join the waitlist").click()
    refused = page.locator(f'[id="slot-message-{full["id"]}"]')
    expect(refused).to_have_text("You have already RSVP'd to this event.")
    expect(refused).to_have_attribute("role", "alert")
    assert_inside_its_card(slot, "error", width)
    slot.get_by_label("Email Address").fill(unique_email(f"waiting{width}"))
    slot.get_by_role("button", name="Join the waitlist").click()
    place = page.locator(f'[id="slot-message-{full["id"]}"]')
    expect(place).to_have_text(
        "You are #1 on the waitlist. We will email you if a spot opens up.")
    expect(place).to_be_focused()
    expect(slot.get_by_role("button", name="On the waitlist")).to_be_disabled()
    assert_inside_its_card(slot, "waitlisted", width)
