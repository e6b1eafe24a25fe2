"""Guardian consent, end to end through the API, the outbox and a real SMTP server, on SQLite
and PostgreSQL: approve by the emailed link, decline and expiry releasing the seat to the
waitlist, refused links that change nothing, and a guardian address equal to one's own."""

from __future__ import annotations

import httpx
import icalendar
import pytest
from consent_testkit import (
    GUARDIAN,
    LINK,
    consent_content,
    minor,
    minor_rsvps,
    release_after,
)
from mail_testkit import Mailbox, arrived, calendar_parts, person, token_in
from organize_testkit import person as account
from service_testkit import CLINIC_SLOTS, GUEST_SLOT
from starlette.applications import Starlette

from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.consent.routes import BAD_LINK, EXPIRED, USED
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.rsvps.routes import GUARDIAN_IS_YOU, GUARDIAN_NEEDED
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=consent_content)

ASK = "Guardian consent asked: Tiny Workshop"


async def _asked(client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings) -> str:
    """Mia (a minor) RSVPs to the workshop; return the token her guardian's email carries."""
    answer = await minor_rsvps(client, settings, "mia")
    assert answer.status_code == 201, answer.text
    assert (answer.json()["status"], answer.json()["consent"]) == ("confirmed", "awaiting")
    assert "held for 48 hours" in answer.json()["message"]
    [mail] = await arrived(mailbox, GUARDIAN, ASK)
    return token_in(mail, LINK)


async def test_the_minors_own_confirmation_says_the_seat_waits_for_the_guardian(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    await _asked(client, mailbox, settings)
    [mail] = await arrived(mailbox, "mia@example.org", "Your RSVP")
    assert mail["Subject"] == "Your RSVP waits for a guardian's consent: Tiny Workshop, May 1, 2025"
    for kind in ("plain", "html"):
        text = mail.get_body((kind,)).get_content()  # type: ignore[union-attr]
        assert "your spot is held for 48 hours until they approve." in text
        assert "registered" not in text


async def _state() -> tuple[Decision | None, RsvpStatus]:
    record = await GuardianConsent.get().select_related("rsvp")
    return record.decision, record.rsvp.status


async def test_a_guardian_approves_by_the_emailed_link_and_a_get_changes_nothing(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await _asked(client, mailbox, settings)
    [mail] = mailbox.to(GUARDIAN)
    assert "Mia Lee signed up" in mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]
    assert "Central Library" in mail.get_body(("plain",)).get_content()  # type: ignore[union-attr]

    # Opening links (as mail scanners do) decides nothing: only the page's POST does. There is no
    # GET route, so the site's own fallback answers "not found".
    for path in ("/api/consent/approve", "/api/consent/decline",
                 f"/api/consent/approve?token={token}"):
        assert (await client.get(path)).status_code == 404
    seen = await client.post("/api/consent/preview", json={"token": token})
    assert seen.json()["status"] == "awaiting"
    assert seen.json()["volunteer"] == "Mia Lee"
    assert await _state() == (None, RsvpStatus.CONFIRMED)

    approved = await client.post("/api/consent/approve", json={"token": token})
    assert approved.status_code == 200, approved.text
    assert approved.json()["decision"] == "approved"
    assert await _state() == (Decision.APPROVED, RsvpStatus.CONFIRMED)
    record = await GuardianConsent.get()
    assert record.decided_at is not None

    # Used once: both buttons now refuse with a sentence, and the approval stands.
    for action in ("approve", "decline"):
        again = await client.post(f"/api/consent/{action}", json={"token": token})
        assert (again.status_code, again.json()) == (410, {"error": USED})
    assert await _state() == (Decision.APPROVED, RsvpStatus.CONFIRMED)


async def test_an_unanswered_hold_expires_and_promotes_the_waitlist(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await _asked(client, mailbox, settings)
    assert (await client.post("/api/rsvp", json=person("ann"))).status_code == 201
    waiting = await client.post("/api/rsvp", json=person("bo", waitlist=True))
    assert waiting.json()["status"] == "waitlisted"

    await release_after(app, settings, hours=47)  # still held
    assert await _state() == (None, RsvpStatus.CONFIRMED)
    await release_after(app, settings, hours=49)

    assert await _state() == (None, RsvpStatus.CANCELLED)
    bo = await Rsvp.get(email="bo@example.org")
    assert bo.status is RsvpStatus.CONFIRMED
    await arrived(mailbox, "mia@example.org", "Your spot is released")
    await arrived(mailbox, "bo@example.org", "A spot opened up")
    # A second pass releases nothing more, and the late link is refused.
    await release_after(app, settings, hours=50)
    assert await Rsvp.filter(status=RsvpStatus.CONFIRMED).count() == 2
    late = await client.post("/api/consent/approve", json={"token": token})
    assert (late.status_code, late.json()) == (410, {"error": EXPIRED})
    assert await _state() == (None, RsvpStatus.CANCELLED)


async def test_a_decline_releases_the_seat_to_the_waitlist(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await _asked(client, mailbox, settings)
    assert (await client.post("/api/rsvp", json=person("ann"))).status_code == 201
    waiting = await client.post("/api/rsvp", json=person("bo", waitlist=True))
    assert waiting.json()["status"] == "waitlisted"

    declined = await client.post("/api/consent/decline", json={"token": token})
    assert declined.status_code == 200, declined.text
    assert await _state() == (Decision.DECLINED, RsvpStatus.CANCELLED)
    assert (await Rsvp.get(email="bo@example.org")).status is RsvpStatus.CONFIRMED
    await arrived(mailbox, "mia@example.org", "Your spot is released")
    # The held seat's invitation leaves Mia's calendar: the same UID, cancelled, superseding it.
    [(_, held)] = calendar_parts(mailbox, "mia@example.org", "Your RSVP")
    [(content_type, gone)] = calendar_parts(mailbox, "mia@example.org", "Your spot is released")
    assert content_type == 'text/calendar; method="CANCEL"'
    [was] = icalendar.Calendar.from_ical(held).walk("VEVENT")
    [off] = icalendar.Calendar.from_ical(gone).walk("VEVENT")
    assert (off["UID"], off["STATUS"]) == (was["UID"], "CANCELLED")
    assert off["SEQUENCE"] > was["SEQUENCE"]
    again = await client.post("/api/consent/approve", json={"token": token})
    assert (again.status_code, again.json()) == (410, {"error": USED})


def _tampered(token: str) -> str:
    return token[:-1] + ("a" if token[-1] != "a" else "b")


async def test_a_tampered_link_is_refused_and_changes_nothing(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await _asked(client, mailbox, settings)
    consent_id, mac = token.split("-")
    for bad in (_tampered(token), token[:-2], f"{int(consent_id) + 1}-{mac}", "1-" + "a" * 32,
                "not a token"):
        for action in ("preview", "approve", "decline"):
            answer = await client.post(f"/api/consent/{action}", json={"token": bad})
            assert (answer.status_code, answer.json()) == (404, {"error": BAD_LINK}), bad
    assert await _state() == (None, RsvpStatus.CONFIRMED)


async def test_the_guardian_address_must_be_given_and_not_ones_own(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, headers = await account(settings, "mia")
    own = await client.post("/api/rsvp", headers=headers,
                            json=minor("mia", guardian=" MIA@Example.org "))
    assert (own.status_code, own.json()) == (422, {"error": GUARDIAN_IS_YOU})
    missing = await client.post("/api/rsvp", headers=headers,
                                json=minor("mia", guardianEmail=None))
    assert (missing.status_code, missing.json()) == (422, {"error": GUARDIAN_NEEDED})
    assert await Rsvp.all().count() == 0
    # An event that does not ask takes a minor's RSVP as any other.
    free = await client.post("/api/rsvp", json=minor("mia", eventId=GUEST_SLOT))
    assert (free.status_code, free.json()["consent"]) == (201, None)
    assert await GuardianConsent.all().count() == 0


async def test_the_dashboard_shows_awaiting_then_approved(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    _, headers = await account(settings, "mia")
    made = await client.post("/api/rsvp", headers=headers,
                             json=minor("mia", eventId=CLINIC_SLOTS[0]))
    assert made.status_code == 201, made.text
    mine = (await client.get("/api/me/rsvps", headers=headers)).json()["rsvps"]
    assert [item["consent"] for item in mine] == ["awaiting"]
    [mail] = await arrived(mailbox, GUARDIAN, "Guardian consent asked: Inclusive Sports Clinic")
    approved = await client.post("/api/consent/approve", json={"token": token_in(mail, LINK)})
    assert approved.status_code == 200, approved.text
    mine = (await client.get("/api/me/rsvps", headers=headers)).json()["rsvps"]
    assert [item["consent"] for item in mine] == ["approved"]
