"""Full build scaling: `make site` per size, as `make build` runs it (the generator beside the
site's bundle, then the prerender).

The site is built from a snapshot copy of site/ (SITE_DIR, sharing its node_modules) into the
scratch folder, so neither site/dist nor build/site of the real build is touched.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from bench.context import PYTHON, Context
from bench.generator_scaling import sizes
from bench.measure import Measured, timed
from bench.report import Row, failed

TARGET_SECONDS, TARGET_MB = 10.0, 1024
LARGEST_MB = 2048
LIMITS = {28: 120.0, 1_000: 120.0, 4_000: 180.0, 25_000: 200.0}
# Left out of the snapshot: installed packages (linked instead) and build output.
SNAPSHOT_SKIP = shutil.ignore_patterns("node_modules", "dist", "generated")


def site_snapshot(ctx: Context) -> Path:
    """A copy of site/ in the scratch folder (its node_modules, and the web editor's package
    ../admin, linked), made once per run."""
    site = ctx.scratch / "site"
    if not site.exists():
        shutil.copytree(ctx.root / "site", site, ignore=SNAPSHOT_SKIP)
        os.symlink(ctx.root / "site" / "node_modules", site / "node_modules")
        os.symlink(ctx.root / "admin", site.parent / "admin")
    return site


def generator_output(ctx: Context, size: int) -> tuple[Path, Measured | None]:
    """The generator output for `size`, built here unless the generator benchmark did."""
    if size in ctx.built:
        return ctx.built[size], ctx.generator_runs.get(size)
    out = ctx.scratch / f"built-{size}"
    m = timed([PYTHON, "-m", "generator", "build", "--content", str(ctx.tree(size)),
               "--out", str(out)], limit=LIMITS[size], cwd=ctx.root, env=ctx.python_env)
    return out, m


def make_site(ctx: Context, tree: Path, out: Path, site_out: Path, limit: float) -> Measured:
    """`make site` on the content tree `tree`, as `make build` runs it: the generator's output
    into `out`, the site into `site_out`, from the snapshot of site/."""
    return timed(["make", "--no-print-directory", "site", f"CONTENT={tree}", f"CONTENT_OUT={out}",
                  f"SITE_DIR={site_snapshot(ctx)}"], limit=limit, cwd=ctx.root,
                 env={**ctx.python_env, "CONTENT_DIR": str(out), "SITE_OUT_DIR": str(site_out)})


def _target(size: int) -> str:
    if size == 4_000:
        return f"<= {TARGET_SECONDS:.0f} s and <= {TARGET_MB / 1024:.0f} GB"
    if size == 25_000:
        return f"completes within {LARGEST_MB / 1024:.0f} GB"
    return ""


def run(ctx: Context) -> list[Row]:
    """Run the full build of each size; time it and take the peak memory of its process tree."""
    if not (ctx.root / "site" / "node_modules").is_dir():
        return [failed("full build", "site/node_modules missing (run make install)")]
    rows: list[Row] = []
    for size in sizes(ctx):
        label, target = f"full build {size:,} orgs", _target(size)
        out = ctx.scratch / f"full-build-{size}"
        built = make_site(ctx, ctx.tree(size), out, ctx.scratch / "site-out", LIMITS[size])
        shutil.rmtree(ctx.scratch / "site-out", ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
        if not built.ok:
            rows.append(failed(label, f"after {built.seconds:.0f} s, peak {built.peak_mb or 0:.0f}"
                               f" MB: {built.reason(LIMITS[size])}", target))
            continue
        peak = built.peak_mb or 0
        ok: bool | None = None
        if size == 4_000:
            ok = built.seconds <= TARGET_SECONDS and peak <= TARGET_MB
        elif size == 25_000:
            ok = peak <= LARGEST_MB
        rows.append(Row(label, f"{built.seconds:.1f} s, peak {peak:,.0f} MB", target, ok,
                        {"size": size, "seconds": built.seconds, "peak_mb": peak}))
    return rows
