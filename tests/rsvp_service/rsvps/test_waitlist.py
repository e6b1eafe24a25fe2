"""Capacity, waitlist and cancelling from the email link, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from mail_testkit import TOKEN, Mailbox, SmtpServer, arrived, body, fill, person, token_in
from service_testkit import TINY_SLOT

from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import issue_access_token
from rsvp_service.rsvps.models import CancelToken, Rsvp, RsvpStatus, SlotCount
from rsvp_service.settings import Settings

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


@pytest.fixture
def settings(make_settings: Callable[..., Settings]) -> Settings:
    """Default settings, the limits scaled up: everyone here RSVPs from the test's one address,
    and five people in the two-seat slot and its waitlist are more than one client's share."""
    return make_settings(rate_limit_scale=10)


async def test_full_slot_offers_the_waitlist_and_positions_follow_arrival(
    client: httpx.AsyncClient,
) -> None:
    seated = await fill(client, "ann", "bo")
    refused = await client.post("/api/rsvp", json=person("cy"))
    waiting = await fill(client, "cy", "di")

    assert [r.json()["status"] for r in seated] == ["confirmed", "confirmed"]
    assert (refused.status_code, refused.json()) == (
        409, {"error": "This time slot is full. Join the waitlist?", "full": True})
    assert [(r.status_code, r.json()["position"]) for r in waiting] == [(201, 1), (201, 2)]
    assert waiting[1].json()["message"] == (
        "You are #2 on the waitlist. We will email you if a spot opens up.")
    again = await client.post("/api/rsvp", json=person("di", waitlist=True))
    assert (again.status_code, again.json()) == (409, {
        "error": "You are already on the waitlist for this time slot (#2).", "position": 2})
    seated_again = await client.post("/api/rsvp", json=person("ann", waitlist=True))
    assert seated_again.json() == {"error": "You have already RSVP'd to this event."}
    count = await client.get("/api/rsvp", params={"eventId": TINY_SLOT})
    assert count.json() == {"count": 2, "capacity": 2, "remaining": 0, "waitlist": 2}


async def test_cancel_link_frees_the_seat_and_promotes_the_first_in_line(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await fill(client, "ada", "bea", "cal", "dot")
    await arrived(mailbox, "ada@example.org", "Your RSVP")
    await arrived(mailbox, "cal@example.org", "You're on the waitlist")
    await arrived(mailbox, "dot@example.org", "You're on the waitlist")
    [to_ann] = mailbox.to("ada@example.org")
    assert "Can't make it? Cancel your spot: http://127.0.0.1:8000/cancel?token=" in body(to_ann)
    [to_cy] = mailbox.to("cal@example.org")
    assert "#1 on the waitlist" in body(to_cy) and TOKEN.search(body(to_cy))
    token = token_in(to_ann)

    preview = await client.post("/api/rsvp/cancel/preview", json={"token": token})
    assert preview.json() == {
        "event": "Tiny Workshop", "date_text": "May 1, 2025", "time": "6:00-7:00 PM",
        "location": "Central Library", "status": "confirmed", "position": None,
        "path": "/events/tiny-workshop",
    }
    assert preview.headers["cache-control"] == "no-store"
    assert (await Rsvp.get(email="ada@example.org")).status is RsvpStatus.CONFIRMED

    done = await client.post("/api/rsvp/cancel", json={"token": token})
    assert (done.status_code, done.json()) == (200, {
        "message": "Your spot is cancelled. We have emailed you a confirmation.",
        "status": "cancelled"})
    statuses = {r.email: r.status for r in await Rsvp.all()}
    assert statuses == {"ada@example.org": RsvpStatus.CANCELLED, "bea@example.org":
                        RsvpStatus.CONFIRMED, "cal@example.org": RsvpStatus.CONFIRMED,
                        "dot@example.org": RsvpStatus.WAITLISTED}
    count = await client.get("/api/rsvp", params={"eventId": TINY_SLOT})
    assert count.json() == {"count": 2, "capacity": 2, "remaining": 0, "waitlist": 1}
    promoted = await arrived(mailbox, "cal@example.org", "A spot opened up")
    assert len(promoted) == 1
    assert "A spot opened up: you're in" in body(promoted[0])
    assert any(p.get_content_type() == "text/calendar" for p in promoted[0].iter_attachments())
    await arrived(mailbox, "ada@example.org", "Your spot is cancelled")
    dot = await client.post("/api/rsvp/cancel/preview", json={"token": token_in(
        mailbox.to("dot@example.org")[0])})
    assert (dot.json()["status"], dot.json()["position"]) == ("waitlisted", 1)

    twice = await client.post("/api/rsvp/cancel", json={"token": token})
    assert (twice.status_code, twice.json()) == (410, {
        "error": "This RSVP was already cancelled. There is nothing more to do."})
    # The promoted person's new link cancels their seat and promotes the next in line.
    assert (await client.post("/api/rsvp/cancel", json={"token": token_in(promoted[0])})
            ).status_code == 200
    statuses = {r.email: r.status for r in await Rsvp.all()}
    assert statuses["dot@example.org"] is RsvpStatus.CONFIRMED
    # A cancelled RSVP does not block a new one.
    back = await client.post("/api/rsvp", json=person("ada", waitlist=True))
    assert (back.status_code, back.json()["status"], back.json()["position"]) == (
        201, "waitlisted", 1)


async def test_tampered_links_and_started_slots_change_nothing(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox
) -> None:
    async with make_client(make_settings()) as client:
        await fill(client, "eve")
        await arrived(mailbox, "eve@example.org", "Your RSVP")
        token = token_in(mailbox.to("eve@example.org")[0])
        for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), "x"):
            answer = await client.post("/api/rsvp/cancel", json={"token": bad})
            assert (answer.status_code, answer.json()) == (404, {"error": (
                "This cancel link is not valid. "
                "Please use the link in your most recent email from CivicSTL.")})
    started = make_settings(civic_now="2025-05-01T18:00:00-05:00")
    async with make_client(started, fresh=False) as client:
        answer = await client.post("/api/rsvp/cancel", json={"token": token})
        assert (answer.status_code, answer.json()["error"]) == (410, (
            "This time slot has already started, so it can no longer be cancelled online. "
            "Please contact the organizer."))
        assert (await Rsvp.get(email="eve@example.org")).status is RsvpStatus.CONFIRMED
        stored = await CancelToken.all().values_list("token_hash", flat=True)
        assert token not in stored and all(len(h) == 64 for h in stored)


async def test_concurrent_cancellations_promote_different_people_and_keep_capacity(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await fill(client, "fay", "gus", "hal", "ivy", "jo")
    for name in ("fay", "gus"):
        await arrived(mailbox, f"{name}@example.org", "Your RSVP")
    tokens = [token_in(mailbox.to(f"{n}@example.org")[0]) for n in ("fay", "gus")]

    answers = await asyncio.gather(
        *(client.post("/api/rsvp/cancel", json={"token": t}) for t in tokens))

    assert [a.status_code for a in answers] == [200, 200]
    statuses = {r.email: r.status for r in await Rsvp.all()}
    assert [e for e, s in sorted(statuses.items()) if s is RsvpStatus.CONFIRMED] == [
        "hal@example.org", "ivy@example.org"]
    assert statuses["jo@example.org"] is RsvpStatus.WAITLISTED
    counter = await SlotCount.get(slot_id=TINY_SLOT)
    assert (counter.count, counter.waitlist) == (2, 1)


async def test_cancellation_and_promotion_happen_while_smtp_is_down(
    client: httpx.AsyncClient, smtp_server: SmtpServer
) -> None:
    await fill(client, "kim", "lou", "max")
    await arrived(smtp_server.mailbox, "kim@example.org", "Your RSVP")
    token = token_in(smtp_server.mailbox.to("kim@example.org")[0])
    smtp_server.stop()

    answer = await client.post("/api/rsvp/cancel", json={"token": token})

    assert answer.status_code == 200
    assert (await Rsvp.get(email="max@example.org")).status is RsvpStatus.CONFIRMED
    smtp_server.start()
    assert await arrived(smtp_server.mailbox, "max@example.org", "A spot opened up")
    assert await arrived(smtp_server.mailbox, "kim@example.org", "Your spot is cancelled")


async def test_dashboard_lists_live_rsvps_with_status_and_position(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user = await User.create(name="Nia Park", email="nia@example.org")
    headers = {"x-auth-token": issue_access_token(settings, user.id)}
    await fill(client, "oz", "pia")
    waiting = await client.post("/api/rsvp", json=person("nia", waitlist=True), headers=headers)
    assert waiting.json()["position"] == 1

    items = (await client.get("/api/me/rsvps", headers=headers)).json()["rsvps"]
    assert [(i["eventId"], i["status"], i["position"]) for i in items] == [
        (TINY_SLOT, "waitlisted", 1)]
    await Rsvp.filter(id=items[0]["id"]).update(status=RsvpStatus.CANCELLED, active_email=None)
    assert (await client.get("/api/me/rsvps", headers=headers)).json() == {"rsvps": []}


async def test_dashboard_cancel_promotes_and_refuses_other_peoples_rsvps(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    owner = await User.create(name="Quin Park", email="quin@example.org", is_verified=True)
    stranger = await User.create(name="Rae Park", email="rae@example.org", is_verified=True)
    mine = {"x-auth-token": issue_access_token(settings, owner.id)}
    theirs = {"x-auth-token": issue_access_token(settings, stranger.id)}
    # RSVP'd as a guest with the account's (verified) address: still theirs to cancel.
    await fill(client, "quin", "sam", "tess")
    quin = await Rsvp.get(email="quin@example.org")

    refused = await client.post(f"/api/me/rsvps/{quin.id}/cancel", headers=theirs)
    missing = await client.post("/api/me/rsvps/999999/cancel", headers=mine)
    anonymous = await client.post(f"/api/me/rsvps/{quin.id}/cancel")
    assert [refused.status_code, missing.status_code, anonymous.status_code] == [403, 404, 401]
    assert (await Rsvp.get(id=quin.id)).status is RsvpStatus.CONFIRMED

    done = await client.post(f"/api/me/rsvps/{quin.id}/cancel", headers=mine)
    assert (done.status_code, done.json()["status"]) == (200, "cancelled")
    assert (await Rsvp.get(email="tess@example.org")).status is RsvpStatus.CONFIRMED
    await arrived(mailbox, "tess@example.org", "A spot opened up")
    again = await client.post(f"/api/me/rsvps/{quin.id}/cancel", headers=mine)
    assert again.status_code == 410


async def test_dashboard_calendar_file_is_the_rsvps_slot(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    owner = await User.create(name="Uma Park", email="uma@example.org", is_verified=True)
    other = await User.create(name="Val Park", email="val@example.org", is_verified=True)
    await fill(client, "uma")
    row = await Rsvp.get(email="uma@example.org")

    mine = await client.get(f"/api/me/rsvps/{row.id}/calendar.ics",
                            headers={"x-auth-token": issue_access_token(settings, owner.id)})
    theirs = await client.get(f"/api/me/rsvps/{row.id}/calendar.ics",
                              headers={"x-auth-token": issue_access_token(settings, other.id)})

    assert mine.status_code == 200
    assert mine.headers["content-type"].startswith("text/calendar")
    assert "SUMMARY:Tiny Workshop" in mine.text and "DTSTART:20250501T230000Z" in mine.text
    assert "UID:tiny-workshop-6-00-7-00-pm@civicstl.org" in mine.text
    assert theirs.status_code == 403
