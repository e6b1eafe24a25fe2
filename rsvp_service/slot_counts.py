"""Per-slot RSVP counters, so counting is one indexed read however many RSVPs exist."""

from __future__ import annotations

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.models import SlotCount


def _placeholders(connection: BaseDBAsyncClient, count: int) -> list[str]:
    if connection.capabilities.dialect == "postgres":
        return [f"${index}" for index in range(1, count + 1)]
    return ["?"] * count


async def increment_slot_count(
    connection: BaseDBAsyncClient, slot_id: str, capacity: int | None
) -> bool:
    """Add one to the slot's counter in the caller's transaction; False when it is full.

    A single upsert both creates the row and increments it, and under a capacity the
    `WHERE` makes the check and the increment one atomic step.
    """
    first, second = _placeholders(connection, 2)
    sql = (
        f"INSERT INTO rsvp_slot_count (slot_id, count) VALUES ({first}, 1) "  # noqa: S608
        "ON CONFLICT (slot_id) DO UPDATE SET count = rsvp_slot_count.count + 1"
    )
    values: list[object] = [slot_id]
    if capacity is not None:
        sql += f" WHERE rsvp_slot_count.count < {second}"
        values.append(capacity)
    # RETURNING tells "incremented" from "full" the same way on both databases.
    rows = await connection.execute_query_dict(sql + " RETURNING count", values)
    return bool(rows)


async def event_count(slot_ids: list[str]) -> int:
    """Return the number of RSVPs over the given slots (one counter row each)."""
    connection = SlotCount._meta.db
    marks = ", ".join(_placeholders(connection, len(slot_ids)))
    # Plain SQL: this is the hottest read, and building an ORM query costs more than running it.
    sql = f"SELECT count FROM rsvp_slot_count WHERE slot_id IN ({marks})"  # noqa: S608
    rows = await connection.execute_query_dict(sql, list(slot_ids))
    return sum(int(row["count"]) for row in rows)
