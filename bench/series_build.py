"""Series-heavy build: 4,000 organizations each hosting a weekly series, about 20,000 dated events.

Every occurrence is an event page, two or three slot ids, a calendar file and entries in two
feeds, so this measures what series cost the generator and the site build (`vike build`, which
prerenders each occurrence's page). Reported without a target: the figures are context for the
organization-scaling rows. `--quick` uses 1,000 organizations and 5,000 occurrences.
"""

from __future__ import annotations

import shutil

from bench.context import PYTHON, Context
from bench.full_build import site_snapshot
from bench.measure import timed
from bench.report import Row, failed
from bench.synth import make_content

SIZE, OCCURRENCES = 4_000, 20_000
QUICK_SIZE, QUICK_OCCURRENCES = 1_000, 5_000
LIMIT = 900.0


def run(ctx: Context) -> list[Row]:
    """Generate and build the series-heavy tree; time both and take their peak memory."""
    size, occurrences = (QUICK_SIZE, QUICK_OCCURRENCES) if ctx.quick else (SIZE, OCCURRENCES)
    label = f"series {size:,} orgs, {occurrences:,} occurrences"
    content = make_content(size, ctx.scratch / "content-series", ctx.root / "content",
                           series_occurrences=occurrences)
    out = ctx.scratch / "built-series"
    gen = timed([PYTHON, "-m", "generator", "build", "--content", str(content), "--out", str(out)],
                limit=LIMIT, cwd=ctx.root, env=ctx.python_env)
    if not gen.ok:
        return [failed(f"generator build {label}", gen.reason(LIMIT))]
    rows = [Row(f"generator build {label}", f"{gen.seconds:.1f} s, {gen.peak_mb or 0:,.0f} MB", "",
                None, {"size": size, "occurrences": occurrences, "seconds": gen.seconds,
                       "peak_mb": gen.peak_mb})]
    if not (ctx.root / "site" / "node_modules").is_dir():
        return [*rows, failed(f"full build {label}", "site/node_modules missing (make install)")]
    site = site_snapshot(ctx)
    built = timed(["npm", "run", "--silent", "build"], limit=LIMIT, cwd=site,
                  env={"CONTENT_DIR": str(out), "SITE_OUT_DIR": str(ctx.scratch / "site-series")})
    if not built.ok:
        return [*rows, failed(f"full build {label}", built.reason(LIMIT))]
    seconds = gen.seconds + built.seconds
    peak = max(gen.peak_mb or 0, built.peak_mb or 0)
    rows.append(Row(
        f"full build {label}",
        f"{seconds:.1f} s (generator {gen.seconds:.1f} s + site {built.seconds:.1f} s), "
        f"peak {peak:,.0f} MB (site {built.peak_mb or 0:,.0f} MB)", "", None,
        {"size": size, "occurrences": occurrences, "seconds": seconds,
         "site_seconds": built.seconds, "peak_mb": peak, "site_peak_mb": built.peak_mb}))
    shutil.rmtree(ctx.scratch / "site-series", ignore_errors=True)
    return rows
