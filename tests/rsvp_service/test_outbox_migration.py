"""Migration 0003 on an outbox written by the previous version: nothing is lost silently."""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import asyncpg
import pytest
from service_testkit import GUEST_SLOT, TEST_DATABASE_URL
from tortoise.context import TortoiseContext
from tortoise.migrations.executor import MigrationTarget

from rsvp_service.db import _Executor, tortoise_config
from rsvp_service.models import OutboxMessage

OLD_CONFIRMATION = {
    "slot": {"id": GUEST_SLOT, "title": "Forest Park Cleanup"},
    "email": "ann@example.org",
    "first_name": "Ann",
    "last_name": "Lee",
    "stamp": "2025-04-01T12:00:00+00:00",
}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
async def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """A database with no tables yet: a new SQLite file or a new PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite://{tmp_path / 'old.sqlite3'}"
        return
    name = f"civicstl_migration_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(TEST_DATABASE_URL)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
        yield TEST_DATABASE_URL.rsplit("/", 1)[0] + f"/{name}"
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


async def test_old_outbox_rows_are_kept_or_parked_with_a_reason(empty_url: str) -> None:
    config = tortoise_config(empty_url)
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            executor = _Executor(context.db(), config["apps"])
            await executor.migrate(targets=[MigrationTarget("models", "0002_outbox_deferred")])
            now = datetime.now(UTC)
            columns = "created_at, recipient, subject, kind, message, payload, next_attempt_at"
            if empty_url.startswith("postgres"):
                stamp: object = now
                insert = (f"INSERT INTO mail_outbox ({columns}, attempts) "
                          "VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, 0)")
            else:
                stamp = now.isoformat(" ")
                insert = (f"INSERT INTO mail_outbox ({columns}, attempts) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?, 0)")
            old_rows = [
                ("raw", b"Subject: hi\r\n\r\nbody", None),
                ("rsvp_confirmation", None, json.dumps(OLD_CONFIRMATION)),
            ]
            for kind, message, payload in old_rows:
                values = [stamp, "ann@example.org", "Hi", kind, message, payload, stamp]
                await context.db().execute_query(insert, values)
            await executor.migrate()

            parked, confirmation = await OutboxMessage.all().order_by("id")
        finally:
            await context.close_connections()

    assert parked.dead_at is not None and parked.next_attempt_at is None
    assert parked.last_error is not None and "cannot rebuild" in parked.last_error
    assert confirmation.dead_at is None and confirmation.next_attempt_at is not None
    assert confirmation.payload == {"slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee"}
