"""Interaction to Next Paint (web-vitals) of the journeys a visitor starts at once on a slow phone.

Every script arrives 2 s late and the CPU runs four times slower (Chrome DevTools Protocol
Emulation.setCPUThrottlingRate), as in tests/e2e/test_slow_phone.py; the visitor types and presses
as soon as the HTML has been parsed. web-vitals' onINP (reportAllChanges) keeps the worst
interaction of the tab in sessionStorage, which survives the journey's own navigations.
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Callable
from datetime import timedelta

import httpx
from playwright.sync_api import Page, Route, expect, sync_playwright

from bench.context import Context
from bench.database import SqliteDb
from bench.lighthouse import CHROME, CHROME_FLAGS, CLI_DIR, _install, verify_address
from bench.report import Row, failed
from bench.servers import HOST, free_port, guest_slot, service_env, uvicorn

TARGET_MS = 200.0
SCRIPT_DELAY_MS = 2_000
CPU_SLOWDOWN = 4
PASSWORD = "Bench-Passw0rd!"
WEB_VITALS = CLI_DIR / "node_modules" / "web-vitals" / "dist" / "web-vitals.iife.js"
# The worst interaction so far, kept across the tab's navigations; 16 ms: every frame-long one.
RECORD = """
webVitals.onINP(function (m) {
  var worst = Number(sessionStorage.getItem('bench-inp') || 0)
  if (m.value > worst) sessionStorage.setItem('bench-inp', String(m.value))
}, { reportAllChanges: true, durationThreshold: 16 })
"""
LABEL = re.IGNORECASE
# The browser's wall clock moved to the service's CIVIC_NOW (so the guest event is upcoming), time
# still flowing. Not Playwright's clock: it also fakes the timers and performance.now(), and
# web-vitals then never reports.
SHIFT_CLOCK = """
(function (pinned) {
  var Real = Date, offset = pinned - Real.now()
  function Shifted(...a) {
    return a.length ? new Real(...a) : new Real(Real.now() + offset)
  }
  Shifted.prototype = Real.prototype
  Shifted.now = function () { return Real.now() + offset }
  Shifted.parse = Real.parse
  Shifted.UTC = Real.UTC
  Date = Shifted
})(%d);
"""


def _slow_phone(page: Page) -> None:
    def late(route: Route) -> None:
        page.wait_for_timeout(SCRIPT_DELAY_MS)
        route.continue_()

    page.route(re.compile(r"\.js(\?.*)?$"), late)
    page.context.new_cdp_session(page).send(
        "Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def _arrive(page: Page, path: str) -> None:
    _slow_phone(page)
    page.goto(path, wait_until="domcontentloaded")


def _register(base: str, name: str) -> str:
    email = f"bench-inp-{uuid.uuid4().hex[:10]}@example.com"
    response = httpx.post(f"{base}/api/auth/register", timeout=30, json={
        "name": name, "role": "volunteer", "email": email, "password": PASSWORD})
    response.raise_for_status()
    return email


def _login(page: Page, base: str) -> None:
    email = _register(base, "Bench Login")
    _arrive(page, "/login")
    page.get_by_label(re.compile(r"^\s*email", LABEL)).press_sequentially(email)
    password = page.get_by_label(re.compile(r"^\s*password", LABEL))
    password.press_sequentially(PASSWORD)
    password.press("Enter")
    page.wait_for_url(re.compile(r"/dashboard"), timeout=30_000)


def _register_journey(page: Page, base: str) -> None:
    _arrive(page, "/register")
    email = f"bench-inp-{uuid.uuid4().hex[:10]}@example.com"
    for pattern, value in ((r"^\s*(full )?name", "Bench Register"), (r"^\s*email", email),
                           (r"^\s*password", PASSWORD), (r"^\s*(verify|confirm)", PASSWORD)):
        page.get_by_label(re.compile(pattern, LABEL)).press_sequentially(value)
    page.get_by_label(re.compile(r"^\s*(verify|confirm)", LABEL)).press("Enter")
    page.wait_for_url(re.compile(r"/dashboard"), timeout=30_000)


def _popup(page: Page, path: str) -> None:
    _arrive(page, path)
    page.locator("main").get_by_role("button", name=re.compile("RSVP", LABEL)).first.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible(timeout=30_000)
    dialog.get_by_label("First Name").press_sequentially("Avery")


def _slot(page: Page, path: str, base: str, env: dict[str, str]) -> None:
    # Signed in first, with a verified address (not measured), so the RSVP completes on the page.
    email = _register(base, "Bench Slot")
    verify_address(env, base, email)
    page.goto("/login")
    page.wait_for_selector("html[data-hydrated]")
    page.get_by_label(re.compile(r"^\s*email", LABEL)).fill(email)
    page.get_by_label(re.compile(r"^\s*password", LABEL)).fill(PASSWORD)
    page.get_by_label(re.compile(r"^\s*password", LABEL)).press("Enter")
    page.wait_for_url(re.compile(r"/dashboard"), timeout=30_000)
    page.evaluate("sessionStorage.removeItem('bench-inp')")
    _arrive(page, path)
    button = page.locator("main li.slot button").first
    button.click()
    expect(button).to_have_text(re.compile("RSVP'd", LABEL), timeout=30_000)


def run(ctx: Context) -> list[Row]:
    """One row per journey: the worst INP of the tab, against 200 ms."""
    if not (ctx.site_dir / "index.html").exists():
        return [failed("inp", f"no built site at {ctx.site_dir}")]
    _install()
    events = json.loads((ctx.content_dir / "events.json").read_text("utf-8"))
    guest = next(e for e in events["events"] if e["slug"] == events["guest_rsvp_event"])
    account = next(e for e in events["events"] if e["rsvp"] == "account" and e["slots"])
    _, _, start = guest_slot(ctx)
    folder = ctx.scratch / "inp"
    db = SqliteDb(folder)
    folder.mkdir(parents=True, exist_ok=True)
    # The service takes a sign-in only from its own origin (SITE_URL): the port comes first.
    port = free_port()
    env = service_env(ctx, db.url, folder, SITE_URL=f"http://{HOST}:{port}")
    civic_now = start - timedelta(days=7)  # as in service_env
    script = (SHIFT_CLOCK % int(civic_now.timestamp() * 1000)
              + WEB_VITALS.read_text(encoding="utf-8") + RECORD)
    rows: list[Row] = []
    with uvicorn(ctx, "rsvp_service.app.server:create_served_app", factory=True, env=env,
                 log=folder / "service.log", port=port) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROME,
                                     args=[f for f in CHROME_FLAGS if f != "--headless"])
        journeys: dict[str, Callable[[Page], None]] = {
            "login": lambda page: _login(page, base),
            "register": lambda page: _register_journey(page, base),
            "popup RSVP": lambda page: _popup(page, guest["path"]),
            "slot RSVP": lambda page: _slot(page, account["path"], base, env),
        }
        try:
            for name, journey in journeys.items():
                context = browser.new_context(base_url=base, locale="en-US",
                                              timezone_id="America/Chicago")
                context.add_init_script(script)
                page = context.new_page()
                try:
                    journey(page)
                    page.wait_for_timeout(500)
                    inp = float(page.evaluate("sessionStorage.getItem('bench-inp') || 0"))
                    rows.append(Row(f"INP {name} (slow phone)", f"{inp:.0f} ms",
                                    f"<= {TARGET_MS:.0f} ms", inp <= TARGET_MS, {"inp_ms": inp}))
                except Exception as exc:  # one broken journey is a failed row, not a lost run
                    rows.append(failed(f"INP {name} (slow phone)", f"{type(exc).__name__}: "
                                       f"{str(exc).splitlines()[0][:160]}"))
                finally:
                    # A script still held by _slow_phone's route would raise into the next journey.
                    page.unroute_all(behavior="ignoreErrors")
                    context.close()
        finally:
            browser.close()
    return rows

