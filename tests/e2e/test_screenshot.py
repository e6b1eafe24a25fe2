"""The README's and docs' screenshots: the event feed, an event page, the dashboard, /organize.

Every run renders each page and checks the capture; a committed file is rewritten only when it is
missing or UPDATE_SCREENSHOT=1, so a test run never dirties the checkout. Pages are captured below
one device pixel per CSS pixel, which keeps the PNGs small without an image library.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.helpers import (
    CHECKIN_NOW,
    CHECKIN_SLOT,
    ROOT,
    Mailbox,
    Server,
    Session,
    register_account,
    settle,
    sign_in,
    verify_account,
    visit,
    wait_path,
)
from tests.e2e.steps import roles_cli, rsvp_through_api

pytestmark = pytest.mark.e2e

SCREENSHOT = ROOT / "docs" / "screenshot-event-feed.png"
SCREENSHOTS = ROOT / "docs" / "screenshots"
MAX_BYTES = 250_000
# (width, height, device pixels per CSS pixel) of a desktop and a phone.
VIEWPORTS = {1280: (1280, 900, 0.5), 390: (390, 844, 1.0)}


def _capture(page: Page, path: Path, size: tuple[int, int]) -> None:
    """Screenshot the viewport as a PNG of `size`; write it when missing or asked to."""
    settle(page)
    page.evaluate("document.fonts.ready")
    data = page.screenshot(type="png", animations="disabled", caret="hide")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == size
    assert len(data) <= MAX_BYTES, f"{path.name} is {len(data)} bytes"
    if not path.exists() or os.environ.get("UPDATE_SCREENSHOT") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def test_event_feed_screenshot(pinned_server: Server, new_session: Callable[..., Session]) -> None:
    """Capture /features with upcoming events as a small 900x600 PNG (the README's first)."""
    session = new_session(pinned_server, width=1200, height=800, scale=0.75)
    page = session.new_page()
    page.goto("/features")
    expect(page.locator("h1")).to_have_count(1)
    _capture(page, SCREENSHOT, (900, 600))


@pytest.mark.parametrize("width", list(VIEWPORTS))
def test_screenshots_of_the_four_main_pages(
    restart_server: Callable[..., Server], new_session: Callable[..., Session], mailbox: Mailbox,
    width: int,
) -> None:
    """The feed, an event page, a volunteer's dashboard (with its check-in code) and an
    organizer's /organize, at a desktop's and a phone's width."""
    server = restart_server(CHECKIN_NOW)
    volunteer = register_account(server, "Vera Volunteer", "shot-vera")
    verify_account(server, mailbox, volunteer)
    rsvp_through_api(server, volunteer, CHECKIN_SLOT)
    organizer = register_account(server, "Olive Organizer", "shot-olive")
    verify_account(server, mailbox, organizer)
    assert roles_cli(server, "grant", organizer.email, "organizer", "--org", "doorways") \
        .returncode == 0
    w, h, scale = VIEWPORTS[width]
    size = (round(w * scale), round(h * scale))

    def shot(name: str) -> Path:
        return SCREENSHOTS / f"{name}-{width}.png"

    page = new_session(server, width=w, height=h, scale=scale).new_page()
    visit(page, "/features")
    expect(page.get_by_role("heading", name="Upcoming Events")).to_be_visible()
    _capture(page, shot("feed"), size)
    visit(page, "/events/doorways-welcome-kits")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    _capture(page, shot("event"), size)

    for account, path, region in ((volunteer, "/dashboard", "Your RSVPs"),
                                  (organizer, "/organize", None)):
        signed_in = new_session(server, width=w, height=h, scale=scale).new_page()
        visit(signed_in, "/login")
        sign_in(signed_in, account)
        wait_path(signed_in, "/dashboard")
        if region:
            rsvps = signed_in.get_by_role("region", name=region)
            expect(rsvps.locator(".checkin-code")).to_be_visible(timeout=15_000)
            # The picture is of the RSVP with its code and QR, as shown at the door.
            rsvps.evaluate("el => el.scrollIntoView({block: 'start'})")
        else:
            visit(signed_in, path)
            expect(signed_in.get_by_text("Doorways", exact=False).first).to_be_visible(
                timeout=15_000)
        _capture(signed_in, shot(path.strip("/")), size)
