"""The civic index at scale: /organizations' weight and the time to a first search result.

At 28, 4,000 and 25,000 organizations (28 and 1,000 with --quick), a site is built from the
synthetic tree (the generator's output reused when the generator benchmark made it), then:
the HTML and first-visit JavaScript of /organizations (page_weight's measure), the search
chunks the browser fetches on first search, and, served by the RSVP service in Chromium, the
time from entering a search for the last organization of the index (its whole name, at once)
until its card is on screen: on this machine's CPU, and with the CPU four times slower
(Chrome DevTools Protocol Emulation.setCPUThrottlingRate, as the INP benchmark).
"""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from bench.context import Context
from bench.database import SqliteDb
from bench.full_build import generator_output, site_snapshot
from bench.lighthouse import CHROME, CHROME_FLAGS
from bench.measure import timed
from bench.page_weight import weigh
from bench.report import Row, failed
from bench.servers import service_env, uvicorn

SIZES = (28, 4_000, 25_000)
QUICK_SIZES = (28, 1_000)
HTML_MAX_GZIP = 100 * 1024
BUILD_LIMIT = 400.0
CPU_SLOWDOWN = 4
# Resolves with the milliseconds from the first `input` event of the search box until the card
# linking to `href` is in the DOM and painted.
WATCH = """
(href) => { window.__firstResult = new Promise((resolve) => {
  const input = document.getElementById('org-search')
  let start = 0
  input.addEventListener('input', () => { start = start || performance.now() })
  const seen = () => document.querySelector('main a.org-card[href="' + href + '"]')
  new MutationObserver((_, observer) => {
    if (!start || !seen()) return
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  }).observe(document.querySelector('main'), { childList: true, subtree: true })
}) }
"""


def _search_data(site: Path, content: Path) -> tuple[int, int, int]:
    """Raw and gzipped bytes of every search chunk, and how many there are."""
    refs = json.loads((content / "civic-index.json").read_text(encoding="utf-8"))["search"]
    raw = gz = 0
    for ref in refs:
        data = (site / ref["url"].lstrip("/")).read_bytes()
        raw += len(data)
        gz += len(gzip.compress(data, compresslevel=9, mtime=0))
    return raw, gz, len(refs)


def _first_result_ms(browser: Browser, base: str, org: dict[str, str], slowdown: int) -> float:
    """One fresh visitor: open /organizations, type the name, time until its card shows."""
    context = browser.new_context(base_url=base)
    try:
        page = context.new_page()
        if slowdown > 1:
            page.context.new_cdp_session(page).send(
                "Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto("/organizations")
        page.wait_for_selector("html[data-hydrated]", state="attached", timeout=60_000)
        page.evaluate(WATCH, org["link"])
        page.get_by_placeholder("Search organizations...").fill(org["name"].lower())
        return float(page.evaluate("window.__firstResult"))
    finally:
        context.close()


def _measure(ctx: Context, size: int, browser: Browser) -> Row:
    label = f"civic index {size:,} orgs"
    content, gen = generator_output(ctx, size)
    if gen is None or not gen.ok:
        return failed(label, "generator: " + (gen.reason(BUILD_LIMIT) if gen else "?"))
    site = ctx.scratch / f"civic-site-{size}"
    built = timed(["npm", "run", "--silent", "build"], limit=BUILD_LIMIT, cwd=site_snapshot(ctx),
                  env={"CONTENT_DIR": str(content), "SITE_OUT_DIR": str(site)})
    if not built.ok:
        return failed(label, f"site build: {built.reason(BUILD_LIMIT)}")
    weight = weigh(site, "/organizations")
    raw, gz, chunks = _search_data(site, content)
    last = json.loads((content / "organizations.json").read_text(encoding="utf-8"))[-1]
    folder = ctx.scratch / f"civic-service-{size}"
    db = SqliteDb(folder)
    env = service_env(ctx, db.url, folder, STATIC_DIR=str(site),
                      EVENTS_FILE=str(content / "events.json"))
    with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True, env=env,
                 log=folder / "service.log") as base:
        fast = _first_result_ms(browser, base, last, 1)
        slow = _first_result_ms(browser, base, last, CPU_SLOWDOWN)
    shutil.rmtree(site, ignore_errors=True)
    ok = weight.html_gzip <= HTML_MAX_GZIP
    measured = (f"/organizations HTML {weight.html_raw / 1024:.1f} KB "
                f"({weight.html_gzip / 1024:.1f} gz), JS {weight.js_raw / 1024:.1f} KB "
                f"({weight.js_gzip / 1024:.1f} gz); search data {raw / 1024:,.0f} KB "
                f"({gz / 1024:,.0f} gz) in {chunks} chunks; first result {fast:,.0f} ms "
                f"({slow:,.0f} ms at CPU x{CPU_SLOWDOWN})")
    return Row(label, measured, f"HTML <= {HTML_MAX_GZIP // 1024} KB gz", ok,
               {"size": size, "html_raw": weight.html_raw, "html_gzip": weight.html_gzip,
                "js_raw": weight.js_raw, "js_gzip": weight.js_gzip, "search_raw": raw,
                "search_gzip": gz, "search_chunks": chunks, "first_result_ms": fast,
                "first_result_slow_ms": slow, "site_build_seconds": built.seconds,
                "site_build_peak_mb": built.peak_mb}, gate=True)


def run(ctx: Context) -> list[Row]:
    """One row per size; the HTML budget is a gate, the search times are reported."""
    if not (ctx.root / "site" / "node_modules").is_dir():
        return [failed("civic index", "site/node_modules missing (run make install)")]
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROME,
                                     args=[f for f in CHROME_FLAGS if f != "--headless"])
        try:
            for size in QUICK_SIZES if ctx.quick else SIZES:
                try:
                    rows.append(_measure(ctx, size, browser))
                except Exception as exc:  # one broken size is a failed row, not a lost run
                    rows.append(failed(f"civic index {size:,} orgs",
                                       f"{type(exc).__name__}: {str(exc)[:160]}", gate=True))
        finally:
            browser.close()
    return rows
