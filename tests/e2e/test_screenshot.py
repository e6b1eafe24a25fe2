"""The README's screenshot of the event feed (docs/screenshot-event-feed.png).

Every run renders the feed and checks the capture; the committed file is rewritten only when it
is missing or UPDATE_SCREENSHOT=1, so a test run never dirties the checkout. The page is laid out
at 1200x800 and captured at 0.75 device pixels per CSS pixel (900x600), which keeps the PNG small
without an image library.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import ROOT, Server, Session

pytestmark = pytest.mark.e2e

SCREENSHOT = ROOT / "docs" / "screenshot-event-feed.png"
MAX_BYTES = 250_000


def test_event_feed_screenshot(pinned_server: Server, new_session: Callable[..., Session]) -> None:
    """Capture /features with upcoming events as a small 900x600 PNG."""
    session = new_session(pinned_server, width=1200, height=800, scale=0.75)
    page = session.new_page()
    page.goto("/features")
    expect(page.locator("h1")).to_have_count(1)
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready")
    data = page.screenshot(type="png", animations="disabled", caret="hide")
    width, height = struct.unpack(">II", data[16:24])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert (width, height) == (900, 600)
    assert len(data) <= MAX_BYTES, f"screenshot is {len(data)} bytes"
    if not SCREENSHOT.exists() or os.environ.get("UPDATE_SCREENSHOT") == "1":
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        SCREENSHOT.write_bytes(data)
