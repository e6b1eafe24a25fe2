"""`python -m bench.hours_pdf ROOT [ROOT ...]`: /api/health while 16 hours PDFs are made at once.

For each source tree given (a checkout of the service: main before issue 35, this tree after),
serve it with uvicorn on SQLite (one worker, as `python -m rsvp_service` on one core), store
records straight into its database, then send 16 PDF requests for 16 new records together while
asking /api/health every 20 ms until the batch is answered. Three rounds per tree (the first
includes starting the PDF pool, if the tree has one), then the first round's records again
(kept PDFs, if the tree keeps them). Prints a Markdown table of health's
latency (median and maximum during the batch) and the batch's wall time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench.measure import kill_group
from bench.servers import HOST, SECRET_KEY, free_port

PARALLEL = 16
ROUNDS = 3
SIGN = ("import sys; from rsvp_service.settings import Settings; "
        "from rsvp_service.impact.records import sign; s = Settings(); "
        "print(' '.join(sign(s, int(i)) for i in sys.argv[1:]))")


def _env(root: Path, folder: Path, workers: int) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1",
            "DATABASE_URL": f"sqlite://{folder}/db.sqlite3",
            "EVENTS_FILE": str(root / "build/content/events.json"), "VAR_DIR": str(folder),
            "STATIC_DIR": str(folder / "site"), "MAIL_BACKEND": "file", "SECRET_KEY": SECRET_KEY,
            "APP_ENV": "production", "SITE_URL": "http://127.0.0.1:8000",
            "RATE_LIMIT_SCALE": "1000000", "PDF_WORKERS": str(workers)}


def _seed(root: Path, env: dict[str, str], folder: Path, count: int) -> list[str]:
    """Store `count` records of one volunteer; return their codes."""
    with sqlite3.connect(folder / "db.sqlite3") as db:
        db.execute("INSERT OR IGNORE INTO users (id, name, email, role, is_verified, created_at) "
                   "VALUES (1, 'Zoë Ångström', 'zoe@example.org', 'volunteer', 1, "
                   "'2025-06-01 12:00:00+00:00')")
        entry = ('{"title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": '
                 '"2025-05-01", "date_text": "May 1, 2025", "hours": 1.0}')
        ids = []
        for n in range(count):
            cursor = db.execute(
                "INSERT INTO hours_records (user_id, issued_at, hours, snapshot) VALUES "
                "(1, '2025-06-01 17:00:00+00:00', 1, ?)",
                (f'{{"name": "Zoë Ångström {n}", "entries": [{entry}]}}',))
            ids.append(str(cursor.lastrowid))
    db.close()
    out = subprocess.run([sys.executable, "-c", SIGN, *ids], cwd=root, env=env, check=True,
                         capture_output=True, text=True, timeout=60)
    return out.stdout.split()


async def _round(base: str, codes: list[str]) -> tuple[list[float], float]:
    """Health latencies (s) while the PDFs of `codes` are fetched together; the batch's time."""
    limits = httpx.Limits(max_connections=PARALLEL + 1)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client, \
            httpx.AsyncClient(base_url=base, timeout=120) as prober:
        started = time.perf_counter()
        batch = asyncio.gather(*(client.get(f"/api/hours-records/{c}.pdf") for c in codes))
        latencies = []
        while not batch.done():
            sent = time.perf_counter()
            assert (await prober.get("/api/health")).status_code == 200
            latencies.append(time.perf_counter() - sent)
            await asyncio.sleep(0.02)
        answers = await batch
        assert all(a.status_code == 200 for a in answers), [a.status_code for a in answers]
        return latencies, time.perf_counter() - started


def measure(root: Path, workers: int) -> list[str]:
    """Serve `root` and return one table row per round."""
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as tmp:
        folder = Path(tmp)
        env = _env(root, folder, workers)
        subprocess.run([sys.executable, "-m", "rsvp_service", "migrate"], cwd=root, env=env,
                       check=True, capture_output=True, timeout=120)
        codes = _seed(root, env, folder, PARALLEL * ROUNDS)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "rsvp_service.app.server:create_served_app",
             "--factory", "--host", HOST, "--port", str(port), "--no-access-log",
             "--log-level", "warning"], cwd=root, env=env, start_new_session=True)
        base = f"http://{HOST}:{port}"
        try:
            for _ in range(600):
                try:
                    httpx.get(base + "/api/health", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            rows: list[str] = []
            # The last round asks again for the first round's records (kept PDFs, if kept).
            for n in [*range(ROUNDS), 0]:
                latencies, wall = asyncio.run(_round(base, codes[n * PARALLEL:][:PARALLEL]))
                label = f"{n + 1}" if len(rows) < ROUNDS else "1 again"
                rows.append(f"| {root} | {workers} | {label} | {len(latencies)} | "
                            f"{statistics.median(latencies) * 1000:.0f} | "
                            f"{max(latencies) * 1000:.0f} | {wall:.2f} |")
            return rows
        finally:
            kill_group(server)


def main(argv: list[str] | None = None) -> int:
    """Measure each tree given and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roots", nargs="+", type=Path)
    parser.add_argument("--workers", type=int, default=1, help="PDF_WORKERS (after only)")
    args = parser.parse_args(argv)
    print("| tree | PDF_WORKERS | round | health probes | health p50 ms | health max ms "
          "| batch s |\n| --- | --- | --- | --- | --- | --- | --- |")
    for root in args.roots:
        for row in measure(root.resolve(), args.workers):
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
