"""An in-process app for the service tests: its lifespan run from empty tables, and an httpx
client that calls it (the `app`, `client` and `make_client` fixtures of conftest.py use them)."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import httpx
from starlette.applications import Starlette
from tortoise.context import get_current_context


async def empty_tables() -> None:
    """Delete every row of every model table in the active Tortoise context."""
    context = get_current_context()
    assert context is not None and context.apps is not None
    connection = context.db()
    tables = [model._meta.db_table for model in context.apps.get_models_iterable()]
    if connection.capabilities.dialect == "postgres":
        await connection.execute_script(
            "TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " RESTART IDENTITY CASCADE"
        )
    else:
        # One transaction: one commit instead of one per table.
        await connection.execute_script(
            "BEGIN IMMEDIATE; " + "".join(f'DELETE FROM "{t}"; ' for t in tables) + "COMMIT;"
        )


def _drop_queued_sqlite_mail(path: Path) -> None:
    if path.exists():
        with sqlite3.connect(path) as db:
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'mail_outbox'").fetchone():
                db.execute("DELETE FROM mail_outbox")
        db.close()


async def _drop_queued_mail(url: str) -> None:
    """Delete the outbox rows of earlier tests (if the database has an outbox yet)."""
    if url.startswith("sqlite://"):
        _drop_queued_sqlite_mail(Path(url.removeprefix("sqlite://").split("?", 1)[0]))
        return
    connection = await asyncpg.connect(url)
    try:
        await connection.execute(
            "DO $$ BEGIN IF to_regclass('mail_outbox') IS NOT NULL THEN "
            "DELETE FROM mail_outbox; END IF; END $$")
    finally:
        await connection.close()


@asynccontextmanager
async def running(app: Starlette, *, fresh: bool = True) -> AsyncIterator[Starlette]:
    """Run the app's lifespan around the block, starting from empty tables when `fresh`."""
    if fresh:
        # The app's mail sender starts with the lifespan and would deliver an earlier test's
        # unsent mail to this test's SMTP server before the tables below are emptied.
        await _drop_queued_mail(app.state.settings.database_url)
    async with app.router.lifespan_context(app):
        if fresh:
            await empty_tables()
        yield app


def client_for(app: Starlette, peer: str = "127.0.0.1") -> httpx.AsyncClient:
    """An httpx client that calls the app in-process from `peer` (server errors become 500s)."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False, client=(peer, 123))
    return httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000")
