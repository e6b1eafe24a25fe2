"""The Tortoise adapter still fits the Tortoise it was written for, and is the engine in use."""

from __future__ import annotations

import hashlib
import inspect
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tortoise
from tortoise.backends.asyncpg.client import AsyncpgDBClient
from tortoise.backends.base.client import TransactionContextPooled
from tortoise.backends.base_postgres.client import BasePostgresClient
from tortoise.backends.sqlite.client import (
    SqliteClient,
    SqliteTransactionContext,
    SqliteTransactionWrapper,
)
from tortoise.context import TortoiseContext
from tortoise.migrations.executor import MigrationExecutor
from tortoise.migrations.schema_editor.base import BaseSchemaEditor
from tortoise.migrations.schema_editor.sqlite import SqliteSchemaEditor
from tortoise.transactions import in_transaction

from rsvp_service.db import tortoise_adapter
from rsvp_service.db.connection import tortoise_config

RECHECK = (
    "rsvp_service/db/tortoise_adapter.py subclasses Tortoise's private transaction and migration "
    "classes. Re-read each Tortoise function named here against the adapter's overrides (and "
    "drop any workaround the new version makes unnecessary), then update this test."
)

# The source of every Tortoise function the adapter overrides, copies or relies on, as written
# in TORTOISE_VERSION (sha-256, first 16 hex digits).
TOUCHED: dict[Callable[..., Any], str] = {
    SqliteClient.__init__: "dd94772f4d8f0ed0",  # sets _lock
    SqliteClient._in_transaction: "f40b90ec19d27e53",
    SqliteTransactionWrapper.__init__: "3b4727c9f966ecb8",  # sets _connection, _parent
    SqliteTransactionWrapper.begin: "f2754f0a93e703cd",
    SqliteTransactionWrapper.commit: "bc1dfe2c27cad563",
    SqliteTransactionWrapper.savepoint_rollback: "debb9822a22b513a",
    SqliteTransactionWrapper._in_transaction: "98781111d29e53e2",
    SqliteTransactionContext.__init__: "bd3e7a8147793b2d",  # sets _trxlock
    SqliteTransactionContext.__aenter__: "0fb0ed89e66c8595",  # sets token, takes _trxlock
    TransactionContextPooled.__init__: "8d11de0c8799b57b",
    TransactionContextPooled.ensure_connection: "2e598da5b312d774",
    TransactionContextPooled.__aenter__: "aab85fd1e6ac5f6d",  # copied by the adapter
    TransactionContextPooled.__aexit__: "887994b45c7c1fbf",
    BasePostgresClient.__init__: "4417f6cbb896c3ac",  # sets _pool, _pool_init_lock
    AsyncpgDBClient._in_transaction: "9aeeb141c6ff864d",
    SqliteSchemaEditor._get_escape_translation_table: "db55a7dba2ed0ea8",
    SqliteSchemaEditor._remake_table: "790cdd279367adf9",  # rebuilds without the indexes
    SqliteSchemaEditor.add_field: "5189cf98cc6ce031",  # no index for db_index
    BaseSchemaEditor.add_field: "7b34ef6975b340c2",  # no index for db_index
    BaseSchemaEditor.add_index: "4a00cfe7fa4f2cd6",
    BaseSchemaEditor._resolve_fields_to_columns: "3aac91323824b5fb",
    SqliteSchemaEditor.add_constraint: "1a2f1ec2f9223954",  # a unique key as a UNIQUE INDEX
    MigrationExecutor._schema_editor: "62f047c88f2c2115",
    TortoiseContext.init: "5e4e462e224489a8",  # _enable_global_fallback (start_context)
}


def fingerprint(function: Callable[..., Any]) -> str:
    """The first 16 hex digits of the sha-256 of a function's source."""
    return hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]


def test_tortoise_is_the_version_the_adapter_was_written_for() -> None:
    assert tortoise.__version__ == tortoise_adapter.TORTOISE_VERSION, (
        f"Tortoise is {tortoise.__version__}, the adapter was written for "
        f"{tortoise_adapter.TORTOISE_VERSION}. {RECHECK}")


@pytest.mark.parametrize("function", list(TOUCHED), ids=lambda f: f.__qualname__)
def test_the_tortoise_functions_the_adapter_touches_are_unchanged(
    function: Callable[..., Any],
) -> None:
    assert fingerprint(function) == TOUCHED[function], (
        f"Tortoise's {function.__module__}.{function.__qualname__} changed. {RECHECK}")


def test_sqlite_indexes_are_created_only_if_not_there_yet() -> None:
    editor = tortoise_adapter._SqliteSchemaEditor
    assert editor.INDEX_CREATE_TEMPLATE.startswith('CREATE INDEX IF NOT EXISTS "'), RECHECK
    assert editor.UNIQUE_INDEX_CREATE_TEMPLATE.startswith(
        'CREATE UNIQUE INDEX IF NOT EXISTS "'), RECHECK


def test_the_private_attributes_the_adapter_uses_exist() -> None:
    client = SqliteClient(file_path=":memory:", connection_name="probe")
    wrapper = SqliteTransactionWrapper(client)
    context = SqliteTransactionContext(wrapper, client._lock)
    postgres = AsyncpgDBClient(
        user="u", password="", database="d", host="h", port=5432, connection_name="probe")

    missing = [name for owner, name in [
        (client, "_lock"), (wrapper, "_connection"), (wrapper, "_parent"),
        (wrapper, "_finalized"), (context, "_trxlock"), (postgres, "_pool"),
        (postgres, "_pool_init_lock")] if not hasattr(owner, name)]
    assert "token" in SqliteTransactionContext.__slots__, RECHECK
    assert "token" in TransactionContextPooled.__slots__, RECHECK
    assert missing == [], f"Tortoise no longer has {missing}. {RECHECK}"


async def test_sqlite_transactions_take_the_write_lock_when_they_begin(tmp_path: Path) -> None:
    url = f"sqlite://{tmp_path / 'lock.sqlite3'}"
    context = TortoiseContext()
    with context:
        await context.init(config=tortoise_config(url), _enable_global_fallback=False)
        try:
            async with in_transaction():
                other = sqlite3.connect(tmp_path / "lock.sqlite3", timeout=0)
                try:
                    # Nothing was written yet: only BEGIN IMMEDIATE holds the lock already.
                    with pytest.raises(sqlite3.OperationalError, match="locked"):
                        other.execute("BEGIN IMMEDIATE")
                finally:
                    other.close()
        finally:
            await context.close_connections()
