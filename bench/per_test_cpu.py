"""Each test's CPU, as a pytest plugin: `make test-python PYTEST_ARGS="-p bench.per_test_cpu"`.

Every pytest process (each xdist worker) appends a JSON line per test to
bench/results/raw/test-cpu-<worker>.jsonl: the CPU of the test's own process and of the children
it reaped meanwhile (a service process a fixture stopped; a package-scoped server counts for the
test after which it stopped), wall time and start. `python -m bench.per_test_cpu` sums them by
module and lists the costliest tests. Whole-run wall times on a shared 2-core machine vary by
10 % with the same code; per-test CPU shows what a change did.
"""

from __future__ import annotations

import functools
import json
import os
import resource
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any, TextIO

import pytest

RAW = Path(__file__).parent / "results" / "raw"


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


@functools.cache
def _log() -> TextIO:
    """This process's file of lines, opened at its first test."""
    RAW.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return (RAW / f"test-cpu-{worker}.jsonl").open("a", encoding="utf-8")


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start each run afresh: the controller (or a run without workers) removes the old lines."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        for path in RAW.glob("test-cpu-*.jsonl"):
            path.unlink()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, Any, Any]:
    """Record the CPU and wall time of one test, set-up and teardown included."""
    own, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
    started = time.time()
    try:
        return (yield)
    finally:
        _log().write(json.dumps({
            "test": item.nodeid, "own": _cpu(resource.RUSAGE_SELF) - own,
            "children": _cpu(resource.RUSAGE_CHILDREN) - children,
            "wall": time.time() - started, "start": started}) + "\n")
        _log().flush()


def main(most: int = 25) -> None:
    """Print the CPU by module, then the `most` costliest tests, from the recorded lines."""
    rows = [json.loads(line) for path in sorted(RAW.glob("test-cpu-*.jsonl"))
            for line in path.read_text(encoding="utf-8").splitlines() if line]
    if not rows:
        sys.exit(f"No test CPU recorded in {RAW}: run pytest with -p bench.per_test_cpu first.")
    own: defaultdict[str, float] = defaultdict(float)
    children: defaultdict[str, float] = defaultdict(float)
    tests: Counter[str] = Counter()
    for row in rows:
        module = row["test"].split("::")[0]
        own[module] += row["own"]
        children[module] += row["children"]
        tests[module] += 1
    print(f"{len(rows)} tests: {sum(own.values()):.0f} s of CPU in the test processes, "
          f"{sum(children.values()):.0f} s in the children they reaped")
    print("\n  own  children  tests  module")
    for module in sorted(tests, key=lambda m: -own[m] - children[m]):
        print(f"{own[module]:5.1f} {children[module]:9.1f} {tests[module]:6d}  {module}")
    print("\n  own  children   wall  test")
    for row in sorted(rows, key=lambda r: -r["own"] - r["children"])[:most]:
        print(f"{row['own']:5.1f} {row['children']:9.1f} {row['wall']:6.1f}  {row['test']}")


if __name__ == "__main__":
    main()
