"""Reminder emails before a slot: once per RSVP, only to seats taken before the lead time."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from app_testkit import client_for, running
from icalendar import Calendar
from mail_testkit import Mailbox, arrived, body, token_in
from service_testkit import CIVIC_NOW_OPEN, GUEST_SLOT, TINY_SLOT, a_full_pass, new_rsvp
from starlette.applications import Starlette

from rsvp_service.app.app import create_app
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.rsvp_notices import REMINDER
from rsvp_service.rsvps.models import CancelToken, Rsvp, RsvpStatus
from rsvp_service.rsvps.reminders import BATCH, ReminderScheduler, queue_due_reminders
from rsvp_service.rsvps.store import add_rsvp, cancel_rsvp
from rsvp_service.settings import Settings

LEAD = timedelta(hours=24)
OPEN = datetime.fromisoformat(CIVIC_NOW_OPEN)
# 23 hours before the guest slot (2025-04-27, 1:00 PM Chicago): inside the 24 h lead.
DAY_BEFORE_GUEST = "2025-04-26T14:00:00-05:00"


async def rsvp_at(app: Starlette, slot_id: str, name: str, when: datetime,
                  waitlist: bool = False) -> int:
    """Store an RSVP made at `when` (joining the waitlist if asked); return its id."""
    item = replace(new_rsvp(app, slot_id, f"{name}@example.org"), first_name=name.title(),
                   created_at=when, waitlist=waitlist)
    await add_rsvp(item)
    return (await Rsvp.get(slot_id=slot_id, active_email=item.email)).id


async def reminded() -> list[str]:
    """The recipients of every queued reminder, sorted."""
    return sorted(await OutboxMessage.filter(kind=REMINDER).values_list("recipient", flat=True))


async def test_reminders_go_to_early_seats_only(app: Starlette) -> None:
    catalogue = app.state.catalogue
    tiny, guest = catalogue.slots[TINY_SLOT], catalogue.slots[GUEST_SLOT]
    ann = await rsvp_at(app, TINY_SLOT, "ann", OPEN)
    bo = await rsvp_at(app, TINY_SLOT, "bo", OPEN)
    for name in ("cy", "di", "fay"):
        await rsvp_at(app, TINY_SLOT, name, OPEN, waitlist=True)
    # bo cancels early: cy gets the seat well before the lead time and will be reminded.
    await cancel_rsvp(bo, capacity=2, now=OPEN)
    # ann cancels two hours before the slot: di's "you're in" email is the reminder.
    await cancel_rsvp(ann, capacity=2, now=tiny.start - timedelta(hours=2))
    await rsvp_at(app, GUEST_SLOT, "early", OPEN)
    await rsvp_at(app, GUEST_SLOT, "late", guest.start - timedelta(hours=2))
    # Made exactly the lead time before the slot: not less than it, so reminded.
    await rsvp_at(app, GUEST_SLOT, "edge", guest.start - LEAD)

    # Not due yet a minute before the lead time, nor once the slot started.
    assert (await queue_due_reminders(catalogue, guest.start - LEAD - timedelta(minutes=1),
                                      LEAD)).queued == 0
    assert (await queue_due_reminders(catalogue, guest.start, LEAD)).queued == 0
    assert (await queue_due_reminders(catalogue, guest.start - timedelta(hours=1),
                                      LEAD)).queued == 2
    assert (await queue_due_reminders(catalogue, tiny.start - timedelta(hours=1),
                                      LEAD)).queued == 1
    assert await reminded() == ["cy@example.org", "early@example.org", "edge@example.org"]
    # A second pass (or a restarted process) finds nothing left to do.
    again = await queue_due_reminders(catalogue, tiny.start - timedelta(minutes=1), LEAD)
    assert (again.queued, again.full) == (0, False)
    assert await reminded() == ["cy@example.org", "early@example.org", "edge@example.org"]
    states = {row.email: (row.status, row.reminder_queued_at is not None)
              for row in await Rsvp.filter(slot_id=TINY_SLOT)}
    assert states == {
        "ann@example.org": (RsvpStatus.CANCELLED, False),
        "bo@example.org": (RsvpStatus.CANCELLED, False),
        "cy@example.org": (RsvpStatus.CONFIRMED, True),
        "di@example.org": (RsvpStatus.CONFIRMED, False),
        "fay@example.org": (RsvpStatus.WAITLISTED, False),
    }


async def test_a_pass_looks_at_one_batch_and_says_when_there_is_more(app: Starlette) -> None:
    catalogue = app.state.catalogue
    for n in range(5):
        await rsvp_at(app, GUEST_SLOT, f"p{n}", OPEN)
    when = catalogue.slots[GUEST_SLOT].start - timedelta(hours=1)

    passes = [await queue_due_reminders(catalogue, when, LEAD, batch=2) for _ in range(4)]

    assert [(p.queued, p.full) for p in passes] == [(2, True), (2, True), (1, False), (0, False)]
    assert len(await reminded()) == 5


async def test_racing_passes_queue_each_reminder_once(app: Starlette) -> None:
    catalogue = app.state.catalogue
    people = [f"r{n}@example.org" for n in range(30)]
    for email in people:
        await rsvp_at(app, GUEST_SLOT, email.split("@")[0], OPEN)
    when = catalogue.slots[GUEST_SLOT].start - timedelta(hours=1)

    # Four passes at once: each reads the same 30 candidates before claiming them, and on
    # PostgreSQL each claim runs in its own pooled connection.
    passes = await asyncio.gather(*(queue_due_reminders(catalogue, when, LEAD) for _ in range(4)))

    assert sum(p.queued for p in passes) == 30
    assert await reminded() == sorted(people)
    assert await Rsvp.filter(reminder_queued_at=None).count() == 0
    # One cancel token for the confirmation and one for the reminder, per RSVP.
    tokens = Counter(await CancelToken.all().values_list("rsvp_id", flat=True))
    assert set(tokens.values()) == {2}
    assert BATCH >= 30


async def test_reminder_email_has_time_place_ics_and_a_cancel_link_that_works(
    make_settings: Callable[..., Settings], mailbox: Mailbox
) -> None:
    early = create_app(make_settings())
    async with running(early), client_for(early) as client:
        made = await client.post("/api/rsvp", json={
            "eventId": GUEST_SLOT, "email": "ann@example.org", "firstName": "Ann",
            "lastName": "Lee", "phone": None})
        assert made.status_code == 201
        await arrived(mailbox, "ann@example.org", "Your RSVP")

    # The day before, the lifespan's reminder task queues it and the sender delivers it.
    day_before = create_app(make_settings(civic_now=DAY_BEFORE_GUEST))
    async with running(day_before, fresh=False), client_for(day_before) as client:
        [message] = await arrived(mailbox, "ann@example.org", "Reminder:")
        assert message["Subject"] == "Reminder: Forest Park Cleanup, April 27, 2025"
        text = body(message)
        assert "April 27, 2025, 1:00 – 3:00 PM" in " ".join(text.split())
        assert "Forest Park, St. Louis, MO" in text
        assert "Can't make it? Cancel your spot: http://127.0.0.1:8000/cancel?token=" in text
        html = message.get_body(("html",))
        assert html is not None and "Cancel your spot</a>" in html.get_content()
        [attachment] = list(message.iter_attachments())
        [event] = Calendar.from_ical(attachment.get_content()).walk("VEVENT")
        assert event.decoded("DTSTART") == day_before.state.catalogue.slots[GUEST_SLOT].start
        assert str(event["LOCATION"]) == "Forest Park, St. Louis, MO"
        # Another pass right away (what a second worker does) queues nothing.
        assert (await day_before.state.reminders.run_once()).queued == 0

        cancelled = await client.post("/api/rsvp/cancel", json={"token": token_in(message)})
        assert cancelled.status_code == 200, cancelled.text
        await arrived(mailbox, "ann@example.org", "Your spot is cancelled")
        assert (await Rsvp.get(email="ann@example.org")).status is RsvpStatus.CANCELLED


async def test_after_a_restart_the_reminder_is_not_sent_again(
    make_settings: Callable[..., Settings], mailbox: Mailbox
) -> None:
    early = create_app(make_settings())
    async with running(early):
        await rsvp_at(early, GUEST_SLOT, "ann", OPEN)
    settings = make_settings(civic_now=DAY_BEFORE_GUEST, reminder_poll_seconds=0.05)
    first = create_app(settings)
    async with running(first, fresh=False):
        await arrived(mailbox, "ann@example.org", "Reminder:")
    restarted = create_app(settings)
    async with running(restarted, fresh=False):
        # Its task has made a pass at start-up; this one makes sure a pass ran to the end.
        assert (await restarted.state.reminders.run_once()).queued == 0
        # Its own task's pass after this one, then a sender's pass: anything queued went out.
        await a_full_pass(restarted.state.reminders)
        await a_full_pass(restarted.state.outbox)
        assert await OutboxMessage.filter(kind=REMINDER).count() == 1
    subjects = [str(m["Subject"]) for m in mailbox.to("ann@example.org")]
    assert sum(s.startswith("Reminder:") for s in subjects) == 1, subjects


async def test_reminder_hours_sets_the_lead_time(
    app: Starlette, make_settings: Callable[..., Settings]
) -> None:
    guest = app.state.catalogue.slots[GUEST_SLOT]
    await rsvp_at(app, GUEST_SLOT, "ann", guest.start - timedelta(hours=3))
    await rsvp_at(app, GUEST_SLOT, "bo", guest.start - timedelta(hours=1))

    def scheduler(before: timedelta) -> ReminderScheduler:
        settings = make_settings(reminder_hours=2, civic_now=guest.start - before)
        return ReminderScheduler(settings, lambda: app.state.catalogue, lambda: None)

    assert (await scheduler(timedelta(hours=2.5)).run_once()).queued == 0
    assert (await scheduler(timedelta(minutes=30)).run_once()).queued == 1
    assert await reminded() == ["ann@example.org"]
    assert Settings.model_fields["reminder_hours"].default == 24
