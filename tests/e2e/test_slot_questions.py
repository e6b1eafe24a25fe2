"""Issue 38, what a visitor meets in a time slot, at a desktop's and a phone's width: a signed-out
guest brings friends, up to what the service lets a guest bring, and is told why not more; the
guests' and the guardian's fields sit above the button that sends them, as large as a finger; the
guardian-consent fact is a whole phrase, and a minor's confirmation (the slot's, the email's) says
the seat waits for the guardian; a signed-in RSVP answers in the slot, never in a browser alert."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from rsvp_service.rsvps.shares import GUEST_PARTY_LIMIT
from tests.e2e.helpers import (
    PINNED_NOW,
    Mailbox,
    Server,
    Session,
    body_text,
    unique_email,
    verified_account,
    visit,
)
from tests.e2e.steps import (
    AWAITING,
    CONSENT_NOW,
    HELD,
    RSVP_SUCCESS,
    WIDTHS,
    assert_inside_its_card,
    auth_headers,
    consent_event,
    expect_rsvp_made,
    signed_in_page,
    slot_item,
    slot_message,
)

pytestmark = pytest.mark.e2e

TAP = 44  # the smallest tap target, in CSS pixels
ALREADY = "You have already RSVP'd to this event!"


def assert_above_and_tappable(field: Locator, button: Locator, what: str, width: int,
                              beside: bool = False) -> None:
    """`field` ends above `button` starts (or, `beside`, ends left of it on its row), and is at
    least a tap target large."""
    box, under = field.bounding_box(), button.bounding_box()
    assert box and under, f"{what} at {width} px: not laid out"
    assert box["height"] >= TAP, f"{what} at {width} px: {box['height']} px high"
    assert box["width"] >= TAP, f"{what} at {width} px: {box['width']} px wide"
    above = box["y"] + box["height"] <= under["y"]
    left = (beside and box["x"] + box["width"] <= under["x"]
            and box["y"] < under["y"] + under["height"])
    assert above or left, f"{what} at {width} px: not before its button ({box} vs {under})"


def event_taking_more_guests(events: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The first guest event whose slot takes more guests than a guest may bring, and that slot."""
    return next((e, s) for e in events["events"] if e["rsvp"] == "guest"
                for s in e["slots"] if (s.get("max_guests_per_rsvp") or 0) > GUEST_PARTY_LIMIT)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_signed_out_guest_brings_friends_up_to_the_guest_limit(
    restart_server: Callable[..., Server], new_session: Callable[..., Session],
    events: dict[str, Any], width: int,
) -> None:
    event, slot = event_taking_more_guests(events)
    most = slot["max_guests_per_rsvp"]
    server = restart_server(PINNED_NOW)
    session = new_session(server, width=width)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, event["path"])
    item = slot_item(page, slot["id"])

    # Signed out, the slot asks as it asks anyone, above its RSVP button.
    offer = item.get_by_role("button", name="Bringing others?")
    assert_above_and_tappable(offer, item.get_by_role("button", name="RSVP", exact=True),
                              "Bringing others?", width, beside=True)
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(item.get_by_label("First Name")).to_be_focused()
    offer.click()
    count = item.get_by_label(f"Guests (up to {GUEST_PARTY_LIMIT})")
    expect(count).to_be_focused()
    expect(count).to_have_attribute("max", str(GUEST_PARTY_LIMIT))
    expect(item.get_by_text(
        f"Without signing in you can bring up to {GUEST_PARTY_LIMIT} guests. Log in with a "
        f"verified account to bring up to {most} guests.")).to_be_visible()
    # Asking for more than a guest may bring stops at the limit.
    count.fill(str(most))
    expect(count).to_have_value(str(GUEST_PARTY_LIMIT))
    item.get_by_label("Guest 1's name (optional)").fill("Sam Roe")
    submit = item.get_by_role("button", name="Submit RSVP")
    assert_above_and_tappable(count, submit, "the guests' count", width)
    assert_above_and_tappable(item.get_by_label("Guest 2's name (optional)"), submit,
                              "a guest's name", width)
    assert_inside_its_card(item, "guest with guests", width)

    email = unique_email(f"party{width}")
    item.get_by_label("First Name").fill("Gina")
    item.get_by_label("Last Name").fill("Guest")
    item.get_by_label("Email Address").fill(email)
    submit.click()
    expect_rsvp_made(page, watch, slot["id"], "Thank you for your RSVP, Gina! A confirmation "
                     f"email has been sent to {email}.")
    status, stats = server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (status, stats["count"]) == (200, 1 + GUEST_PARTY_LIMIT), stats


@pytest.mark.parametrize("width", WIDTHS)
def test_a_minors_fields_sit_above_the_rsvp_and_the_seat_is_said_to_wait(
    restart_server: Callable[..., Server], paged_build: tuple[Path, Path], mailbox: Mailbox,
    new_session: Callable[..., Session], width: int,
) -> None:
    event = consent_event(paged_build)
    slot = event["slots"][0]
    server = restart_server(CONSENT_NOW, build=paged_build)
    minor = verified_account(server, mailbox, "Ivy Minor", f"ivy{width}")
    session = new_session(server, width=width)
    page = signed_in_page(session, minor)
    watch = session.watch(page)
    visit(page, event["path"])

    # The fact says whom it asks of, in a whole phrase.
    facts = page.get_by_role("region", name="Before you go")
    expect(facts.get_by_text("Volunteers under 18 need a guardian's consent")).to_be_visible()
    expect(page.get_by_text("Under 18: a guardian's consent")).to_have_count(0)

    item = slot_item(page, slot["id"])
    rsvp = item.get_by_role("button", name="RSVP", exact=True)
    assert_above_and_tappable(item.get_by_role("button", name="Are you under 18?"), rsvp,
                              "Are you under 18?", width, beside=True)
    item.get_by_role("button", name="Are you under 18?").click()
    field = item.get_by_label("Parent's or guardian's email")
    expect(field).to_be_focused()
    assert_above_and_tappable(field, rsvp, "the guardian's email", width)
    assert_inside_its_card(item, "guardian's email", width)

    guardian = unique_email("ivy-guardian")
    field.fill(guardian)
    rsvp.click()
    expect_rsvp_made(page, watch, slot["id"], HELD)
    assert_inside_its_card(item, "held", width)

    # The minor's own email says the seat waits for the guardian: not "registered".
    confirmation = body_text(
        mailbox.wait_for(minor.email, "Your RSVP waits for a guardian's consent"))
    assert "your spot is held for 48 hours until they approve." in confirmation, confirmation
    assert "registered" not in confirmation, confirmation
    visit(page, "/dashboard")
    expect(page.get_by_text(AWAITING)).to_be_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_signed_in_rsvp_answers_in_the_slot_and_never_in_an_alert(
    restart_server: Callable[..., Server], mailbox: Mailbox, new_session: Callable[..., Session],
    events: dict[str, Any], width: int,
) -> None:
    event = next(e for e in events["events"] if e["rsvp"] == "guest" and len(e["slots"]) > 1
                 and e["slug"] != events["guest_rsvp_event"])
    first, second = event["slots"][:2]
    server = restart_server(PINNED_NOW)
    volunteer = verified_account(server, mailbox, "Alex Noalert", f"noalert{width}")
    session = new_session(server, width=width)
    page = signed_in_page(session, volunteer)
    watch = session.watch(page)
    visit(page, event["path"])

    slot_item(page, first["id"]).get_by_role("button", name="RSVP", exact=True).click()
    expect_rsvp_made(page, watch, first["id"])
    expect(slot_message(page, first["id"])).to_have_text(RSVP_SUCCESS)
    expect(slot_message(page, first["id"])).to_be_in_viewport()

    # An RSVP made elsewhere since the page loaded (another tab): the spec's sentence, in the slot.
    name_first, _, name_last = volunteer.name.partition(" ")
    status, body = server.api(
        "POST", "/api/rsvp", {"eventId": second["id"], "email": volunteer.email,
                              "firstName": name_first, "lastName": name_last, "phone": None},
        headers=auth_headers(server, volunteer))
    assert status == 201, body
    item = slot_item(page, second["id"])
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect_rsvp_made(page, watch, second["id"], ALREADY)
    expect(slot_message(page, second["id"])).to_have_text(ALREADY)
    expect(item.get_by_role("button", name="RSVP'd!")).to_be_disabled()
    assert_inside_its_card(item, "already", width)
