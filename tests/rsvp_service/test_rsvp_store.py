"""The RSVP store: batching, group commit outcomes and all-or-nothing batches, on both databases."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from service_testkit import GUEST_SLOT, TINY_SLOT
from starlette.applications import Starlette
from tortoise.transactions import in_transaction

from rsvp_service.mail import confirmation
from rsvp_service.mail.outbox import deferred_mail
from rsvp_service.models import OutboxMessage, Rsvp, SlotCount
from rsvp_service.rsvp_store import NewRsvp, Outcome, RsvpStore
from rsvp_service.rsvp_store import sqlite as sqlite_store
from rsvp_service.rsvp_store.batching import Batcher
from rsvp_service.rsvp_store.sqlite import SqliteRsvpStore


def new_rsvp(app: Starlette, slot_id: str, email: str) -> NewRsvp:
    """An RSVP as POST /api/rsvp hands it to the store."""
    slot = app.state.catalogue.slots[slot_id]
    now = datetime.now(UTC)
    facts = confirmation.confirmation_payload(
        slot, email=email, first_name="Ann", last_name="Lee", stamp=now
    )
    return NewRsvp(
        slot_id=slot.id,
        event=slot.event,
        email=email,
        first_name="Ann",
        last_name="Lee",
        phone=None,
        user_id=None,
        capacity=slot.capacity,
        created_at=now,
        mail=deferred_mail(confirmation.KIND, facts, recipient=email, subject="Your RSVP"),
    )


async def test_items_submitted_during_a_batch_go_together_in_the_next() -> None:
    batches: list[list[int]] = []
    release = asyncio.Event()

    async def run(items: list[int]) -> list[int]:
        batches.append(items)
        if len(batches) == 1:
            await release.wait()
        return [item * 10 for item in items]

    batcher: Batcher[int, int] = Batcher(run)
    first = asyncio.create_task(batcher.submit(1))
    await asyncio.sleep(0)
    later = [asyncio.create_task(batcher.submit(n)) for n in (2, 3, 4)]
    await asyncio.sleep(0)
    release.set()

    assert await asyncio.gather(first, *later) == [10, 20, 30, 40]
    assert batches == [[1], [2, 3, 4]]


async def test_a_failing_batch_fails_each_of_its_items_and_only_those() -> None:
    async def run(items: list[int]) -> list[int]:
        await asyncio.sleep(0)
        if 2 in items:
            raise RuntimeError("disk full")
        return items

    batcher: Batcher[int, int] = Batcher(run)
    first = asyncio.create_task(batcher.submit(1))
    await asyncio.sleep(0)
    failing = [asyncio.create_task(batcher.submit(n)) for n in (2, 3)]
    results = await asyncio.gather(first, *failing, return_exceptions=True)
    after = await batcher.submit(4)

    assert results[0] == 1
    assert all(isinstance(result, RuntimeError) for result in results[1:])
    assert after == 4


async def test_one_batch_mixes_created_duplicate_and_full(app: Starlette) -> None:
    store: RsvpStore = app.state.rsvp_store
    assert await store.add(new_rsvp(app, GUEST_SLOT, "early@example.org")) is Outcome.CREATED
    items = [
        new_rsvp(app, GUEST_SLOT, "early@example.org"),  # already stored
        new_rsvp(app, GUEST_SLOT, "twice@example.org"),
        new_rsvp(app, GUEST_SLOT, "twice@example.org"),  # twice in the same batch
        *(new_rsvp(app, TINY_SLOT, f"p{n}@example.org") for n in range(4)),  # capacity 2
        *(new_rsvp(app, GUEST_SLOT, f"g{n}@example.org") for n in range(20)),
    ]

    outcomes = await asyncio.gather(*(store.add(item) for item in items))

    assert outcomes[0] is Outcome.DUPLICATE
    # PostgreSQL runs them side by side, so which one wins (or gets a place) may vary.
    assert Counter(outcomes[1:3]) == {Outcome.CREATED: 1, Outcome.DUPLICATE: 1}
    assert Counter(outcomes[3:7]) == {Outcome.CREATED: 2, Outcome.FULL: 2}
    assert Counter(outcomes[7:]) == {Outcome.CREATED: 20}
    assert await Rsvp.filter(event_id=GUEST_SLOT).count() == 22
    assert await Rsvp.filter(event_id=TINY_SLOT).count() == 2
    assert (await SlotCount.get(slot_id=GUEST_SLOT)).count == 22
    assert await store.count([GUEST_SLOT, TINY_SLOT]) == 24
    mails = await OutboxMessage.all()
    tiny = {row.email for row in await Rsvp.filter(event_id=TINY_SLOT)}
    assert sorted(m.recipient for m in mails) == sorted(
        ["early@example.org", "twice@example.org", *tiny, *(f"g{n}@example.org" for n in range(20))]
    )
    # The sender reads these rows through Tortoise: due now, payload decoded.
    due = await OutboxMessage.filter(sent_at=None, next_attempt_at__lte=datetime.now(UTC))
    assert len(due) + await OutboxMessage.exclude(sent_at=None).count() == 24
    assert all(isinstance(m.payload, dict) for m in mails)


async def test_a_batch_that_fails_commits_none_of_it(app: Starlette) -> None:
    store: RsvpStore = app.state.rsvp_store
    # A value no database driver can bind fails the statement (not as a duplicate).
    broken = replace(new_rsvp(app, GUEST_SLOT, "broken@example.org"), phone=object())
    good = [new_rsvp(app, GUEST_SLOT, f"ok{n}@example.org") for n in range(5)]
    batch = [*good[:2], broken, *good[2:]]
    first = asyncio.create_task(store.add(new_rsvp(app, GUEST_SLOT, "first@example.org")))
    await asyncio.sleep(0)

    results = await asyncio.gather(*(store.add(item) for item in batch), return_exceptions=True)

    assert await first is Outcome.CREATED
    stored = {row.email for row in await Rsvp.all()}
    created = {
        item.email for item, result in zip(batch, results, strict=True) if result is Outcome.CREATED
    }
    # Whatever shared the broken item's transaction failed with it and left nothing behind.
    assert isinstance(results[2], Exception)
    assert stored == {"first@example.org", *created}
    assert await store.count([GUEST_SLOT]) == len(stored)
    assert await OutboxMessage.all().count() == len(stored)


async def test_every_acknowledged_rsvp_is_counted_at_once(app: Starlette) -> None:
    people = 200
    store: RsvpStore = app.state.rsvp_store
    acknowledged = 0

    async def one(n: int) -> None:
        nonlocal acknowledged
        assert await store.add(new_rsvp(app, GUEST_SLOT, f"c{n}@example.org")) is Outcome.CREATED
        acknowledged += 1
        seen = acknowledged
        assert await store.count([GUEST_SLOT]) >= seen

    await asyncio.gather(*(one(n) for n in range(people)))
    assert await store.count([GUEST_SLOT]) == people


async def test_transactions_that_read_then_write_wait_for_the_store_writer(
    app: Starlette, caplog: pytest.LogCaptureFixture
) -> None:
    store: RsvpStore = app.state.rsvp_store
    emails = [f"t{n}@example.org" for n in range(150)]

    async def read_then_write(n: int) -> None:
        # On SQLite a deferred transaction would fail here ("database is locked") whenever
        # the store's writer committed between its read and its write.
        async with in_transaction() as connection:
            count = await SlotCount.filter(slot_id="elsewhere").using_db(connection).count()
            await asyncio.sleep(0)
            await SlotCount.update_or_create(
                slot_id="elsewhere", defaults={"count": count + n}, using_db=connection
            )

    async def writes() -> None:
        await asyncio.gather(*(store.add(new_rsvp(app, GUEST_SLOT, e)) for e in emails))

    with caplog.at_level(logging.ERROR):
        await asyncio.gather(writes(), *(read_then_write(n) for n in range(30)))
        await app.state.outbox.deliver_due()

    assert await store.count([GUEST_SLOT]) == len(emails)
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_sqlite_checkpoints_run_beside_the_writer(
    app: Starlette, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = app.state.rsvp_store
    assert isinstance(store, SqliteRsvpStore)
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_ROWS", 10)
    checkpoints: list[str] = []
    checkpoint_now = store._checkpoint_now

    def recorded() -> None:
        checkpoints.append(threading.current_thread().name)
        checkpoint_now()

    monkeypatch.setattr(store, "_checkpoint_now", recorded)
    for start in range(0, 60, 15):
        await asyncio.gather(
            *(
                store.add(new_rsvp(app, GUEST_SLOT, f"k{n}@example.org"))
                for n in range(start, start + 15)
            )
        )
    assert store._checkpoint is not None
    await asyncio.wrap_future(store._checkpoint)

    # The writer never checkpoints inside a commit; the checkpoint thread does it.
    assert store._writer.execute("PRAGMA wal_autocheckpoint").fetchone() == (0,)
    assert checkpoints and all(name.startswith("rsvp-checkpoint") for name in checkpoints)
    assert await store.count([GUEST_SLOT]) == 60
