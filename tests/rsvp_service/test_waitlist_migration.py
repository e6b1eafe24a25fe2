"""Migration 0005 on RSVPs written by the previous version: every one stays live and unique."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from service_testkit import GUEST_SLOT
from test_outbox_migration import empty_url  # noqa: F401 (the fixture)
from tortoise.context import TortoiseContext
from tortoise.exceptions import IntegrityError
from tortoise.migrations.executor import MigrationTarget

from rsvp_service.db import _Executor, tortoise_config
from rsvp_service.models import Rsvp, RsvpStatus


async def test_old_rsvps_stay_confirmed_and_unique_and_a_cancelled_one_can_be_redone(
    empty_url: str,  # noqa: F811
) -> None:
    config = tortoise_config(empty_url)
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            executor = _Executor(context.db(), config["apps"])
            await executor.migrate(targets=[MigrationTarget("models", "0004_password_reset")])
            now = datetime.now(UTC)
            columns = "event_id, event, email, first_name, last_name, phone, created_at"
            if empty_url.startswith("postgres"):
                stamp: object = now
                insert = f"INSERT INTO rsvp ({columns}) VALUES ($1, $2, $3, $4, $5, $6, $7)"
            else:
                stamp = now.isoformat(" ")
                insert = f"INSERT INTO rsvp ({columns}) VALUES (?, ?, ?, ?, ?, ?, ?)"
            for email in ("ann@example.org", "bo@example.org"):
                await context.db().execute_query(
                    insert, [GUEST_SLOT, "forest-park-cleanup", email, "A", "L", "314", stamp])
            await executor.migrate()

            rows = await Rsvp.all().order_by("id")
            with pytest.raises(IntegrityError):
                await Rsvp.create(event_id=GUEST_SLOT, event="forest-park-cleanup",
                                  email="ann@example.org", active_email="ann@example.org",
                                  first_name="A", last_name="L")
            await Rsvp.filter(id=rows[0].id).update(status=RsvpStatus.CANCELLED,
                                                    active_email=None)
            again = await Rsvp.create(event_id=GUEST_SLOT, event="forest-park-cleanup",
                                      email="ann@example.org", active_email="ann@example.org",
                                      first_name="A", last_name="L")
        finally:
            await context.close_connections()

    assert [(r.email, r.active_email, r.status, r.phone) for r in rows] == [
        ("ann@example.org", "ann@example.org", RsvpStatus.CONFIRMED, "314"),
        ("bo@example.org", "bo@example.org", RsvpStatus.CONFIRMED, "314"),
    ]
    assert again.id > rows[1].id
