"""Tortoise ORM configuration, start-up (with migrations) and shutdown."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import asyncpg
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.context import TortoiseContext

from rsvp_service.db.check import check_writable, probe_writable, sqlite_path
from rsvp_service.db.tortoise_adapter import ENGINE, Executor, start_context
from rsvp_service.settings import Settings

APP_LABEL = "models"
MODEL_MODULES = [
    "rsvp_service.rsvps.models", "rsvp_service.accounts.models", "rsvp_service.organize.models",
    "rsvp_service.follows.models", "rsvp_service.consent.models", "rsvp_service.mail.models",
    "rsvp_service.outside_hours.models"]
MIGRATIONS_MODULE = "rsvp_service.db.migrations"
# Any constant works; it only has to be the same in every process of the service.
MIGRATION_LOCK_ID = 727_2025


def tortoise_config(
    database_url: str,
    lock_timeout: float = Settings.model_fields["database_lock_timeout_seconds"].default,
) -> dict[str, Any]:
    """Return the Tortoise config dict for a database URL (one app holds every model), whose
    writes wait `lock_timeout` seconds at most for a lock another process holds."""
    # Tortoise caches compiled queries per connection name, so naming the connection after
    # its dialect keeps SQLite and PostgreSQL apps in one process (the tests) from mixing.
    connection = "sqlite" if database_url.startswith("sqlite") else "postgres"
    target = expand_db_url(database_url)
    # Tortoise's clients with the transaction fixes of tortoise_adapter.
    target["engine"] = ENGINE
    if connection == "sqlite":
        # FULL syncs the WAL at every commit, so an acknowledged RSVP survives a power cut
        # too (NORMAL could lose the last commits). A URL parameter (?synchronous=) still wins.
        target["credentials"].setdefault("synchronous", "FULL")
        # Past it, "database is locked": a 503 rather than a request hanging on another
        # process's transaction. A URL parameter (?busy_timeout=, in ms) still wins.
        target["credentials"].setdefault("busy_timeout", round(lock_timeout * 1000))
    else:
        settings = target["credentials"].setdefault("server_settings", {})
        settings.setdefault("lock_timeout", f"{round(lock_timeout * 1000)}ms")
    return {
        "connections": {connection: target},
        "apps": {
            APP_LABEL: {
                "models": MODEL_MODULES,
                "migrations": MIGRATIONS_MODULE,
                "default_connection": connection,
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


def __getattr__(name: str) -> Any:
    """Expose TORTOISE_ORM lazily for the `tortoise` CLI
    (`-c rsvp_service.db.connection.TORTOISE_ORM`)."""
    if name == "TORTOISE_ORM":
        # Computed on access so importing this module never reads the environment.
        return tortoise_config(os.environ.get("DATABASE_URL", Settings.model_fields[
            "database_url"].default))
    raise AttributeError(name)


def _ensure_sqlite_folder(database_url: str) -> None:
    path = sqlite_path(database_url)
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)


async def open_database(settings: Settings) -> TortoiseContext:
    """Check the database can be written, connect, apply pending migrations, check again (a
    row this time); return the context."""
    if settings.is_sqlite:
        _ensure_sqlite_folder(settings.database_url)
    await probe_writable(settings)
    ctx = await start_context(
        tortoise_config(settings.database_url, settings.database_lock_timeout_seconds))
    with ctx:
        try:
            await apply_migrations(ctx, settings)
            await check_writable(settings)
        except BaseException:
            await ctx.close_connections()
            raise
    return ctx


async def apply_migrations(ctx: TortoiseContext, settings: Settings) -> None:
    """Apply every pending migration, serialised across processes on PostgreSQL."""
    app_config = tortoise_config(settings.database_url)["apps"]
    executor = Executor(ctx.db(), app_config)
    if settings.is_sqlite:
        await executor.migrate()
        return
    # Two service processes starting together must not both create the tables.
    lock_conn = await asyncpg.connect(settings.database_url)
    try:
        await lock_conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK_ID)
        await executor.migrate()
    finally:
        await lock_conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK_ID)
        await lock_conn.close()


async def close_database(ctx: TortoiseContext) -> None:
    """Close every connection the context opened."""
    await ctx.close_connections()
