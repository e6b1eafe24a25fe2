"""Issue 26, a newcomer's first minute: the development server on a port of one's own."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Playwright, Route, expect

from tests.e2e.helpers import (
    BUILD_CONTENT,
    CHECKIN_NOW,
    CHECKIN_SLOT,
    CHROMIUM,
    CHROMIUM_ARGS,
    PINNED_NOW,
    Account,
    Mailbox,
    Server,
    Session,
    register_account,
    register_in_browser,
    sign_in,
    unique_email,
    verification_link,
    verified_account,
    verify_account,
    visit,
    wait_path,
)
from tests.e2e.steps import (
    CHECKIN_ENDED,
    CODE,
    PHONE,
    WIDTHS,
    assert_inside_its_card,
    qr_video,
    roles_cli,
    rsvp_through_api,
)

pytestmark = pytest.mark.e2e



@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_newcomer_registers_on_either_loopback_name(
    development_server: Server, new_session: Callable[..., Session], host: str, width: int
) -> None:
    """`PORT=<other> make run`: registering works on 127.0.0.1 and on localhost alike, and the
    session survives a reload there (its cookie belongs to the name the person used)."""
    port = development_server.url.rsplit(":", 1)[1]
    page = new_session(development_server, width=width).new_page()
    name = "Dana Whitfield"

    register_in_browser(page, name, unique_email(f"newcomer-{host}"),
                        f"http://{host}:{port}/register")
    assert page.url.startswith(f"http://{host}:{port}/")
    expect(page.locator("main").get_by_text(name).first).to_be_visible()
    expect(page.get_by_text("not allowed to use your session")).to_have_count(0)
    page.reload()
    expect(page.locator("main").get_by_text(name).first).to_be_visible()


def _later(iso: str) -> str:
    """A minute after the moment `iso` (a browser clock pinned just past an event's end)."""
    return (datetime.fromisoformat(iso) + timedelta(minutes=1)).isoformat()


def _home_button_goes_to_an_upcoming_event(
    server: Server, new_session: Callable[..., Session], events: dict[str, Any], clock: str,
    width: int,
) -> str:
    """With the browser's clock at `clock`, the home button names an event that has not ended
    then and leads to its page; return that page's path."""
    page = new_session(server, width=width, clock=clock).new_page()
    visit(page, "/")
    button = page.locator("section.hero a.btn")
    href = button.get_attribute("href")
    by_path = {event["path"]: event for event in events["events"]}
    assert href in by_path, f"the home button leads to {href}, not an event page"
    event = by_path[href]
    assert datetime.fromisoformat(event["end"]) > datetime.fromisoformat(clock)
    expect(button).to_have_text(f"RSVP for {event['title']}")
    box = button.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    expect(page.locator("footer")).to_contain_text(f"© {datetime.now().year} CivicSTL")
    button.click()
    wait_path(page, href)
    expect(page.locator("h1").first).to_contain_text(event["title"])
    expect(page.get_by_text("Event finished")).to_have_count(0)
    return str(href)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_button_never_sends_anyone_to_the_past(
    live_server: Server, new_session: Callable[..., Session], events: dict[str, Any],
    width: int,
) -> None:
    """The featured event has ended by the browser's clock: the button names an upcoming event.
    And once the build's first choice has ended too, the browser moves on by itself."""
    home = json.loads((BUILD_CONTENT / "pages" / "home.json").read_text(encoding="utf-8"))
    featured = [e for e in events["events"] if home["featured"] in (e["slug"], e["series"])]
    assert featured, f"home.yaml's featured {home['featured']!r} is no event of the build"
    after_featured = _later(max(e["end"] for e in featured))
    shown = _home_button_goes_to_an_upcoming_event(live_server, new_session, events,
                                                   after_featured, width)
    assert shown not in {e["path"] for e in featured}

    # The build's own first choice, read from the HTML as a browser without JavaScript sees it.
    bare = new_session(live_server, width=width, javascript=False).new_page()
    bare.goto("/")
    choices = json.loads(bare.locator("[data-choices]").get_attribute("data-choices") or "[]")
    first_end, first_href, *_ = choices[0]
    moved = _home_button_goes_to_an_upcoming_event(live_server, new_session, events,
                                                   _later(first_end), width)
    assert moved != first_href


def test_the_month_filter_offers_only_upcoming_months(
    live_server: Server, new_session: Callable[..., Session], events: dict[str, Any],
) -> None:
    """The feed's month filter lists the months that hold upcoming events; past ones stay below."""
    page = new_session(live_server).new_page()
    visit(page, "/features")
    now = datetime.now().astimezone()
    months = sorted({e["date"][:7] for e in events["events"]
                     if datetime.fromisoformat(e["end"]) > now})
    offered = page.get_by_label("Month").locator("option").evaluate_all(
        "options => options.map(o => o.value)")
    assert offered == ["", *months]
    past = [e for e in events["events"] if datetime.fromisoformat(e["end"]) <= now]
    assert past, "the content has past events (the clinic of July 2025)"
    past_section = page.locator("section[aria-labelledby=past-title]")
    expect(past_section.get_by_text(past[-1]["title"]).first).to_be_visible()


# --------------------------------------------------------------------------------------------
# Full means waitlist, up front; every RSVP state stays inside its slot's card
# --------------------------------------------------------------------------------------------
# Every element of a slot, and the slot itself, must lie inside (the slot's card, the slot).
def _sign_in_on(page: Page, account: Account) -> None:
    visit(page, "/login")
    sign_in(page, account)
    wait_path(page, "/dashboard")


@pytest.mark.parametrize("width", WIDTHS)
def test_a_full_slot_offers_the_waitlist_at_once_and_every_state_stays_in_its_card(
    restart_server: Callable[..., Server], new_session: Callable[..., Session],
    events: dict[str, Any], mailbox: Mailbox, width: int,
) -> None:
    """Idle, submitting, confirmed, full, waitlisted (with its place) and error: each inside its
    slot and card, at 1280 and 390 px; the full slot says so before anyone clicks."""
    event = next(e for e in events["events"] if e["slug"] == "doorways-welcome-kits")
    full_slot, free_slot = event["slots"]
    server = restart_server(PINNED_NOW)
    for n in range(full_slot["capacity"]):
        holder = verified_account(server, mailbox, f"Holder{n} Example", f"holder{n}")
        rsvp_through_api(server, holder, full_slot["id"])

    volunteer = verified_account(server, mailbox, "Vera Volunteer", "vera")
    session = new_session(server, width=width)
    page = session.new_page()
    _sign_in_on(page, volunteer)
    posts: list[int] = []
    page.on("response", lambda r: posts.append(r.status)
            if r.request.method == "POST" and r.url.endswith("/api/rsvp") else None)
    visit(page, event["path"])
    full = page.locator(f'li[data-event-id="{full_slot["id"]}"]')
    free = page.locator(f'li[data-event-id="{free_slot["id"]}"]')

    # Full, from the first render of the counts: no RSVP button, no 409 round trip.
    expect(full).to_contain_text("Full", timeout=15_000)
    expect(full.get_by_role("button", name="Join the waitlist")).to_be_enabled()
    expect(full.get_by_role("button", name="RSVP", exact=True)).to_have_count(0)
    assert posts == []
    assert_inside_its_card(full, "full", width)

    # Idle, then submitting (the request held until measured), then confirmed.
    expect(free.get_by_role("button", name="RSVP", exact=True)).to_be_enabled()
    assert_inside_its_card(free, "idle", width)
    held: list[Route] = []
    page.route("**/api/rsvp", lambda route: held.append(route)
               if route.request.method == "POST" else route.continue_())
    free.get_by_role("button", name="RSVP", exact=True).click()
    expect(free.get_by_role("button", name="Submitting...")).to_be_disabled()
    assert_inside_its_card(free, "submitting", width)
    for _ in range(100):  # the sync API runs the route handler while the page waits
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the RSVP request never left the page"
    assert_inside_its_card(free, "submitting", width)
    held[0].continue_()
    page.unroute("**/api/rsvp")
    expect(free.get_by_role("button", name="RSVP'd!")).to_be_disabled()
    assert_inside_its_card(free, "confirmed", width)

    # Waitlisted, with its place.
    full.get_by_role("button", name="Join the waitlist").click()
    expect(full).to_contain_text("You are #1 on the waitlist")
    expect(full.get_by_role("button", name="On the waitlist")).to_be_disabled()
    assert_inside_its_card(full, "waitlisted", width)
    assert 409 not in posts, posts

    # Error: the service's clock is past the event the browser still shows as upcoming.
    later = next(e for e in events["events"] if e["slug"] == "girl-scouts-service-day")
    server = restart_server(_later(later["end"]))
    page = new_session(server, width=width, clock=PINNED_NOW).new_page()
    _sign_in_on(page, volunteer)
    visit(page, later["path"])
    slot = page.locator(f'li[data-event-id="{later["slots"][0]["id"]}"]')
    slot.get_by_role("button", name="RSVP", exact=True).click()
    expect(slot.get_by_role("alert")).to_have_text("This event has ended.")
    expect(slot.get_by_role("button", name="RSVP", exact=True)).to_be_enabled()
    assert_inside_its_card(slot, "error", width)


# --------------------------------------------------------------------------------------------
# The door: the dashboard's code and QR are what the check-in screen takes
# --------------------------------------------------------------------------------------------
def _scan_at_the_door(playwright: Playwright, server: Server, organizer: Account, png: bytes,
                      folder: Path) -> Page:
    """The check-in screen on a phone whose (fake) camera sees `png`, signed in as organizer."""
    video = qr_video(png, folder / "qr.y4m")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=[
        *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    context = browser.new_context(base_url=server.url, permissions=["camera"],
                                  viewport={"width": PHONE["width"], "height": PHONE["height"]})
    page = context.new_page()
    page.on("close", lambda _page: browser.close())
    _sign_in_on(page, organizer)
    visit(page, f"/organize/checkin?slot={CHECKIN_SLOT}")
    page.get_by_role("button", name="Scan QR code").click()
    return page


@pytest.mark.parametrize("width", WIDTHS)
def test_the_dashboard_shows_the_code_and_qr_the_checkin_screen_accepts(
    restart_server: Callable[..., Server], new_session: Callable[..., Session],
    playwright_instance: Playwright, mailbox: Mailbox, tmp_path: Path, width: int,
) -> None:
    """Each upcoming RSVP shows its code and a QR big enough to scan; the check-in screen takes
    the typed code and the scanned QR; a checked-in RSVP says so and offers no Cancel, and its
    hours and badge appear once the slot has ended, not at the check-in."""
    server = restart_server(CHECKIN_NOW)
    organizer = register_account(server, "Olive Organizer", "organizer")
    verify_account(server, mailbox, organizer)  # roles need a verified address
    vera = verified_account(server, mailbox, "Vera Volunteer", "vera")
    sam = verified_account(server, mailbox, "Sam Scanned", "sam")
    for account in (vera, sam):
        rsvp_through_api(server, account, CHECKIN_SLOT)
    granted = roles_cli(server, "grant", organizer.email, "organizer", "--org", "doorways")
    assert granted.returncode == 0, granted.stderr

    dashboards = {}
    for account in (vera, sam):
        page = new_session(server, width=width).new_page()
        _sign_in_on(page, account)
        rsvps = page.get_by_role("region", name="Your RSVPs")
        expect(rsvps.locator(".checkin-code")).to_have_text(CODE, timeout=15_000)
        qr = rsvps.get_by_role("img", name=re.compile("^QR code of your check-in code"))
        box = qr.bounding_box()
        assert box and box["width"] >= 200 and box["height"] >= 200, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        expect(rsvps.get_by_role("button", name="Cancel")).to_be_visible()
        dashboards[account.email] = page

    # Vera reads her code out; the organizer types it.
    vera_page = dashboards[vera.email]
    vera_code = vera_page.locator(".checkin-code").inner_text()
    phone = new_session(server, **PHONE).new_page()
    _sign_in_on(phone, organizer)
    visit(phone, f"/organize/checkin?slot={CHECKIN_SLOT}")
    phone.get_by_role("button", name="Type a code").click()
    phone.get_by_label("Check-in code").fill(vera_code)
    phone.get_by_role("button", name="Check in by code").click()
    expect(phone.get_by_text(f"Checked in: {vera.name}.")).to_be_visible()

    # Sam holds his phone up: the camera sees the dashboard's QR code.
    sam_page = dashboards[sam.email]
    png = sam_page.get_by_role("img", name=re.compile("^QR code of")).screenshot()
    scanner = _scan_at_the_door(playwright_instance, server, organizer, png, tmp_path)
    try:
        expect(scanner.get_by_text(f"Checked in: {sam.name}.")).to_be_visible(timeout=20_000)
    finally:
        scanner.close()

    for page in (vera_page, sam_page):
        page.reload()
        rsvps = page.get_by_role("region", name="Your RSVPs")
        expect(rsvps.get_by_text("Checked in", exact=True)).to_be_visible(timeout=15_000)
        expect(rsvps.get_by_role("button", name="Cancel")).to_have_count(0)
        expect(rsvps.get_by_role("img", name=re.compile("^QR code of"))).to_have_count(0)
        expect(page.get_by_role("region", name="Your impact")).to_contain_text(
            "0 hours volunteered")
        expect(page.get_by_text("No badges yet")).to_be_visible()

    # After the slot's end (the service restarted with its clock there) the 1.5 hours and the
    # first badge are credited, dated at the slot's end, and fit the page at this width.
    server = restart_server(CHECKIN_ENDED)
    later = new_session(server, width=width).new_page()
    _sign_in_on(later, vera)
    impact = later.get_by_role("region", name="Your impact")
    expect(impact).to_contain_text("1.5 hours volunteered", timeout=15_000)
    first = later.get_by_role("img", name="First event badge")
    badge = impact.get_by_role("listitem").filter(has=first)
    expect(badge).to_contain_text("Earned January 16, 2027.")
    box = badge.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, box


# --------------------------------------------------------------------------------------------
# Verification leads on
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", WIDTHS)
def test_the_verification_link_leads_back_to_the_event_of_the_rsvp(
    pinned_server: Server, mailbox: Mailbox, new_session: Callable[..., Session],
    events: dict[str, Any], width: int,
) -> None:
    """RSVP pressed signed out -> sign in page -> register -> the email's link, in a new tab:
    verified, the page links back to the event the person was RSVPing for."""
    event = next(e for e in events["events"] if e["slug"] == "doorways-welcome-kits")
    session = new_session(pinned_server, width=width)
    page = session.new_page()
    visit(page, event["path"])
    slot = page.locator(f'li[data-event-id="{event["slots"][1]["id"]}"]')
    slot.get_by_role("button", name="RSVP", exact=True).click()
    wait_path(page, "/login")
    email = unique_email("going")
    register_in_browser(page, "Gina Going", email)

    tab = session.new_page()
    visit(tab, verification_link(mailbox, email))
    tab.get_by_role("button", name="Verify Your Email").click()
    expect(tab.get_by_role("status")).to_have_text("Email verified successfully!")
    onward = tab.get_by_role("link", name="Back to the event you were RSVPing for")
    expect(onward).to_have_attribute("href", event["path"])
    onward.click()
    wait_path(tab, event["path"])
    expect(tab.locator("h1").first).to_contain_text(event["title"])
