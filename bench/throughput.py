"""Service throughput beside bare Starlette, side by side in one run, on SQLite and PostgreSQL.

Per database: bare Starlette `GET /hello` with the same worker count, then the service with
`GET /api/rsvp?eventId=` at 10 RSVPs, `GET /api/auth/me`, `POST /api/rsvp` (unique emails),
and `GET /api/rsvp?eventId=` again at 100,000 RSVPs. After the write run, the rows in the
database are compared with the 2xx answers wrk received (a gate). The ratios to bare Starlette
are information: the earlier targets (writes 0.15x, counts 0.5x) were retired in issue 20,
since a route of the service that touches no database reaches only about 0.45x.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench import load
from bench.context import Context
from bench.database import PostgresDb, SqliteDb
from bench.report import Row, failed
from bench.servers import guest_slot, migrate, service_env, uvicorn

SECONDS, QUICK_SECONDS = 10.0, 3.0
SMALL, LARGE = 10, 100_000
SERVICE = "rsvp_service.app.server:create_served_app"


@dataclass
class Setup:
    """One database and worker count to measure."""

    name: str
    db: SqliteDb | PostgresDb
    workers: int
    # Mail in its own process (BACKGROUND_TASKS=separate), as production on PostgreSQL runs.
    background_worker: bool = False


def _register(base: str) -> str:
    """Create an account and return its access token."""
    answer = httpx.post(f"{base}/api/auth/register", timeout=30, json={
        "name": "Bench User", "email": f"bench-{secrets.token_hex(4)}@bench.example.org",
        "password": "a long benchmark passphrase 42", "role": "volunteer"})
    answer.raise_for_status()
    token: str = answer.json()["accessToken"]
    return token


def _settled_count(url: str, limit: float = 20.0) -> int:
    """The count once requests still running after wrk stopped have finished."""
    deadline = time.monotonic() + limit
    last = -1
    while time.monotonic() < deadline:
        count = int(httpx.get(url, timeout=10).json()["count"])
        if count == last:
            return count
        last = count
        time.sleep(0.5)
    return last


def _drain_mail(outbox: Path, expected: int, limit: float = 180.0) -> None:
    """Wait until the service has written `expected` confirmation emails (.eml files).

    The write run leaves thousands of confirmations queued; the service sends them in the
    background, and without this wait the count run at 100,000 RSVPs was measured while
    the next service process drained that backlog, not how counting scales with RSVPs.
    """
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if outbox.is_dir() and sum(1 for _ in outbox.glob("*.eml")) >= expected:
            return
        time.sleep(0.5)


def _measure(ctx: Context, setup: Setup, seconds: float) -> list[Row]:
    slot, event, _ = guest_slot(ctx)
    folder = ctx.scratch / f"throughput-{setup.db.label.lower()}"
    env = service_env(ctx, setup.db.url, folder)
    log = folder / "service.log"
    label = setup.name
    rows: list[Row] = []

    with uvicorn(ctx, "bench.hello_app:app", workers=setup.workers, probe="/hello") as base:
        hello = load.wrk(f"{base}/hello", seconds)
    rows.append(Row(f"{label}: bare Starlette GET /hello", hello.describe(), "baseline",
                    None, hello.raw))

    setup.db.create()
    try:
        migrate(ctx, env)
        setup.db.seed(slot, event, "small", 0, SMALL)
        run_id = f"w{secrets.token_hex(3)}"
        count_url = f"/api/rsvp?eventId={slot}"
        with uvicorn(ctx, SERVICE, factory=True, workers=setup.workers, env=env,
                     log=log, background_worker=setup.background_worker) as base:
            token = _register(base)
            small = load.wrk(base + count_url, seconds)
            me = load.wrk(f"{base}/api/auth/me", seconds, headers={"x-auth-token": token})
            write = load.wrk(f"{base}/api/rsvp", seconds, script="rsvp.lua", args=(run_id, slot))
            answered = _settled_count(base + count_url)
            stored = setup.db.count(slot, f"{run_id}-%")
            total = setup.db.count(slot)
            # Every RSVP the service stored (all but the seeded ones) queued one email.
            _drain_mail(folder / "outbox", total - SMALL)
        setup.db.seed(slot, event, "large", 0, LARGE - total)
        with uvicorn(ctx, SERVICE, factory=True, workers=setup.workers, env=env,
                     log=log, background_worker=setup.background_worker) as base:
            large = load.wrk(base + count_url, seconds)
            large_total = httpx.get(base + count_url, timeout=10).json()["count"]
    finally:
        setup.db.drop()

    def ratio(x: load.Load) -> float:
        return x.rps / hello.rps

    rows.append(Row(
        f"{label}: POST /api/rsvp (unique emails)",
        f"{write.describe()}; {ratio(write):.2f}x bare", "", None,
        {**write.raw, "ratio": ratio(write)}))
    # wrk stops with up to one request per connection in flight: the server may have stored
    # those without wrk reading the answer, so at most CONNECTIONS rows more than 2xx answers.
    in_flight = stored - write.acked
    lost_ok = 0 <= in_flight <= load.CONNECTIONS and answered == total
    rows.append(Row(
        f"{label}: RSVPs stored vs acknowledged",
        f"{stored:,} rows, {write.acked:,} 2xx ({in_flight} in flight at stop); "
        f"count {answered:,} of {total:,} rows",
        "rows = 2xx (+ in flight), count = rows", lost_ok,
        {"stored": stored, "acked": write.acked, "count": answered, "total_rows": total},
        gate=True))
    rows.append(Row(f"{label}: GET /api/rsvp count at {SMALL} RSVPs",
                    f"{small.describe()}; {ratio(small):.2f}x bare", "", None,
                    {**small.raw, "ratio": ratio(small)}))
    flat = large.rps / small.rps
    rows.append(Row(f"{label}: GET /api/rsvp count at {large_total:,} RSVPs",
                    f"{large.describe()}; {ratio(large):.2f}x bare; {flat:.2f}x the rate at "
                    f"{SMALL}", "", None,
                    {**large.raw, "ratio": ratio(large), "flat": flat, "rsvps": large_total}))
    rows.append(Row(f"{label}: GET /api/auth/me (signed in)",
                    f"{me.describe()}; {ratio(me):.2f}x bare", "", None,
                    {**me.raw, "ratio": ratio(me)}))
    return rows


def run(ctx: Context) -> list[Row]:
    """Measure SQLite with one worker, then PostgreSQL with two."""
    if not load.available():
        return [failed("throughput", "wrk is not installed (apt-get install -y wrk)")]
    seconds = QUICK_SECONDS if ctx.quick else SECONDS
    setups = [Setup("SQLite, 1 worker", SqliteDb(ctx.scratch), 1),
              Setup("PostgreSQL, 2 workers + mail worker", PostgresDb(), 2, True)]
    rows: list[Row] = []
    for setup in setups:
        try:
            rows += _measure(ctx, setup, seconds)
        except Exception as exc:  # one database failing still lets the other report
            rows.append(failed(f"{setup.name}: throughput", f"{type(exc).__name__}: {exc}"[:200]))
    return rows
