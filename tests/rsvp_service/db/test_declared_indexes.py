"""Every index and unique key the models declare is in a migrated database, on both kinds.

Tortoise 1.1.9 creates none for a field added with `db_index`, and SQLite's table rebuilds drop
them (and a one-to-one key's UNIQUE): the adapter (rsvp_service/db/tortoise_adapter.py) keeps
them, and migration 0012 repairs the databases that lost them.
"""

from __future__ import annotations

from pathlib import Path

from migration_testkit import OldSchema, old_schema
from tortoise import Tortoise

from rsvp_service.db import tortoise_adapter

Key = tuple[str, tuple[str, ...]]
OUTBOX_INDEXES = ("idx_mail_outbox_next_at_29458a", "idx_mail_outbox_sent_at_bbefc8",
                  "idx_mail_outbox_dead_at_3357ba")


def declared() -> set[Key]:
    """(table, columns) of every index and unique key the models declare."""
    keys: set[Key] = set()
    for model in Tortoise.apps["models"].values():
        meta = model._meta
        table = meta.db_table
        for name, column in meta.fields_db_projection.items():
            field = meta.fields_map[name]
            if (field.index or field.unique) and not field.pk:
                keys.add((table, (column,)))
        for index in meta.indexes:
            keys.add((table, tuple(getattr(index, "fields", index))))
        for unique in meta.unique_together:
            keys.add((table, tuple(meta.fields_map[f].source_field or f for f in unique)))
    return keys


async def present(old: OldSchema) -> set[Key]:
    """(table, columns) of every index in the database."""
    if old.postgres:
        _, rows = await old.db.execute_query(
            "SELECT t.relname AS tbl, array_agg(a.attname ORDER BY k.n) AS cols "
            "FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid "
            "JOIN pg_namespace s ON s.oid = t.relnamespace AND s.nspname = 'public' "
            "CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) "
            "JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum "
            "GROUP BY i.indexrelid, t.relname")
        return {(row["tbl"], tuple(row["cols"])) for row in rows}
    keys: set[Key] = set()
    _, tables = await old.db.execute_query("SELECT name FROM sqlite_master WHERE type='table'")
    for table in (row["name"] for row in tables):
        _, indexes = await old.db.execute_query(f'PRAGMA index_list("{table}")')
        for index in indexes:
            _, columns = await old.db.execute_query(f'PRAGMA index_info("{index["name"]}")')
            keys.add((table, tuple(c["name"] for c in sorted(columns, key=lambda c: c["seqno"]))))
    return keys


async def test_a_new_database_has_every_declared_index(empty_url: str) -> None:
    async with old_schema(empty_url, "0001_initial") as old:
        await old.migrate_rest()

        wanted = declared()
        missing = wanted - await present(old)

    assert {("mail_outbox", ("next_attempt_at",)), ("rsvp", ("slot_id", "active_email")),
            ("guardian_consent", ("rsvp_id",)), ("users", ("email",))} <= wanted
    assert missing == set(), f"Declared in the models, missing in the database: {missing}"


async def test_0012_gives_a_database_without_the_outbox_indexes_its_indexes(
    empty_url: str,
) -> None:
    async with old_schema(empty_url, "0011_guardian_consent") as old:
        # As every SQLite database migrated before the adapter kept them (and dead_at's on both).
        for name in OUTBOX_INDEXES:
            await old.db.execute_script(f'DROP INDEX IF EXISTS "{name}"')
        before = await present(old)
        await old.migrate_rest()
        after = await present(old)

    outbox = {("mail_outbox", (c,)) for c in ("next_attempt_at", "sent_at", "dead_at")}
    assert outbox.isdisjoint(before)
    assert outbox <= after
    assert ("guardian_consent", ("rsvp_id",)) in after - before
    assert ("guardian_consent", ("expires_at",)) in before & after


async def test_a_sqlite_table_rebuild_keeps_every_index_and_unique_key(tmp_path: Path) -> None:
    async with old_schema(f"sqlite://{tmp_path / 'db.sqlite3'}", "0001_initial") as old:
        await old.migrate_rest()
        before = await present(old)
        # What AlterField and RemoveField do on SQLite, to every table, twice (the second finds
        # what the first put back).
        editor = tortoise_adapter._SqliteSchemaEditor(old.db, atomic=True)
        for _ in range(2):
            for model in Tortoise.apps["models"].values():
                await editor._remake_table(model)
        after = await present(old)

    assert ("attendance", ("rsvp_id",)) in after  # a one-to-one key, rebuilt without UNIQUE
    assert after == before
