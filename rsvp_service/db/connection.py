"""Tortoise ORM configuration, start-up (with migrations) and shutdown."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
from tortoise.backends.asyncpg.client import AsyncpgDBClient
from tortoise.backends.asyncpg.client import TransactionWrapper as AsyncpgTransactionWrapper
from tortoise.backends.base.client import (
    BaseDBAsyncClient,
    NestedTransactionContext,
    TransactionContext,
    TransactionContextPooled,
)
from tortoise.backends.base.config_generator import expand_db_url
from tortoise.backends.sqlite.client import (
    SqliteClient,
    SqliteTransactionContext,
    SqliteTransactionWrapper,
)
from tortoise.connection import get_connections
from tortoise.context import TortoiseContext
from tortoise.exceptions import OperationalError, TransactionManagementError
from tortoise.migrations.executor import MigrationExecutor
from tortoise.migrations.schema_editor.base import BaseSchemaEditor
from tortoise.migrations.schema_editor.sqlite import SqliteSchemaEditor

from rsvp_service.db.check import check_writable, probe_writable, sqlite_path
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

APP_LABEL = "models"
MODEL_MODULES = [
    "rsvp_service.rsvps.models", "rsvp_service.accounts.models", "rsvp_service.organize.models"]
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
    # This module's get_client_class: Tortoise's clients with the transaction fixes below.
    target["engine"] = __name__
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


class _ImmediateTransaction(SqliteTransactionWrapper):
    """A Tortoise SQLite transaction that takes the write lock when it begins."""

    async def begin(self) -> None:
        # A deferred transaction that reads and then writes fails at once ("database is
        # locked", without waiting) if another process committed in between. IMMEDIATE waits
        # for the lock up to busy_timeout instead, before reading anything, and makes every
        # transaction (an RSVP's capacity check and counter bump included) serialisable.
        try:
            await self._connection.commit()
            await self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise TransactionManagementError(exc) from exc

    def _in_transaction(self) -> TransactionContext:
        return NestedTransactionContext(_ImmediateTransaction(self))

    async def commit(self) -> None:
        # A COMMIT that fails (a full disk) may leave the transaction open; the next BEGIN
        # would then commit it, so it is rolled back here and the error goes on translated.
        try:
            await super().commit()
        except sqlite3.OperationalError as exc:
            if self._connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    await self._connection.rollback()
            raise OperationalError(exc) from exc

    async def savepoint_rollback(self) -> None:
        # SQLite rolls the whole transaction back itself on some errors (SQLITE_FULL): then
        # there is no savepoint left, and the statement's own error is the one to report.
        if self._connection.in_transaction:
            await super().savepoint_rollback()


class _TransactionContext(SqliteTransactionContext):
    """Tortoise's SQLite transaction context, letting go of the connection when BEGIN fails."""

    async def __aenter__(self) -> Any:
        try:
            return await super().__aenter__()
        except BaseException:
            # Tortoise 1.1.9 keeps the connection's lock when BEGIN fails (a database locked
            # past busy_timeout, or read-only), and every later query then waits forever.
            token = getattr(self, "token", None)
            if token is not None:
                get_connections().reset(token)
            if self._trxlock.locked():
                self._trxlock.release()
            raise


class _SqliteClient(SqliteClient):
    """Tortoise's SQLite client with IMMEDIATE transactions."""

    def _in_transaction(self) -> TransactionContext:
        return _TransactionContext(_ImmediateTransaction(self), self._lock)


class _PooledTransactionContext(TransactionContextPooled):
    """Tortoise's PostgreSQL transaction context, giving the connection back when BEGIN fails."""

    async def __aenter__(self) -> Any:
        await self.ensure_connection()
        pool = self.client._parent._pool
        self.client._connection = await pool.acquire()
        self.token = get_connections().set(self.connection_name, self.client)
        try:
            await self.client.begin()
        except BaseException:
            # Tortoise 1.1.9 neither releases the connection nor resets the context when
            # BEGIN fails (a connection the server closed): the pool then runs dry, or the
            # task's next transaction nests into the dead one.
            get_connections().reset(self.token)
            with contextlib.suppress(Exception):
                await pool.release(self.client._connection)
            raise
        return self.client


class _PostgresClient(AsyncpgDBClient):
    """Tortoise's asyncpg client whose transactions let go of a connection that failed."""

    def _in_transaction(self) -> TransactionContext:
        return _PooledTransactionContext(AsyncpgTransactionWrapper(self), self._pool_init_lock)


def get_client_class(db_info: dict[str, Any]) -> type[BaseDBAsyncClient]:
    """The client class for Tortoise (this module is the engine of both connections)."""
    if "file_path" in db_info["credentials"]:
        return _SqliteClient
    return _PostgresClient


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
    ctx = TortoiseContext()
    with ctx:
        # Requests run in tasks that do not inherit the lifespan's context variables, so the
        # context is also registered as Tortoise's process-wide fallback.
        await ctx.init(
            config=tortoise_config(settings.database_url, settings.database_lock_timeout_seconds),
            _enable_global_fallback=True,
        )
        try:
            await apply_migrations(ctx, settings)
            await check_writable(settings)
        except BaseException:
            await ctx.close_connections()
            raise
    return ctx


class _SqliteSchemaEditor(SqliteSchemaEditor):
    """SQLite schema editor that keeps ';' in model docstrings from splitting statements."""

    @classmethod
    def _get_escape_translation_table(cls) -> list[str]:
        # Tortoise 1.1.9 splits atomic SQLite migrations on ';', including the ones inside
        # /* table comments */ made from model docstrings; a comma reads the same.
        table = super()._get_escape_translation_table()
        table[ord(";")] = ","
        return table


class _Executor(MigrationExecutor):
    """Migration executor using the SQLite schema editor above."""

    def _schema_editor(self, atomic: bool = True, collect_sql: bool = False) -> BaseSchemaEditor:
        if self.connection.capabilities.dialect == "sqlite":
            return _SqliteSchemaEditor(self.connection, atomic=atomic, collect_sql=collect_sql)
        return super()._schema_editor(atomic=atomic, collect_sql=collect_sql)


async def apply_migrations(ctx: TortoiseContext, settings: Settings) -> None:
    """Apply every pending migration, serialised across processes on PostgreSQL."""
    app_config = tortoise_config(settings.database_url)["apps"]
    executor = _Executor(ctx.db(), app_config)
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
