"""Migration 0007 on RSVPs written before it: live ones get codes, and every constraint holds."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from service_testkit import GUEST_SLOT, TINY_SLOT
from test_outbox_migration import empty_url  # noqa: F401 (the fixture)
from tortoise.context import TortoiseContext
from tortoise.exceptions import IntegrityError
from tortoise.migrations.executor import MigrationTarget

from rsvp_service.checkin_codes import ALPHABET
from rsvp_service.db import _Executor, tortoise_config
from rsvp_service.models import Rsvp


async def test_live_rsvps_get_codes_and_the_unique_keys_survive(
    empty_url: str,  # noqa: F811
) -> None:
    config = tortoise_config(empty_url)
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            executor = _Executor(context.db(), config["apps"])
            await executor.migrate(targets=[MigrationTarget("models", "0005_rsvp_waitlist")])
            columns = ("event_id, event, email, active_email, first_name, last_name, created_at, "
                       "status")
            postgres = empty_url.startswith("postgres")
            marks = ", ".join(f"${i}" if postgres else "?" for i in range(1, 9))
            stamp: object = datetime.now(UTC) if postgres else datetime.now(UTC).isoformat(" ")
            rows = [(GUEST_SLOT, "ann", "confirmed"), (GUEST_SLOT, "bo", "waitlisted"),
                    (GUEST_SLOT, "cy", "cancelled"), (TINY_SLOT, "ann", "confirmed")]
            for slot, name, status in rows:
                email = f"{name}@example.org"
                live = None if status == "cancelled" else email
                await context.db().execute_query(
                    f"INSERT INTO rsvp ({columns}) VALUES ({marks})",
                    [slot, "e", email, live, name, "L", stamp, status])
            await executor.migrate()

            migrated = await Rsvp.all().order_by("id")
            with pytest.raises(IntegrityError):
                await Rsvp.create(event_id=GUEST_SLOT, event="e", email="ann@example.org",
                                  active_email="ann@example.org", first_name="A", last_name="L")
            with pytest.raises(IntegrityError):
                await Rsvp.create(event_id=GUEST_SLOT, event="e", email="dee@example.org",
                                  active_email="dee@example.org", first_name="D", last_name="L",
                                  checkin_code=migrated[0].checkin_code)
        finally:
            await context.close_connections()

    codes = [row.checkin_code for row in migrated]
    assert codes[2] is None  # cancelled
    live = [code for code in codes if code is not None]
    assert len(live) == 3
    assert all(len(code) == 8 and set(code) <= set(ALPHABET) for code in live)
    assert codes[0] != codes[1]
