"""The full build beside Hugo: `make site` and Hugo building the same pages from the same
synthetic tree, alternately, on the same machine; the ratio of their median wall times.

Hugo's site is written at run time from the tree (bench/hugo_site.py). Each side first builds
once untimed (the generator's image cache, Python's bytecode, the page cache), then every timed
run builds over its own previous output, as `make site` and `hugo` do on a working copy. The
pairs alternate which side goes first, so that a drift in the machine's load falls on both.
Hugo is Debian's (`apt-get install hugo`); the ratio, not the seconds, is what holds across
machines.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
from pathlib import Path

from bench.context import Context
from bench.full_build import make_site
from bench.hugo_site import write_site
from bench.measure import Measured, timed
from bench.report import Row, failed

TARGET_RATIO = 3.0
SIZE, QUICK_SIZE = 4_000, 1_000
PAIRS, QUICK_PAIRS = 5, 2
LIMIT = 240.0


def _html_pages(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("index.html"))


def _seconds(runs: list[Measured]) -> str:
    return ", ".join(f"{m.seconds:.1f}" for m in runs)


def run(ctx: Context) -> list[Row]:
    """Build the same pages with CivicSTL and Hugo, pair by pair, and judge the median ratio."""
    label = "build ratio to Hugo"
    hugo = shutil.which("hugo")
    if hugo is None:
        return [failed(label, "Hugo is not installed: install it (apt-get install hugo) and run "
                       "the benchmark again.", f"<= {TARGET_RATIO:.0f}x")]
    size, pairs = (QUICK_SIZE, QUICK_PAIRS) if ctx.quick else (SIZE, PAIRS)
    label = f"{label}, {size:,} orgs"
    tree = ctx.tree(size)
    source = ctx.scratch / "hugo-source"
    hugo_pages = write_site(tree, source)
    out, site_out, hugo_out = (ctx.scratch / f"ratio-{size}-{name}"
                               for name in ("content", "site", "hugo"))

    def civic() -> Measured:
        return make_site(ctx, tree, out, site_out, LIMIT)

    def hugo_build() -> Measured:
        return timed([hugo, "--quiet", "--source", str(source), "--destination", str(hugo_out)],
                     limit=LIMIT)

    civic_runs: list[Measured] = []
    hugo_runs: list[Measured] = []
    for m in (civic(), hugo_build()):  # warm-up, untimed
        if not m.ok:
            return [failed(label, f"warm-up build {m.reason(LIMIT)}", f"<= {TARGET_RATIO:.0f}x")]
    for pair in range(pairs):
        order = ((civic, civic_runs), (hugo_build, hugo_runs))
        for build, runs in order if pair % 2 == 0 else reversed(order):
            m = build()
            if not m.ok:
                return [failed(label, f"pair {pair + 1}: {m.reason(LIMIT)}",
                               f"<= {TARGET_RATIO:.0f}x")]
            runs.append(m)
    civic_s = statistics.median(m.seconds for m in civic_runs)
    hugo_s = statistics.median(m.seconds for m in hugo_runs)
    ratio = civic_s / hugo_s
    pages = {"civicstl": _html_pages(site_out), "hugo": _html_pages(hugo_out)}
    data = {
        "size": size, "pairs": pairs, "ratio": ratio, "pages": pages, "hugo_pages": hugo_pages,
        "hugo_version": subprocess.run([hugo, "version"], capture_output=True, text=True,
                                       check=False).stdout.strip(),
        "civicstl_seconds": [m.seconds for m in civic_runs],
        "hugo_seconds": [m.seconds for m in hugo_runs],
        "civicstl_cpu": [(m.user_s, m.sys_s) for m in civic_runs],
        "hugo_cpu": [(m.user_s, m.sys_s) for m in hugo_runs],
        "civicstl_peak_mb": max(m.peak_mb or 0 for m in civic_runs),
        "hugo_peak_mb": max(m.peak_mb or 0 for m in hugo_runs),
    }
    civic_cpu = statistics.median(m.user_s + m.sys_s for m in civic_runs)
    civic_sys = statistics.median(m.sys_s for m in civic_runs)
    rows = [
        Row(label, f"{ratio:.1f}x (CivicSTL {civic_s:.1f} s, Hugo {hugo_s:.2f} s, median of "
                   f"{pairs} pairs)", f"<= {TARGET_RATIO:.0f}x", ratio <= TARGET_RATIO, data),
        Row(f"  CivicSTL full build, {pages['civicstl']:,} pages",
            f"{_seconds(civic_runs)} s; CPU {civic_cpu:.1f} s of which system {civic_sys:.1f} s; "
            f"peak {data['civicstl_peak_mb']:,.0f} MB", detail=True),
        Row(f"  Hugo, {pages['hugo']:,} pages",
            f"{_seconds(hugo_runs)} s; peak {data['hugo_peak_mb']:,.0f} MB", detail=True),
    ]
    for folder in (out, site_out, hugo_out):
        shutil.rmtree(folder, ignore_errors=True)
    return rows
