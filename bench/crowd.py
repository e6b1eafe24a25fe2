"""Flash crowd: 2,000 different people RSVP at once to a 50-seat slot, joining its waitlist.

Every person sends one request on their own connection (from their own loopback address)
at the same moment. Expected: 50
confirmed, 1,950 waitlisted with positions 1..1,950 (each once), all 201, every address
answered once, and a count of 50 with a waitlist of 1,950. Reported: when each person heard
back, counted from the moment the crowd arrived (p50, p99 and the answers given in each second),
against p99 <= 2 s. Run on SQLite with one worker and on PostgreSQL with two.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from bench.context import Context
from bench.database import PostgresDb, SqliteDb
from bench.report import Row, failed
from bench.servers import guest_slot, migrate, service_env, uvicorn

PEOPLE, SEATS = 2_000, 50
P99_GOAL = 2.0  # seconds from the crowd's arrival until 99% of it has its answer
TIMEOUT = 180.0


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


def _source(host: str, n: int) -> tuple[str, int] | None:
    """Person n's own loopback address (all of 127/8 is loopback) when the service is local: a
    crowd comes from many networks, and the service limits each one's share of a slot."""
    return (f"127.0.{n // 250}.{n % 250 + 2}", 0) if host.startswith("127.") else None


async def _post(host: str, port: int, body: bytes, source: tuple[str, int] | None
                ) -> tuple[int, dict]:
    """One POST /api/rsvp on a fresh connection (a plain HTTP/1.1 client: the load generator
    shares the machine's two cores with the service, so it spends as little CPU as it can)."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=source)
    try:
        writer.write(b"POST /api/rsvp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"
                     b"Content-Length: %d\r\nConnection: close\r\n\r\n%s"
                     % (host.encode(), len(body), body))
        answer = await reader.read()
    finally:
        writer.close()
    head, _, payload = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), json.loads(payload)


async def rush(base: str, slot: str, run_id: str) -> tuple[list[dict], list[float]]:
    """Send every RSVP at once; return the answers and when each came, from the start."""
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    bodies = [json.dumps({"eventId": slot, "email": f"{run_id}-{n}@crowd.example.org",
                          "firstName": "Crowd", "lastName": "Test", "waitlist": True}).encode()
              for n in range(PEOPLE)]
    answers: list[dict] = []
    times: list[float] = []
    started = time.perf_counter()

    async def person(n: int, body: bytes) -> None:
        try:
            code, answer = await _post(host, port, body, _source(host, n))
        except (OSError, ValueError, IndexError) as exc:
            code, answer = 0, {"error": type(exc).__name__}
        times.append(time.perf_counter() - started)
        answers.append({"code": code, **answer})

    await asyncio.wait_for(asyncio.gather(*(person(n, b) for n, b in enumerate(bodies))),
                           TIMEOUT)
    return answers, times


def per_second(times: list[float]) -> list[int]:
    """How many answers came in each second after the crowd arrived."""
    counts = Counter(int(t) for t in times)
    return [counts[s] for s in range(int(max(times)) + 1)] if times else []


def _quantile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def _crowd(ctx: Context, name: str, db: SqliteDb | PostgresDb, workers: int,
           background_worker: bool) -> list[Row]:
    slot, _, _ = guest_slot(ctx)
    folder = ctx.scratch / f"crowd-{db.label.lower()}"
    env = service_env(ctx, db.url, folder, EVENTS_FILE=str(_events_with_seats(ctx, slot, folder)))
    run_id = f"c{secrets.token_hex(3)}"
    db.create()
    try:
        migrate(ctx, env)
        with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True,
                     workers=workers,
                     background_worker=background_worker,
                     env=env, log=folder / "service.log") as base:
            answers, times = asyncio.run(rush(base, slot, run_id))
            count = httpx.get(f"{base}/api/rsvp", params={"eventId": slot}, timeout=10).json()
    finally:
        db.drop()
    codes = Counter(a["code"] for a in answers)
    statuses = Counter(a.get("status") for a in answers)
    positions = sorted(a["position"] for a in answers if a.get("status") == "waitlisted")
    answered = Counter(a.get("email") for a in answers)
    ok = (codes == {201: PEOPLE} and statuses == {"confirmed": SEATS, "waitlisted": PEOPLE - SEATS}
          and positions == list(range(1, PEOPLE - SEATS + 1)) and count["count"] == SEATS
          and count["waitlist"] == PEOPLE - SEATS and len(answered) == PEOPLE
          and set(answered.values()) == {1})
    p50, p99 = _quantile(times, 0.5), _quantile(times, 0.99)
    histogram = per_second(times)
    label = f"crowd {PEOPLE:,} people at once / {SEATS} seats, {name}"
    result = Row(
        label, f"{statuses['confirmed']} confirmed, {statuses['waitlisted']} waitlisted "
        f"(positions {'1..' + str(len(positions)) if ok else 'wrong'}), count {count['count']}, "
        f"statuses {dict(codes)}",
        f"{SEATS} confirmed, {PEOPLE - SEATS} waitlisted 1..{PEOPLE - SEATS}, each answered once",
        ok, {"codes": dict(codes), "count": count}, gate=True)
    speed = Row(
        f"{label}: answered", f"p50 {p50:.1f} s, p99 {p99:.1f} s, all {max(times):.1f} s; "
        f"answers per second: {' '.join(str(n) for n in histogram)}",
        f"p99 <= {P99_GOAL:.0f} s", p99 <= P99_GOAL,
        {"p50_s": p50, "p99_s": p99, "all_s": max(times), "per_second": histogram})
    return [result, speed]


def run(ctx: Context) -> list[Row]:
    """The crowd on SQLite with one worker, then on PostgreSQL with two."""
    rows = []
    # PostgreSQL as production runs it: mail in its own process (BACKGROUND_TASKS=separate).
    for name, db, workers, background_worker in (
            ("SQLite, 1 worker", SqliteDb(ctx.scratch), 1, False),
            ("PostgreSQL, 2 workers + mail worker", PostgresDb(), 2, True)):
        try:
            rows += _crowd(ctx, name, db, workers, background_worker)
        except Exception as exc:  # one database failing still lets the other report
            rows.append(failed(f"crowd, {name}", f"{type(exc).__name__}: {exc}"[:200], gate=True))
    return rows
