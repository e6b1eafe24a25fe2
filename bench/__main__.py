"""`python -m bench [--only NAME ...] [--quick]`: run the benchmarks, print and save one table."""

from __future__ import annotations

import argparse
import importlib
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from bench.context import Context
from bench.report import Row, failed, machine, text_table, write

# Name -> module with `run(ctx) -> list[Row]`, in the order they run. The full build reuses
# the generator benchmark's output when both run.
BENCHMARKS = {
    "generator": "bench.generator_scaling",
    "full-build": "bench.full_build",
    "hugo-ratio": "bench.hugo_ratio",
    "civic-index": "bench.civic_index",
    "series": "bench.series_build",
    "page-weight": "bench.page_weight",
    "lighthouse": "bench.lighthouse",
    "inp": "bench.inp",
    "throughput": "bench.throughput",
    "burst": "bench.burst",
    "crowd": "bench.crowd",
    "soak": "bench.soak",
}


def _run_one(name: str, ctx: Context) -> list[Row]:
    started = time.perf_counter()
    print(f"== {name}", flush=True)
    try:
        run: Callable[[Context], list[Row]] = importlib.import_module(BENCHMARKS[name]).run
        rows = run(ctx)
    except Exception as exc:  # a broken benchmark is a failed row, not a crashed run
        traceback.print_exc()
        rows = [failed(name, f"{type(exc).__name__}: {exc}"[:200], gate=True)]
    for row in (r for r in rows if not r.detail or r.ok is False):
        print(f"   {row.benchmark}: {row.measured} [{row.verdict}]", flush=True)
    print(f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    """Run the chosen benchmarks; exit 1 when a gate (budget, lost RSVP) fails."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", action="append", choices=list(BENCHMARKS), metavar="NAME",
                        help=f"run only this benchmark (repeatable): {', '.join(BENCHMARKS)}")
    parser.add_argument("--quick", action="store_true",
                        help="smaller sizes and shorter load runs, for a smoke test")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    args = parser.parse_args(argv)
    names = [n for n in BENCHMARKS if not args.only or n in args.only]
    started = time.perf_counter()
    scratch = Path(tempfile.mkdtemp(prefix="civicstl-bench-"))
    ctx = Context(quick=args.quick, scratch=scratch)
    rows: list[Row] = []
    try:
        for name in names:
            rows += _run_one(name, ctx)
    finally:
        if args.keep:
            print(f"Scratch files kept in {scratch}/")
        else:
            shutil.rmtree(scratch, ignore_errors=True)
    meta = {**machine(), "argv": sys.argv[1:] if argv is None else argv,
            "seconds": time.perf_counter() - started, "quick": args.quick, "benchmarks": names}
    path = write(rows, meta)
    print()
    print(text_table(rows))
    print(f"\nWritten to {path} and {path.with_suffix('.json')} in {meta['seconds']:.0f} s.")
    broken = [r for r in rows if r.gate and r.ok is False]
    for row in broken:
        print(f"FAILED: {row.benchmark}: {row.measured} (target {row.target})", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    raise SystemExit(main())
