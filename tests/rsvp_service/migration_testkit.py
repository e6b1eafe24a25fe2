"""A database at a past schema version, for the migration tests: write rows the way that
version did, then apply the migrations that follow."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.context import TortoiseContext
from tortoise.migrations.executor import MigrationTarget

from rsvp_service.db.connection import tortoise_config
from rsvp_service.db.tortoise_adapter import Executor


class OldSchema:
    """A database migrated up to one past migration, with the models of today bound to it."""

    def __init__(self, url: str, db: BaseDBAsyncClient, executor: Executor) -> None:
        self.postgres = url.startswith("postgres")
        self.db = db
        self._executor = executor

    def stamp(self, moment: datetime) -> object:
        """A datetime as the database stores it (Tortoise keeps ISO text on SQLite)."""
        return moment if self.postgres else moment.isoformat(" ")

    async def insert(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[object]],
                     casts: Mapping[str, str] | None = None) -> None:
        """Insert rows with plain SQL; `casts` names a PostgreSQL type for some columns."""
        casts = casts or {}
        marks = ", ".join(
            (f"${n}" + (f"::{casts[column]}" if column in casts else "")) if self.postgres
            else "?" for n, column in enumerate(columns, 1))
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"
        for row in rows:
            await self.db.execute_query(sql, list(row))

    async def migrate_rest(self) -> None:
        """Apply every migration after the one the schema is at."""
        await self._executor.migrate()


@asynccontextmanager
async def old_schema(url: str, migration: str) -> AsyncIterator[OldSchema]:
    """Open the empty database at `url` migrated up to `migration` (e.g. "0004_password_reset")."""
    config = tortoise_config(url)
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            executor = Executor(context.db(), config["apps"])
            await executor.migrate(targets=[MigrationTarget("models", migration)])
            yield OldSchema(url, context.db(), executor)
        finally:
            await context.close_connections()
