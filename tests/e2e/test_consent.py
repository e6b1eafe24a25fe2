"""Issue 23's guardian-consent journeys, with the clock pinned and a real SMTP server, on the
paged build, where the daffodil planting asks for a guardian's consent and takes one volunteer
per slot (conftest's CONSENT_EVENT; no real event asks yet):

1. a signed-in volunteer says they are under 18 and gives a guardian's address (their own is
   refused in a sentence); the slot says the spot is held, the dashboard says "Awaiting
   consent"; the guardian's link shows the time slot and changes nothing until Approve; then
   the dashboard no longer waits, and the used link says it was answered;
2. a guest who says they are under 18 is told a minor needs a verified account (nobody is
   emailed); a verified minor takes the other slot's seat, someone joins its waitlist, nobody
   answers; the service, restarted past the 48-hour hold, releases the seat: the minor is told,
   the waiting person moves up, and the guardian's link says it has expired.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, expect

from rsvp_service.rsvps.routes import GUARDIAN_IS_YOU
from tests.e2e.helpers import (
    Account,
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
    auth_headers,
    consent_event,
    expect_rsvp_made,
    signed_in_page,
    slot_item,
)

pytestmark = pytest.mark.e2e

AFTER_HOLD = "2027-10-03T11:00:00-05:00"  # 49 hours on: past the default 48-hour hold
LINK = re.compile(r"https?://[^/\s]+(/consent\?token=[0-9]+-[a-z2-7]+)")


def say_under_18(item: Locator, guardian: str) -> None:
    """Open the slot's "Are you under 18?" fields and type the guardian's address."""
    item.get_by_role("button", name="Are you under 18?").click()
    field = item.get_by_label("Parent's or guardian's email")
    expect(field).to_be_focused()
    field.fill(guardian)


def consent_path(mailbox: Mailbox, guardian: str, title: str) -> str:
    """The /consent?token=... path of the email that asks `guardian`."""
    message = mailbox.wait_for(guardian, "Guardian consent asked")
    assert title in str(message["Subject"])
    found = LINK.search(body_text(message))
    assert found, f"the consent email to {guardian} has no /consent?token=... link"
    return found.group(1)


def my_consent(server: Server, account: Account, slot_id: str) -> str | None:
    """The consent state of `account`'s RSVP to the slot, as GET /me/rsvps answers it."""
    status, mine = server.api("GET", "/api/me/rsvps", headers=auth_headers(server, account))
    assert status == 200, mine
    [rsvp] = [r for r in mine["rsvps"] if r["eventId"] == slot_id]
    consent: str | None = rsvp["consent"]
    return consent


def test_a_guardian_approves_a_minors_rsvp_by_the_emailed_link(
    restart_server: Callable[..., Server], paged_build: tuple[Path, Path], mailbox: Mailbox,
    new_session: Callable[..., Session],
) -> None:
    event = consent_event(paged_build)
    slot = event["slots"][0]
    server = restart_server(CONSENT_NOW, build=paged_build)
    volunteer = verified_account(server, mailbox, "Mia Minor", "mia")
    session = new_session(server)
    page = signed_in_page(session, volunteer)
    watch = session.watch(page)

    visit(page, event["path"])
    item = slot_item(page, slot["id"])
    message = page.locator(f'[id="slot-message-{slot["id"]}"]')
    # Their own address is no guardian's: a sentence in the slot, and no RSVP.
    say_under_18(item, volunteer.email)
    # Saying so on another slot keeps this slot's field in view: what it holds goes with its RSVP.
    other = slot_item(page, event["slots"][1]["id"])
    other.get_by_role("button", name="Are you under 18?").click()
    expect(other.get_by_label("Parent's or guardian's email")).to_be_focused()
    expect(item.get_by_label("Parent's or guardian's email")).to_have_value(volunteer.email)
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(message).to_have_text(GUARDIAN_IS_YOU)
    guardian = unique_email("guardian")
    item.get_by_label("Parent's or guardian's email").fill(guardian)
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(message).to_contain_text(HELD)
    expect_rsvp_made(page, watch, slot["id"])
    visit(page, "/dashboard")
    expect(page.get_by_text(AWAITING)).to_be_visible()

    # The guardian's link shows what it is about; opening it decides nothing.
    path = consent_path(mailbox, guardian, event["title"])
    guardian_page = new_session(server).new_page()
    visit(guardian_page, path)
    expect(guardian_page.get_by_role("heading", level=2)).to_have_text(event["title"])
    expect(guardian_page.locator("main")).to_contain_text(
        "Mia Minor signed up for this time slot and said they are under 18.")
    assert my_consent(server, volunteer, slot["id"]) == "awaiting"
    guardian_page.get_by_role("button", name="Approve").click()
    expect(guardian_page.get_by_role("status")).to_have_text(
        "Thank you: you approved, and the volunteer's spot is confirmed.")
    assert my_consent(server, volunteer, slot["id"]) == "approved"

    page.reload()
    expect(page.get_by_role("link", name=event["title"])).to_be_visible()
    expect(page.get_by_text(AWAITING)).to_have_count(0)
    # The link works once: opened again, it says the answer stands.
    again = new_session(server).new_page()
    visit(again, path)
    expect(again.get_by_role("alert")).to_have_text(
        "This RSVP is already approved: the answer given then stands.")
    expect(again.get_by_role("button", name="Approve")).to_have_count(0)


def test_an_unanswered_consent_expires_and_the_waitlist_moves_up(
    restart_server: Callable[..., Server], paged_build: tuple[Path, Path], mailbox: Mailbox,
    new_session: Callable[..., Session],
) -> None:
    event = consent_event(paged_build)
    slot = event["slots"][1]
    server = restart_server(CONSENT_NOW, build=paged_build)
    page = new_session(server).new_page()
    visit(page, event["path"])
    item = slot_item(page, slot["id"])

    # A guest cannot have a consent request sent: the slot sends a minor to an account first
    # (the service refuses a guest's under-18 RSVP itself: tests/rsvp_service/consent).
    guardian = unique_email("noa-guardian")
    item.get_by_role("button", name="Are you under 18?").click()
    expect(item.get_by_text("Volunteers under 18 RSVP from an account")).to_be_visible()
    expect(item.get_by_role("link", name="sign up")).to_have_attribute("href", "/register")
    expect(item.get_by_label("Parent's or guardian's email")).to_have_count(0)

    # Signed in with a verified address, the minor takes the slot's one seat, held for the
    # guardian (the first email the guardian gets).
    noa = verified_account(server, mailbox, "Noa Minor", "noa")
    session = new_session(server)
    page = signed_in_page(session, noa)
    watch = session.watch(page)
    visit(page, event["path"])
    item = slot_item(page, slot["id"])
    say_under_18(item, guardian)
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect(page.locator(f'[id="slot-message-{slot["id"]}"]')).to_contain_text(HELD)
    expect_rsvp_made(page, watch, slot["id"])
    path = consent_path(mailbox, guardian, event["title"])
    minor = noa.email

    waiting = unique_email("wes")
    status, body = server.api("POST", "/api/rsvp", {
        "eventId": slot["id"], "email": waiting, "firstName": "Wes", "lastName": "Waiting",
        "phone": None, "waitlist": True})
    assert (status, body["status"], body["position"]) == (201, "waitlisted", 1), body

    # Nobody answers: past the hold, the service releases the seat as it starts.
    server = restart_server(AFTER_HOLD, build=paged_build)
    mailbox.wait_for(minor, "Your spot is released")
    mailbox.wait_for(waiting, "A spot opened up")
    status, stats = server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert (status, stats["count"], stats["waitlist"]) == (200, 1, 0), stats

    late = new_session(server).new_page()
    visit(late, path)
    expect(late.get_by_role("alert")).to_have_text(
        "This consent link has expired, so the spot was released. The volunteer can RSVP "
        "again while spots are open.")
    expect(late.get_by_role("button", name="Approve")).to_have_count(0)
