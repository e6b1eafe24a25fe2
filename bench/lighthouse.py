"""Lighthouse (mobile, simulated throttling) on every route of the built site, served locally.

The site is served by the RSVP service itself, as `make run` serves it, so security headers,
redirects and the API calls of interactive pages are the real ones. One Debian Chromium runs
for the whole benchmark; bench/lighthouse-cli/audit.mjs drives it with the pinned Lighthouse
(skipping only the bf-cache audit and the full-page screenshot, which no judged score uses).
The pages only a signed-in person sees (SIGNED_IN) are audited last, in the same Chromium after
an organizer and admin has signed in through /login, with the browser's storage kept.
"""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
import subprocess
import threading
import time
import urllib.request
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from bench.context import PYTHON, Context
from bench.database import SqliteDb
from bench.measure import kill_group
from bench.page_weight import routes
from bench.report import Row, failed, listing
from bench.servers import HOST, free_port, service_env, uvicorn

CLI_DIR = Path(__file__).parent / "lighthouse-cli"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"]
CATEGORIES = {"performance": 0.98, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0}
# A page of one person's account or of an emailed link asks search engines not to list it (robots
# noindex, site/pages/+config.ts), which Lighthouse's is-crawlable audit fails by design (SEO 0.66):
# such a page's SEO is judged on every other SEO audit.
BY_DESIGN = ["is-crawlable"]
TOTAL_LIMIT, QUICK_LIMIT = 420.0, 120.0
QUICK_ROUTES = ("/", "/features", "/about", "/keenstl")
# Signed out, these pages only redirect: they are audited signed in, as an organizer and admin.
SIGNED_IN = ("/dashboard", "/organize", "/organize/checkin", "/organize/roles")
ORGANIZER = {"name": "Avery Organizer", "email": "organizer@example.org",
             "password": "bench-organizer-passphrase-7"}
ORGANIZATION = "keenstl"


def _install() -> None:
    """Install the pinned CLI and web-vitals (bench/inp.py) from bench/lighthouse-cli's lock file
    (no browser download)."""
    if all((CLI_DIR / "node_modules" / name).is_dir() for name in ("lighthouse", "web-vitals")):
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=CLI_DIR,
                   check=True, timeout=300, capture_output=True,
                   env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})


def _chrome(profile: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    process = subprocess.Popen(
        [CHROME, *CHROME_FLAGS, f"--remote-debugging-port={port}",
         f"--remote-debugging-address={HOST}", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return process, port


def audit(
    urls: list[str], port: int, limit: float, *, keep_storage: bool = False
) -> dict[str, dict[str, Any]]:
    """Audit `urls` in turn through the Chromium on `port`; stop after `limit` seconds.

    Returns url -> {scores, finalUrl, error, fcpMs, lcpMs, tbtMs} for the URLs audited in time.
    """
    results: dict[str, dict[str, Any]] = {}
    env = {**os.environ, "AUDIT_KEEP_STORAGE": "1" if keep_storage else "0"}
    process = subprocess.Popen(["node", "audit.mjs", str(port), *urls], cwd=CLI_DIR,
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               start_new_session=True, env=env)
    # The timer kills the auditor when the budget is spent; lines read so far are kept.
    timer = threading.Timer(limit, kill_group, (process,))
    timer.start()
    try:
        assert process.stdout is not None
        for line in process.stdout:
            result = json.loads(line)
            results[result["url"]] = result
        process.wait()
    finally:
        timer.cancel()
        kill_group(process)
    return results


def verify_address(env: dict[str, str], base: str, address: str) -> None:
    """Open the link of `address`'s verification email (a .eml the file backend wrote): roles
    and RSVPs to account events go only to verified accounts."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for path in (Path(env["VAR_DIR"]) / "outbox").glob("*.eml"):
            message = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            body = message.get_body(preferencelist=("plain",))
            link = re.search(r"/verify\?token=([\w\-.~%]+)", body.get_content() if body else "")
            if address in str(message["To"]) and link:
                urllib.request.urlopen(f"{base}/api/auth/verify?token={link.group(1)}",
                                       timeout=30).close()
                return
        time.sleep(0.2)
    raise RuntimeError(f"The verification email to {address} was not written within 30 s.")


def _sign_in_organizer(ctx: Context, env: dict[str, str], base: str, port: int) -> None:
    """Register ORGANIZER, make it an organizer of ORGANIZATION and an admin, and sign it in
    through the site's /login in the Chromium on `port` (its cookie and storage stay)."""
    from playwright.sync_api import sync_playwright

    request = urllib.request.Request(
        base + "/api/auth/register", method="POST", headers={"Content-Type": "application/json"},
        data=json.dumps({**ORGANIZER, "role": "volunteer"}).encode())
    urllib.request.urlopen(request, timeout=30).close()
    verify_address(env, base, ORGANIZER["email"])
    for grant in (["organizer", "--org", ORGANIZATION], ["admin"]):
        subprocess.run([PYTHON, "-m", "rsvp_service", "roles", "grant", ORGANIZER["email"], *grant],
                       cwd=ctx.root, check=True, capture_output=True, timeout=60,
                       env={**os.environ, **ctx.python_env, **env})
    with sync_playwright() as playwright:
        browser = playwright.chromium.connect_over_cdp(f"http://{HOST}:{port}")
        page = browser.contexts[0].new_page()
        page.goto(base + "/login")
        page.get_by_label("Email").fill(ORGANIZER["email"])
        page.get_by_label("Password").fill(ORGANIZER["password"])
        page.get_by_role("button", name="Sign In", exact=True).click()
        page.wait_for_url(base + "/dashboard", timeout=30_000)
        page.close()
        browser.close()


def _checkin_slot(ctx: Context) -> str:
    """The first slot of ORGANIZATION's first event (the check-in view needs one)."""
    document = json.loads((ctx.content_dir / "events.json").read_text(encoding="utf-8"))
    event = next(e for e in document["events"] if (e.get("host") or {}).get("slug") == ORGANIZATION)
    return str(event["slots"][0]["id"])


def _route_row(path: str, result: dict[str, Any]) -> Row:
    if "scores" not in result:
        return failed(f"lighthouse {path}", str(result.get("error")))
    scores = dict(result["scores"])
    if result.get("seoFailing") == BY_DESIGN:
        scores["seo"] = 1.0
        result = {**result, "scores": scores, "seoNote": "noindex by design"}
    below = [name for name, target in CATEGORIES.items()
             if scores[name] is None or scores[name] < target]
    measured = ", ".join(f"{name} {scores[name]}" for name in CATEGORIES)
    fcp, lcp, tbt = (result[k] or 0 for k in ("fcpMs", "lcpMs", "tbtMs"))
    measured += f" (FCP {fcp / 1000:.1f} s, LCP {lcp / 1000:.1f} s, TBT {tbt:.0f} ms)"
    if result.get("seoNote"):
        measured += f"; SEO: {result['seoNote']} (is-crawlable fails, every other SEO audit passes)"
    if result.get("error"):
        measured += f"; {result['error']}"
    return Row(f"lighthouse {path}", measured, "perf >= 0.98, others 1.0", not below,
               {"path": path, **result, "below": below})


def _summary(rows: list[Row], planned: int) -> list[Row]:
    measured_rows = [r for r in rows if "scores" in r.data]
    summary = []
    for name, target in CATEGORIES.items():
        scores = [(r.data["scores"][name], r.data["path"]) for r in measured_rows]
        below = [path for score, path in scores if score is None or score < target]
        lowest = min((s for s, _ in scores if s is not None), default=None)
        text = (f"{len(scores)}/{planned} routes; lowest {lowest}"
                + (f"; below target: {listing(below)}" if below else ""))
        ok = bool(scores) and not below and len(scores) == planned
        summary.append(Row(f"lighthouse {name}", text, f">= {target}", ok,
                           {"lowest": lowest, "below": below, "routes": len(scores)}))
    return summary


def run(ctx: Context) -> list[Row]:
    """Audit every route (a few with --quick) within the time budget."""
    if not (ctx.site_dir / "index.html").exists():
        return [failed("lighthouse", f"no built site at {ctx.site_dir}")]
    _install()
    paths = [p for p in routes(ctx) if p != "/404" and p not in SIGNED_IN]
    # Event pages share one template: the first single event and the first series occurrence
    # stand for all of them (dozens more would not fit the time budget).
    events = [p for p in paths if p.startswith("/events/")]
    sample = [next((p for p in events if p.count("/") == n), None) for n in (2, 3)]
    paths = [p for p in paths if not p.startswith("/events/") or p in sample]
    if ctx.quick:
        paths = [p for p in paths if p in QUICK_ROUTES]
    signed_in = [] if ctx.quick else [
        f"{p}?slot={_checkin_slot(ctx)}" if p == "/organize/checkin" else p for p in SIGNED_IN]
    limit = QUICK_LIMIT if ctx.quick else TOTAL_LIMIT
    folder = ctx.scratch / "lighthouse"
    db = SqliteDb(folder)
    folder.mkdir(parents=True, exist_ok=True)
    # The service takes a sign-in only from its own origin (SITE_URL): the port comes first.
    port = free_port()
    env = service_env(ctx, db.url, folder, SITE_URL=f"http://{HOST}:{port}")
    started = time.monotonic()
    with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True, env=env,
                 log=folder / "service.log", port=port) as base:
        chrome, debug_port = _chrome(folder / "profile")
        try:
            time.sleep(1.0)  # let Chromium open its debugging port
            results = audit([base + p for p in paths], debug_port, limit)
            if signed_in:
                _sign_in_organizer(ctx, env, base, debug_port)
                left = max(limit - (time.monotonic() - started), 60.0)
                results |= audit([base + p for p in signed_in], debug_port, left,
                                 keep_storage=True)
        finally:
            kill_group(chrome)
    rows = [_route_row(p, results[base + p]) if base + p in results
            else failed(f"lighthouse {p}", f"not audited within the {limit:.0f} s budget")
            for p in [*paths, *signed_in]]
    for row in rows:
        row.detail = True
    return [*_summary(rows, len(paths) + len(signed_in)), *rows]
