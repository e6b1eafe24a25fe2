"""The benchmark's own databases: a SQLite file or the PostgreSQL database `bench`."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

PG_ADMIN = "postgres://postgres@127.0.0.1:5432/test"
PG_BENCH = "postgres://postgres@127.0.0.1:5432/bench"
RSVP_COLUMNS = ("slot_id", "event", "email", "first_name", "last_name", "created_at",
                "active_email")


SeedRow = tuple[str, str, str, str, str, datetime, str]


def _seed_rows(slot: str, event: str, prefix: str, start: int, stop: int) -> list[SeedRow]:
    now = datetime.now(UTC)
    # active_email: a live (not cancelled) RSVP keeps its address in the unique key.
    return [(slot, event, f"{prefix}-{i}@seed.example.org", "Seed", "Row", now,
             f"{prefix}-{i}@seed.example.org") for i in range(start, stop)]


class SqliteDb:
    """A SQLite file under the scratch folder."""

    label = "SQLite"

    def __init__(self, folder: Path) -> None:
        self.path = folder / "bench.sqlite3"
        self.url = f"sqlite://{self.path}"

    def create(self) -> None:
        """Start from an empty file (the service's migration creates the tables)."""
        for suffix in ("", "-wal", "-shm"):
            Path(f"{self.path}{suffix}").unlink(missing_ok=True)

    def drop(self) -> None:
        """Nothing to do: the scratch folder goes away at the end of the run."""

    def seed(self, slot: str, event: str, prefix: str, start: int, stop: int) -> None:
        """Insert RSVPs numbered start..stop-1 and keep the slot's counter in step."""
        # Written the way Tortoise's SQLite backend stores datetimes.
        rows = [(*r[:5], r[5].isoformat(" "), r[6])
                for r in _seed_rows(slot, event, prefix, start, stop)]
        with sqlite3.connect(self.path) as db:
            db.executemany(f"INSERT INTO rsvp ({', '.join(RSVP_COLUMNS)}) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            db.execute("INSERT INTO rsvp_slot_count (slot_id, count) VALUES (?, ?) ON CONFLICT "
                       "(slot_id) DO UPDATE SET count = rsvp_slot_count.count + excluded.count",
                       (slot, len(rows)))
        db.close()

    def count(self, slot: str, email_like: str = "%") -> int:
        """Rows of a slot whose email matches a LIKE pattern."""
        with sqlite3.connect(self.path) as db:
            found = db.execute("SELECT COUNT(*) FROM rsvp WHERE slot_id = ? AND email LIKE ?",
                               (slot, email_like)).fetchone()[0]
        db.close()
        return int(found)


class PostgresDb:
    """The database `bench` on the shared server, created and dropped by the benchmark."""

    label = "PostgreSQL"
    url = PG_BENCH

    @staticmethod
    async def _admin(sql: str) -> None:
        conn = await asyncpg.connect(PG_ADMIN)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def create(self) -> None:
        """Drop what a killed earlier run left, then create an empty database."""
        asyncio.run(self._admin("DROP DATABASE IF EXISTS bench WITH (FORCE)"))
        asyncio.run(self._admin("CREATE DATABASE bench"))

    def drop(self) -> None:
        """Remove the database and every connection still open to it."""
        asyncio.run(self._admin("DROP DATABASE IF EXISTS bench WITH (FORCE)"))

    def seed(self, slot: str, event: str, prefix: str, start: int, stop: int) -> None:
        """Insert RSVPs numbered start..stop-1 with COPY and keep the slot's counter in step."""

        async def go() -> None:
            conn = await asyncpg.connect(self.url)
            try:
                async with conn.transaction():
                    await conn.copy_records_to_table(
                        "rsvp", records=_seed_rows(slot, event, prefix, start, stop),
                        columns=list(RSVP_COLUMNS))
                    await conn.execute(
                        "INSERT INTO rsvp_slot_count (slot_id, count) VALUES ($1, $2) ON CONFLICT "
                        "(slot_id) DO UPDATE SET count = rsvp_slot_count.count + excluded.count",
                        slot, stop - start)
            finally:
                await conn.close()

        asyncio.run(go())

    def count(self, slot: str, email_like: str = "%") -> int:
        """Rows of a slot whose email matches a LIKE pattern."""

        async def go() -> int:
            conn = await asyncpg.connect(self.url)
            try:
                return int(await conn.fetchval(
                    "SELECT COUNT(*) FROM rsvp WHERE slot_id = $1 AND email LIKE $2",
                    slot, email_like))
            finally:
                await conn.close()

        return asyncio.run(go())
