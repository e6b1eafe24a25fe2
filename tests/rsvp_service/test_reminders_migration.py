"""Migration 0006 on RSVPs written by the previous version: seats keep their time, and only
confirmed ones are reminded."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from service_testkit import CIVIC_NOW_OPEN, GUEST_SLOT
from test_outbox_migration import empty_url  # noqa: F401 (the fixture)
from tortoise.context import TortoiseContext
from tortoise.migrations.executor import MigrationTarget

from rsvp_service.db import _Executor, tortoise_config
from rsvp_service.events import load_catalogue
from rsvp_service.models import OutboxMessage, Rsvp
from rsvp_service.reminders import queue_due_reminders


async def test_old_confirmed_rsvps_count_as_seated_when_made(
    empty_url: str,  # noqa: F811
    events_file: Path,
) -> None:
    config = tortoise_config(empty_url)
    made = datetime.fromisoformat(CIVIC_NOW_OPEN).astimezone(UTC)
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            executor = _Executor(context.db(), config["apps"])
            await executor.migrate(targets=[MigrationTarget("models", "0005_rsvp_waitlist")])
            columns = ("event_id, event, email, active_email, first_name, last_name, created_at, "
                       "status, waitlist_ticket")
            if empty_url.startswith("postgres"):
                stamp: object = made
                values = ", ".join(f"${n}" for n in range(1, 10))
            else:
                stamp = made.isoformat(" ")
                values = ", ".join("?" * 9)
            insert = f"INSERT INTO rsvp ({columns}) VALUES ({values})"
            for email, status, ticket in (("ann@example.org", "confirmed", None),
                                          ("bo@example.org", "waitlisted", 1)):
                await context.db().execute_query(insert, [
                    GUEST_SLOT, "forest-park-cleanup", email, email, "A", "L", stamp, status,
                    ticket])
            await executor.migrate()

            rows = await Rsvp.all().order_by("id")
            catalogue = load_catalogue(events_file)
            due = catalogue.slots[GUEST_SLOT].start - timedelta(hours=1)
            done = await queue_due_reminders(catalogue, due, timedelta(hours=24))
            reminded = await OutboxMessage.all().values_list("recipient", flat=True)
        finally:
            await context.close_connections()

    assert [(r.email, r.confirmed_at, r.reminder_queued_at) for r in rows] == [
        ("ann@example.org", made, None),
        ("bo@example.org", None, None),
    ]
    assert (done.queued, reminded) == (1, ["ann@example.org"])
