"""Load from wrk (Debian): 50 connections for a fixed time, figures parsed from report.lua."""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

WRK_DIR = Path(__file__).parent / "wrk"
CONNECTIONS = 50
THREADS = 2


@dataclass
class Load:
    """What one wrk run measured."""

    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int
    acked: int  # 2xx answers, counted only by scripts that define response()
    raw: dict[str, int]

    @property
    def rps(self) -> float:
        """Requests per second over the run."""
        return self.requests / self.seconds

    def describe(self) -> str:
        """`12,345 req/s, p50 1.2 ms, p99 8.0 ms` (plus errors when there were any)."""
        text = f"{self.rps:,.0f} req/s, p50 {self.p50_ms:.1f} ms, p99 {self.p99_ms:.1f} ms"
        return text + (f", {self.errors} errors" if self.errors else "")


def available() -> bool:
    """Whether the wrk binary is installed."""
    return shutil.which("wrk") is not None


def wrk(url: str, seconds: float, *, script: str = "report.lua", args: tuple[str, ...] = (),
        headers: dict[str, str] | None = None, connections: int = CONNECTIONS) -> Load:
    """Run wrk against `url` for `seconds` and return its figures."""
    argv = ["wrk", "-t", str(THREADS), "-c", str(connections), "-d", f"{seconds:g}s",
            "--timeout", "5s", "-s", str(WRK_DIR / script)]
    for name, value in (headers or {}).items():
        argv += ["-H", f"{name}: {value}"]
    argv += [url, "--", *args]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=seconds + 60, check=True)
    line = next((x for x in done.stdout.splitlines() if x.startswith("BENCH_JSON ")), None)
    if line is None:
        raise RuntimeError(f"wrk printed no figures: {done.stdout[-300:]} {done.stderr[-300:]}")
    raw = json.loads(line.removeprefix("BENCH_JSON "))
    errors = sum(raw[k] for k in ("connect_errors", "read_errors", "write_errors",
                                  "status_errors", "timeouts"))
    return Load(raw["requests"], raw["duration_us"] / 1e6, raw["p50_us"] / 1e3,
                raw["p99_us"] / 1e3, errors, raw["acked"], raw)
