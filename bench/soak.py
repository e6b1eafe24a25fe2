"""Memory soak: one web process under a steady stream of RSVPs, its resident memory sampled.

A process that keeps something per request (a rate-limit key per address, a cache without a
bound) grows for as long as the load lasts; one that does not levels off after warming up. The
load is RATE RSVPs a second, each from a new address (as a crowd of volunteers is), plus a count
read each; RSS is read from /proc every SAMPLE seconds, and the growth is the least-squares
slope of the second half of the samples (after start-up, the first allocations and the
in-process rate-limit counters reaching their bound, MEMORY_KEYS). Run with the
rate-limit counters in the process (no REDIS_URL) and in Redis (as production runs).
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
from pathlib import Path

import httpx

from bench.context import Context
from bench.database import SqliteDb
from bench.report import Row, failed
from bench.servers import guest_slot, migrate, service_env, uvicorn

RATE = 20.0
SAMPLE = 5.0
MINUTES, QUICK_MINUTES = 20.0, 3.0
# MB a minute of growth that counts as a leak: 0.5 MB/min was issue 35's finding.
LIMIT = 0.1
REDIS_URL = "redis://127.0.0.1:6379/13"
_RSS = re.compile(r"^VmRSS:\s+(\d+) kB", re.MULTILINE)


def _listener_rss_mb(port: int) -> float:
    """RSS of the process listening on `port` (uvicorn with one worker serves in-process)."""
    inode = _listening_inode(port)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if any(link.readlink().name == f"socket:[{inode}]"
                   for link in (entry / "fd").iterdir()):
                found = _RSS.search((entry / "status").read_text())
                return int(found.group(1)) / 1024 if found else 0.0
        except OSError:
            continue
    raise RuntimeError(f"no process listens on port {port}")


def _listening_inode(port: int) -> str:
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(f":{port:04X}") and fields[3] == "0A":  # LISTEN
            return fields[9]
    raise RuntimeError(f"nothing listens on port {port}")


def slope_mb_per_minute(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, MB) samples, in MB a minute."""
    n = len(samples)
    mean_t = sum(t for t, _ in samples) / n
    mean_m = sum(m for _, m in samples) / n
    spread = sum((t - mean_t) ** 2 for t, _ in samples)
    if spread == 0:
        return 0.0
    return 60 * sum((t - mean_t) * (m - mean_m) for t, m in samples) / spread


async def _load(base: str, slot: str, port: int, seconds: float) -> tuple[
        list[tuple[float, float]], dict[int, int]]:
    """Send RATE RSVPs a second for `seconds`, sampling RSS; return the samples and statuses."""
    statuses: dict[int, int] = {}
    samples: list[tuple[float, float]] = []
    run_id = secrets.token_hex(3)
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:

        async def one(n: int) -> None:
            answer = await http.post("/api/rsvp", json={
                "eventId": slot, "email": f"soak-{run_id}-{n}@example.org",
                "firstName": "Soak", "lastName": "Test", "waitlist": True})
            await http.get("/api/rsvp", params={"eventId": slot})
            statuses[answer.status_code] = statuses.get(answer.status_code, 0) + 1

        tasks: set[asyncio.Task[None]] = set()
        n, next_sample = 0, 0.0
        while (elapsed := time.monotonic() - started) < seconds:
            if elapsed >= next_sample:
                samples.append((elapsed, _listener_rss_mb(port)))
                next_sample += SAMPLE
            task = asyncio.create_task(one(n))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            n += 1
            await asyncio.sleep(max(0.0, started + n / RATE - time.monotonic()))
        await asyncio.gather(*tasks)
    return samples, statuses


def _soak(ctx: Context, name: str, extra: dict[str, str]) -> Row:
    slot, _, _ = guest_slot(ctx)
    db = SqliteDb(ctx.scratch)
    label = "redis" if extra else "memory"
    env = service_env(ctx, db.url, ctx.scratch / f"soak-{label}", **extra)
    minutes = QUICK_MINUTES if ctx.quick else MINUTES
    db.create()
    try:
        migrate(ctx, env)
        with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True, env=env,
                     log=ctx.scratch / f"soak-{label}.log") as base:
            port = int(base.rsplit(":", 1)[1])
            samples, statuses = asyncio.run(_load(base, slot, port, minutes * 60))
    finally:
        db.drop()
    settled = samples[len(samples) // 2:]
    growth = slope_mb_per_minute(settled)
    served = sum(count for status, count in statuses.items() if 200 <= status < 300)
    measured = (f"RSS {samples[0][1]:.0f} -> {settled[0][1]:.0f} -> {samples[-1][1]:.0f} MB "
                f"over {minutes:.0f} min; second half {growth:+.2f} MB/min; "
                f"{served:,} RSVPs stored")
    ok = growth <= LIMIT and served == sum(statuses.values())
    return Row(f"soak {RATE:.0f} RSVPs/s, SQLite, rate limits in {name}", measured,
               f"growth <= {LIMIT} MB/min, every RSVP stored", ok,
               {"samples": samples, "growth_mb_per_min": growth, "statuses": statuses})


def run(ctx: Context) -> list[Row]:
    """The soak with the limiter's counters in the process, then in Redis."""
    rows = []
    for name, extra in (("memory", {}), ("Redis", {"REDIS_URL": REDIS_URL})):
        try:
            rows.append(_soak(ctx, name, extra))
        except Exception as exc:  # one failing still lets the other report
            rows.append(failed(f"soak, rate limits in {name}", f"{type(exc).__name__}: {exc}"))
    return rows
