"""The RSVP store: outcomes, atomic capacity and all-or-nothing writes, on both databases."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial

import pytest
from service_testkit import GUEST_SLOT, TINY_SLOT, eventually, new_rsvp, query_rows
from starlette.applications import Starlette
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.context import get_current_context
from tortoise.exceptions import OperationalError
from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from rsvp_service.db import commit_group
from rsvp_service.db.connection import tortoise_config
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.models import Rsvp, SlotCount
from rsvp_service.rsvps.store import NewRsvp, Outcome, add_rsvp, count_rsvps


async def waits_for_a_lock(url: str) -> bool:
    """Whether a transaction waits for one that holds a lock: a row's on PostgreSQL, on SQLite
    the write lock (Tortoise's connection lock, as one process holds one SQLite connection)."""
    connection = get_current_context().db()  # type: ignore[union-attr]
    if connection.capabilities.dialect == "postgres":
        return bool(await query_rows(url, "SELECT 1 FROM pg_stat_activity WHERE wait_event_type"
                                          " = 'Lock' AND datname = current_database()"))
    # Private names (asyncio's, Tortoise's): no public API tells whether a lock has waiters.
    lock: asyncio.Lock = connection._lock
    return lock.locked() and bool(lock._waiters)  # type: ignore[attr-defined]


async def placed(rsvp: NewRsvp) -> Outcome:
    """Store an RSVP and return its outcome."""
    return (await add_rsvp(rsvp)).outcome


async def test_concurrent_writes_mix_created_duplicate_and_full(app: Starlette) -> None:
    assert await placed(new_rsvp(app, GUEST_SLOT, "early@example.org")) is Outcome.CREATED
    items = [
        new_rsvp(app, GUEST_SLOT, "early@example.org"),  # already stored
        new_rsvp(app, GUEST_SLOT, "twice@example.org"),
        new_rsvp(app, GUEST_SLOT, "twice@example.org"),  # twice at the same time
        *(new_rsvp(app, TINY_SLOT, f"p{n}@example.org") for n in range(4)),  # capacity 2
        *(new_rsvp(app, GUEST_SLOT, f"g{n}@example.org") for n in range(20)),
    ]

    outcomes = await asyncio.gather(*(placed(item) for item in items))

    assert outcomes[0] is Outcome.DUPLICATE
    # PostgreSQL runs them side by side, so which one wins (or gets a place) may vary.
    assert Counter(outcomes[1:3]) == {Outcome.CREATED: 1, Outcome.DUPLICATE: 1}
    assert Counter(outcomes[3:7]) == {Outcome.CREATED: 2, Outcome.FULL: 2}
    assert Counter(outcomes[7:]) == {Outcome.CREATED: 20}
    assert await Rsvp.filter(slot_id=GUEST_SLOT).count() == 22
    assert await Rsvp.filter(slot_id=TINY_SLOT).count() == 2
    assert (await SlotCount.get(slot_id=GUEST_SLOT)).count == 22
    assert (await SlotCount.get(slot_id=TINY_SLOT)).count == 2
    assert await count_rsvps([GUEST_SLOT, TINY_SLOT]) == 24
    mails = await OutboxMessage.all()
    tiny = {row.email for row in await Rsvp.filter(slot_id=TINY_SLOT)}
    assert sorted(m.recipient for m in mails) == sorted(
        ["early@example.org", "twice@example.org", *tiny, *(f"g{n}@example.org" for n in range(20))]
    )
    # The sender reads these rows through Tortoise: due now, payload decoded.
    # One query: the sender may mark a row sent between two.
    due_or_sent = Q(next_attempt_at__lte=datetime.now(UTC)) | Q(sent_at__isnull=False)
    assert await OutboxMessage.filter(due_or_sent).count() == 24
    assert all(isinstance(m.payload, dict) for m in mails)


async def test_a_full_or_duplicate_rsvp_leaves_nothing_behind(app: Starlette) -> None:
    for n in range(2):
        assert await placed(new_rsvp(app, TINY_SLOT, f"in{n}@example.org")) is Outcome.CREATED

    assert await placed(new_rsvp(app, TINY_SLOT, "late@example.org")) is Outcome.FULL
    assert await placed(new_rsvp(app, TINY_SLOT, "in0@example.org")) is Outcome.DUPLICATE

    assert await Rsvp.filter(slot_id=TINY_SLOT).count() == 2
    assert await OutboxMessage.all().count() == 2
    assert await count_rsvps([TINY_SLOT]) == 2


async def test_a_write_that_fails_commits_none_of_it(app: Starlette) -> None:
    # A phone longer than its column passes no database's checks (not as a duplicate).
    broken = replace(new_rsvp(app, GUEST_SLOT, "broken@example.org"), phone="9" * 500)
    with pytest.raises(Exception):  # noqa: B017 - each driver has its own error class
        await add_rsvp(broken)

    assert await Rsvp.all().count() == 0
    assert await OutboxMessage.all().count() == 0
    assert await count_rsvps([GUEST_SLOT]) == 0
    assert await placed(new_rsvp(app, GUEST_SLOT, "next@example.org")) is Outcome.CREATED


async def test_a_failing_write_among_concurrent_ones_fails_alone(app: Starlette) -> None:
    # Concurrent RSVPs share a transaction; the broken one must not take the others down.
    good = [new_rsvp(app, GUEST_SLOT, f"ok{n}@example.org") for n in range(6)]
    broken = replace(new_rsvp(app, GUEST_SLOT, "broken@example.org"), phone="9" * 500)

    outcomes = await asyncio.gather(*(placed(item) for item in [*good[:3], broken, *good[3:]]),
                                    return_exceptions=True)

    assert isinstance(outcomes[3], Exception)
    assert outcomes[:3] + outcomes[4:] == [Outcome.CREATED] * 6
    assert await Rsvp.filter(email="broken@example.org").count() == 0
    assert await Rsvp.all().count() == await OutboxMessage.all().count() == 6
    assert await count_rsvps([GUEST_SLOT]) == 6

async def test_every_acknowledged_rsvp_is_counted_at_once(app: Starlette) -> None:
    people = 100
    acknowledged = 0

    async def one(n: int) -> None:
        nonlocal acknowledged
        assert await placed(new_rsvp(app, GUEST_SLOT, f"c{n}@example.org")) is Outcome.CREATED
        acknowledged += 1
        seen = acknowledged
        assert await count_rsvps([GUEST_SLOT]) >= seen

    await asyncio.gather(*(one(n) for n in range(people)))
    assert await count_rsvps([GUEST_SLOT]) == people


async def test_capacity_holds_against_other_transactions_on_the_counter(app: Starlette) -> None:
    # Another transaction holding the slot's counter row (a future cancel, say) is waited for,
    # and its decrement counts: the capacity check sees the committed value, never a stale one.
    assert await placed(new_rsvp(app, TINY_SLOT, "a@example.org")) is Outcome.CREATED
    assert await placed(new_rsvp(app, TINY_SLOT, "b@example.org")) is Outcome.CREATED
    holding, release = asyncio.Event(), asyncio.Event()

    async def cancel_one() -> None:
        async with in_transaction() as connection:
            await Rsvp.filter(slot_id=TINY_SLOT, email="a@example.org").using_db(
                connection).delete()
            await SlotCount.filter(slot_id=TINY_SLOT).using_db(connection).update(count=1)
            holding.set()
            await release.wait()

    cancel = asyncio.create_task(cancel_one())
    await holding.wait()
    late = asyncio.create_task(placed(new_rsvp(app, TINY_SLOT, "c@example.org")))
    await eventually(partial(waits_for_a_lock, app.state.settings.database_url))
    release.set()
    await cancel

    assert await late is Outcome.CREATED
    assert await placed(new_rsvp(app, TINY_SLOT, "d@example.org")) is Outcome.FULL
    assert await count_rsvps([TINY_SLOT]) == 2


def test_sqlite_is_durable_by_default() -> None:
    credentials = tortoise_config("sqlite://var/x.sqlite3")["connections"]["sqlite"]["credentials"]
    assert credentials["synchronous"] == "FULL"
    chosen = tortoise_config("sqlite://var/x.sqlite3?synchronous=NORMAL")
    assert chosen["connections"]["sqlite"]["credentials"]["synchronous"] == "NORMAL"


async def test_a_crowd_hears_back_batch_by_batch(app: Starlette) -> None:
    # Each writer notes how many writes had been made when it heard back: a crowd must not
    # wait for the whole crowd's transaction, only for its own batch's.
    people = 3 * commit_group.MAX_BATCH + 1
    made: list[int] = []
    heard_at: list[int] = []

    async def one(n: int) -> None:
        async def write(connection: BaseDBAsyncClient) -> int:
            made.append(n)
            await SlotCount.create(slot_id=f"crowd-{n}", count=n, using_db=connection)
            return n

        assert await commit_group.write(SlotCount, write, order="crowd") == n
        heard_at.append(len(made))

    await asyncio.gather(*(one(n) for n in range(people)))

    assert sorted(made) == list(range(people))
    assert await SlotCount.filter(slot_id__startswith="crowd-").count() == people
    assert min(heard_at) <= commit_group.MAX_BATCH
    assert max(Counter(heard_at).values()) <= commit_group.MAX_BATCH


async def test_a_database_failure_fails_its_batch_without_retrying_each_write(
    app: Starlette,
) -> None:
    # A database that cannot write (here: full) would refuse every write of the batch again,
    # each after its own lock wait: the batch is refused as a whole, each write made once.
    calls: Counter[int] = Counter()

    async def one(n: int) -> int:
        async def write(connection: BaseDBAsyncClient) -> int:
            calls[n] += 1
            if n == 0:
                raise OperationalError("database or disk is full")
            await SlotCount.create(slot_id=f"full-{n}", using_db=connection)
            return n

        result: int = await commit_group.write(SlotCount, write, order="full")
        return result

    outcomes = await asyncio.gather(*(one(n) for n in range(3)), return_exceptions=True)

    assert all(isinstance(outcome, OperationalError) for outcome in outcomes)
    assert max(calls.values()) == 1
    assert await SlotCount.filter(slot_id__startswith="full-").count() == 0
