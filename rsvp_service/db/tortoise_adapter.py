"""Fixes to Tortoise ORM 1.1.9's transactions and SQLite migrations, as the database engine.

Tortoise has no documented way to choose how a transaction begins, nor hooks around BEGIN,
COMMIT or a savepoint's rollback, so these are subclasses of its private transaction classes,
plugged in through the documented `engine` of the connection config (a module with
`get_client_class`). The upstream limitations they work around:

- SQLite transactions begin DEFERRED: one that reads and then writes fails at once ("database
  is locked", without waiting for busy_timeout) if another process committed in between.
- A SQLite COMMIT that fails (a full disk) leaves the transaction open; the next BEGIN would
  commit it.
- SQLite rolls the whole transaction back itself on SQLITE_FULL; Tortoise's savepoint
  rollback then fails and hides the statement's own error.
- When BEGIN fails, Tortoise keeps SQLite's connection lock (every later query waits forever)
  or, on PostgreSQL, neither gives the pooled connection back nor resets the task's context.
- Atomic SQLite migrations are split on ';', including the ones inside table comments.
- A migration that adds a field creates no index for its `db_index`, and SQLite rebuilds a table
  for most changes (AlterField, RemoveField) without the indexes and unique keys the model
  declares: the outbox lost its two indexes that way in 0002.
- A context's connections are found only by tasks that inherit its context variables; only the
  private `_enable_global_fallback` of `TortoiseContext.init` makes them the process's too.

They rely on the private names that tests/rsvp_service/db/test_tortoise_adapter.py checks;
that test fails when Tortoise is upgraded, to have them re-read against the new version.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import Any

from tortoise.backends.asyncpg.client import AsyncpgDBClient
from tortoise.backends.asyncpg.client import TransactionWrapper as AsyncpgTransactionWrapper
from tortoise.backends.base.client import (
    BaseDBAsyncClient,
    NestedTransactionContext,
    TransactionContext,
    TransactionContextPooled,
)
from tortoise.backends.sqlite.client import (
    SqliteClient,
    SqliteTransactionContext,
    SqliteTransactionWrapper,
)
from tortoise.connection import get_connections
from tortoise.context import TortoiseContext
from tortoise.exceptions import OperationalError, TransactionManagementError
from tortoise.fields.base import Field
from tortoise.indexes import Index
from tortoise.migrations.constraints import UniqueConstraint
from tortoise.migrations.executor import MigrationExecutor
from tortoise.migrations.schema_editor.asyncpg import AsyncpgSchemaEditor
from tortoise.migrations.schema_editor.base import BaseSchemaEditor
from tortoise.migrations.schema_editor.sqlite import SqliteSchemaEditor
from tortoise.models import Model

# The Tortoise version these classes were written against (and checked by the test above).
TORTOISE_VERSION = "1.1.9"
# The `engine` of both connections in the Tortoise config: this module.
ENGINE = __name__


class _ImmediateTransaction(SqliteTransactionWrapper):
    """A Tortoise SQLite transaction that takes the write lock when it begins."""

    async def begin(self) -> None:
        # IMMEDIATE waits for the write lock up to busy_timeout before reading anything, and
        # makes every transaction (an RSVP's capacity check and counter bump included)
        # serialisable.
        try:
            await self._connection.commit()
            await self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise TransactionManagementError(exc) from exc

    def _in_transaction(self) -> TransactionContext:
        return NestedTransactionContext(_ImmediateTransaction(self))

    async def commit(self) -> None:
        # A failed COMMIT is rolled back here and its error goes on translated.
        try:
            await super().commit()
        except sqlite3.OperationalError as exc:
            if self._connection.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    await self._connection.rollback()
            raise OperationalError(exc) from exc

    async def savepoint_rollback(self) -> None:
        # With no transaction left there is no savepoint: the statement's error is the one.
        if self._connection.in_transaction:
            await super().savepoint_rollback()


class _TransactionContext(SqliteTransactionContext):
    """Tortoise's SQLite transaction context, letting go of the connection when BEGIN fails."""

    async def __aenter__(self) -> Any:
        try:
            return await super().__aenter__()
        except BaseException:
            # BEGIN failed (a database locked past busy_timeout, or read-only).
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
            # BEGIN failed (a connection the server closed): without this the pool runs dry,
            # or the task's next transaction nests into the dead one.
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
    """The client class Tortoise instantiates for a connection whose engine is this module."""
    if "file_path" in db_info["credentials"]:
        return _SqliteClient
    return _PostgresClient


class _IndexedAddField(BaseSchemaEditor):
    """A schema editor whose AddField also creates the field's `db_index`."""

    async def add_field(self, model: type[Model], field_name: str) -> None:
        await super().add_field(model, field_name)
        field = model._meta.fields_map[field_name]
        column = field.source_field or field_name
        # A foreign key's index is on its key field (`rsvp` -> `rsvp_id`).
        if model._meta.fields_map.get(column, field).index and not field.pk:
            await self.add_index(model, Index(fields=(column,)))


class _PostgresSchemaEditor(_IndexedAddField, AsyncpgSchemaEditor):
    """PostgreSQL schema editor whose AddField also creates the field's index."""


class _SqliteSchemaEditor(_IndexedAddField, SqliteSchemaEditor):
    """SQLite schema editor that keeps ';' in model docstrings from splitting statements, and
    the model's indexes and unique keys through AddField and table rebuilds."""

    # A rebuild puts back what the migration state declares, which may list an index twice
    # (AlterModelOptions and then AddIndex in 0005 and 0008), and a later AddIndex may name one
    # the rebuild already made: each is created once.
    INDEX_CREATE_TEMPLATE = SqliteSchemaEditor.INDEX_CREATE_TEMPLATE.replace(
        "CREATE INDEX", "CREATE INDEX IF NOT EXISTS")
    UNIQUE_INDEX_CREATE_TEMPLATE = SqliteSchemaEditor.UNIQUE_INDEX_CREATE_TEMPLATE.replace(
        "CREATE UNIQUE INDEX", "CREATE UNIQUE INDEX IF NOT EXISTS")

    @classmethod
    def _get_escape_translation_table(cls) -> list[str]:
        # Table comments are made from model docstrings; a comma reads the same as ';'.
        table = super()._get_escape_translation_table()
        table[ord(";")] = ","
        return table

    async def _remake_table(self, model: type[Model], create_field: Field | None = None,
                            delete_field: Field | None = None,
                            alter_fields: list[tuple[Field, Field]] | None = None) -> None:
        await super()._remake_table(model, create_field, delete_field, alter_fields)
        # The rebuilt table has its columns alone (foreign keys without UNIQUE): put back what
        # the model declares, as creating the table would, but nothing on a removed column.
        gone = (delete_field.source_field or delete_field.model_field_name) if delete_field else ""
        meta = model._meta

        def columns(names: Any) -> tuple[str, ...]:
            return tuple(self._resolve_fields_to_columns(model, list(names)))

        for name, column in meta.fields_db_projection.items():
            field = meta.fields_map[name]
            if column == gone or field.pk:
                continue
            if field.index:
                await self.add_index(model, Index(fields=(column,)))
            if field.unique and field.reference is not None:  # a one-to-one key
                await self.add_constraint(model, UniqueConstraint(fields=(column,)))
        for index in meta.indexes:
            if not isinstance(index, Index):
                index = Index(fields=columns(index))
            if gone not in columns(index.fields):
                await self.add_index(model, index)
        for unique in meta.unique_together:
            if gone not in columns(unique):
                await self.add_constraint(model, UniqueConstraint(fields=columns(unique)))


class Executor(MigrationExecutor):
    """Tortoise's migration executor, with the schema editors above."""

    def _schema_editor(self, atomic: bool = True, collect_sql: bool = False) -> BaseSchemaEditor:
        if self.connection.capabilities.dialect == "sqlite":
            return _SqliteSchemaEditor(self.connection, atomic=atomic, collect_sql=collect_sql)
        return _PostgresSchemaEditor(self.connection, atomic=atomic, collect_sql=collect_sql)


async def start_context(config: dict[str, Any]) -> TortoiseContext:
    """Open a Tortoise context on `config`, found by every task of the process."""
    context = TortoiseContext()
    with context:
        # Requests run in tasks that do not inherit the lifespan's context variables, so the
        # context is also registered as Tortoise's process-wide fallback (a private parameter).
        await context.init(config=config, _enable_global_fallback=True)
    return context
