"""Whether the database can be written: before migrating (a quick probe) and after (a row)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
from tortoise.exceptions import BaseORMException
from tortoise.migrations.recorder import MigrationRecorder
from tortoise.transactions import in_transaction

from rsvp_service.settings import Settings


def sqlite_path(database_url: str) -> str:
    """The file of a sqlite:// URL (or :memory:)."""
    return database_url.removeprefix("sqlite://").split("?", 1)[0]


def _where(settings: Settings) -> str:
    """The database named for a log line: its file, or its name and server (no password)."""
    if settings.is_sqlite:
        return str(Path(sqlite_path(settings.database_url)).resolve())
    url = urlsplit(settings.database_url)
    return f"{url.path.lstrip('/')} on {url.hostname}:{url.port or 5432}"


class DatabaseNotWritable(Exception):
    """The database cannot be written; the message says why in one sentence."""

    def __init__(self, settings: Settings, exc: BaseException) -> None:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        remedy = (
            "Let the service write the file and create files in its folder (and free some "
            "space)" if settings.is_sqlite else
            "Point it at a read-write server and database the service may write (with free "
            "space)"
        )
        super().__init__(
            f"The database {_where(settings)} (DATABASE_URL) cannot be written: {reason}. "
            f"{remedy}, and start again."
        )


class _ReadOnlyServer(Exception):
    """The PostgreSQL server takes read-only transactions only."""


def _probe_sqlite(path: str, lock_timeout: float) -> None:
    connection = sqlite3.connect(path, timeout=lock_timeout, isolation_level=None)
    try:
        # Takes the write lock and writes the schema; needs the file and, for the journal,
        # its folder writable.
        connection.execute("BEGIN IMMEDIATE")
        connection.execute("CREATE TABLE civicstl_write_probe (x INTEGER)")
        connection.execute("ROLLBACK")
    finally:
        connection.close()


async def _probe_postgres(database_url: str, lock_timeout: float) -> None:
    connection = await asyncpg.connect(database_url, timeout=lock_timeout)
    try:
        if await connection.fetchval("SHOW transaction_read_only") == "on":
            raise _ReadOnlyServer(
                "the server takes read-only transactions only (default_transaction_read_only, "
                "or a standby)")
    finally:
        await connection.close()


async def probe_writable(settings: Settings) -> None:
    """Raise DatabaseNotWritable, before any migration, if the database refuses to be written.

    Tortoise's migrations wait forever on a SQLite file they cannot write.
    """
    try:
        if not settings.is_sqlite:
            await _probe_postgres(settings.database_url, settings.database_lock_timeout_seconds)
        elif sqlite_path(settings.database_url) != ":memory:":
            await asyncio.to_thread(_probe_sqlite, sqlite_path(settings.database_url),
                                    settings.database_lock_timeout_seconds)
    except (sqlite3.Error, asyncpg.PostgresError, _ReadOnlyServer, OSError) as exc:
        raise DatabaseNotWritable(settings, exc) from None


class _ProbeDone(Exception):
    """Ends the write probe's transaction by rolling it back."""


async def check_writable(settings: Settings) -> None:
    """Write a row and roll it back, raising DatabaseNotWritable if the database refuses."""
    try:
        async with in_transaction() as connection:
            # The migrations' own table: the one table this package owns in every database.
            await MigrationRecorder(connection).record_applied("(write probe)", "(write probe)")
            raise _ProbeDone
    except _ProbeDone:
        return
    except (BaseORMException, sqlite3.Error, asyncpg.PostgresError, OSError) as exc:
        raise DatabaseNotWritable(settings, exc) from None
