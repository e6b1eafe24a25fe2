"""Flash crowd: 2,000 different people RSVP to a 50-seat slot, 100 at a time, joining its waitlist.

Expected: 50 confirmed, 1,950 waitlisted with positions 1..1,950 (each once), all 201, and a
count of 50 with a waitlist of 1,950. Reported: how long the whole crowd took and the p99
latency of one RSVP. Run on SQLite with one worker and on PostgreSQL with two.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import Counter
from pathlib import Path

import httpx

from bench.context import Context
from bench.database import PostgresDb, SqliteDb
from bench.report import Row, failed
from bench.servers import guest_slot, migrate, service_env, uvicorn

PEOPLE, SEATS, CLIENTS = 2_000, 50, 100


def _events_with_seats(ctx: Context, slot: str, folder: Path) -> Path:
    """A copy of events.json whose guest slot has SEATS seats."""
    document = json.loads((ctx.content_dir / "events.json").read_text(encoding="utf-8"))
    document["slots"][slot]["capacity"] = SEATS
    for event in document["events"]:
        for item in event.get("slots", []):
            if item.get("id") == slot and "capacity" in item:
                item["capacity"] = SEATS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "events.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


async def rush(base: str, slot: str, run_id: str) -> tuple[list[dict], list[float], float]:
    """Send every RSVP with CLIENTS in flight; return the answers, latencies and total time."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for n in range(PEOPLE):
        queue.put_nowait(n)
    answers: list[dict] = []
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=120) as client:

        async def worker() -> None:
            while not queue.empty():
                n = queue.get_nowait()
                started = time.perf_counter()
                answer = await client.post("/api/rsvp", json={
                    "eventId": slot, "email": f"{run_id}-{n}@crowd.example.org",
                    "firstName": "Crowd", "lastName": "Test", "waitlist": True})
                latencies.append(time.perf_counter() - started)
                answers.append({"code": answer.status_code, **answer.json()})

        started = time.perf_counter()
        await asyncio.gather(*(worker() for _ in range(CLIENTS)))
        total = time.perf_counter() - started
    return answers, latencies, total


def _crowd(ctx: Context, name: str, db: SqliteDb | PostgresDb, workers: int,
           background_worker: bool) -> Row:
    slot, _, _ = guest_slot(ctx)
    folder = ctx.scratch / f"crowd-{db.label.lower()}"
    env = service_env(ctx, db.url, folder, EVENTS_FILE=str(_events_with_seats(ctx, slot, folder)))
    run_id = f"c{secrets.token_hex(3)}"
    db.create()
    try:
        migrate(ctx, env)
        with uvicorn(ctx, "rsvp_service.server:create_served_app", factory=True, workers=workers,
                     background_worker=background_worker,
                     env=env, log=folder / "service.log") as base:
            answers, latencies, seconds = asyncio.run(rush(base, slot, run_id))
            count = httpx.get(f"{base}/api/rsvp", params={"eventId": slot}, timeout=10).json()
    finally:
        db.drop()
    codes = Counter(a["code"] for a in answers)
    statuses = Counter(a.get("status") for a in answers)
    positions = sorted(a["position"] for a in answers if a.get("status") == "waitlisted")
    p99 = sorted(latencies)[int(len(latencies) * 0.99) - 1]
    ok = (codes == {201: PEOPLE} and statuses == {"confirmed": SEATS, "waitlisted": PEOPLE - SEATS}
          and positions == list(range(1, PEOPLE - SEATS + 1)) and count["count"] == SEATS
          and count["waitlist"] == PEOPLE - SEATS)
    measured = (f"{statuses['confirmed']} confirmed, {statuses['waitlisted']} waitlisted "
                f"(positions {'1..' + str(len(positions)) if ok else 'wrong'}), count "
                f"{count['count']}; {seconds:.1f} s, p99 {p99 * 1000:.0f} ms")
    return Row(f"crowd {PEOPLE:,} people / {SEATS} seats, {name}", measured,
               f"{SEATS} confirmed, {PEOPLE - SEATS} waitlisted 1..{PEOPLE - SEATS}", ok,
               {"seconds": seconds, "p99_ms": p99 * 1000, "codes": dict(codes),
                "count": count}, gate=True)


def run(ctx: Context) -> list[Row]:
    """The crowd on SQLite with one worker, then on PostgreSQL with two."""
    rows = []
    # PostgreSQL as production runs it: mail in its own process (BACKGROUND_TASKS=separate).
    for name, db, workers, background_worker in (
            ("SQLite, 1 worker", SqliteDb(ctx.scratch), 1, False),
            ("PostgreSQL, 2 workers + mail worker", PostgresDb(), 2, True)):
        try:
            rows.append(_crowd(ctx, name, db, workers, background_worker))
        except Exception as exc:  # one database failing still lets the other report
            rows.append(failed(f"crowd, {name}", f"{type(exc).__name__}: {exc}"[:200], gate=True))
    return rows
