"""Issue 38, at a desktop's and a phone's width: a finished event shows what happened (no RSVP
total, no Add to calendar or Share, no clip-art); a logo keeps its own shape beside a long name;
a series' page says its rule in words, with its host's logo, Before you go and spots left.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from tests.e2e.helpers import Server, Session, visit

pytestmark = pytest.mark.e2e

WIDTHS = [1280, 390]
# An uploaded logo three times as wide as it is tall (a monogram is square).
WIDE_LOGO = ("data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='300' "
             "height='100'><rect width='300' height='100' fill='%231f4e8c'/></svg>")
# Put the uploaded logo in the monogram's place, as the built page has it for a real upload.
UPLOAD = """(src) => { const img = document.querySelector('.org-header img');
  img.closest('picture')?.querySelector('source')?.remove();
  img.src = src; img.width = 300; img.height = 100;
  return img.decode() }"""


def drawn_and_natural_ratio(img: Locator) -> tuple[float, float]:
    """The width/height ratio of the image as drawn on the page, and of the image itself."""
    box = img.bounding_box()
    assert box is not None and box["height"] > 0
    natural = img.evaluate("(i) => i.naturalWidth / i.naturalHeight")
    return box["width"] / box["height"], float(natural)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_finished_event_shows_what_happened(
    live_server: Server, new_session: Callable[..., Session], width: int,
) -> None:
    page = new_session(live_server, width=width).new_page()
    visit(page, "/events/forest-park-cleanup")
    card = page.locator(".event-card")
    expect(card).to_contain_text("Event finished")
    expect(card).to_contain_text("Thank you to everyone who came out")
    # The time as every other time reads.
    expect(card).to_contain_text("1:00-3:00 PM")
    # The service knows the RSVPs, not who came: a total of RSVPs is not what happened.
    expect(page.get_by_text(re.compile("Total RSVPs"))).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("Add to calendar"))).to_have_count(0)
    expect(page.get_by_role("heading", name="Share")).to_have_count(0)
    expect(page.get_by_role("link", name=re.compile("^Share "))).to_have_count(0)
    # Drawings are not photos of the day: the page has the host's logo alone.
    expect(card.locator("img")).to_have_count(1)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_logo_keeps_its_shape_beside_a_long_name(
    live_server: Server, new_session: Callable[..., Session],
    organizations: list[dict[str, Any]], width: int,
) -> None:
    longest = max(organizations, key=lambda org: len(org["name"]))
    page = new_session(live_server, width=width).new_page()
    visit(page, longest["link"])
    heading = page.get_by_role("heading", level=1, name=longest["name"])
    logo = page.locator(".org-header img")
    drawn, natural = drawn_and_natural_ratio(logo)
    assert drawn == pytest.approx(natural, rel=0.02), (drawn, natural)
    page.evaluate(UPLOAD, WIDE_LOGO)
    drawn, natural = drawn_and_natural_ratio(logo)
    assert natural == pytest.approx(3)
    assert drawn == pytest.approx(natural, rel=0.02), (drawn, natural)
    # Beside the name, not over it, and within the page.
    box, name = logo.bounding_box(), heading.bounding_box()
    assert box is not None and name is not None
    assert box["x"] + box["width"] <= name["x"]
    assert name["x"] + name["width"] <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_a_series_page_says_its_rule_and_what_to_know(
    live_server: Server, new_session: Callable[..., Session], events: dict[str, Any],
    width: int,
) -> None:
    series = next(s for s in events["series"] if s["slug"] == "forest-park-volunteer-days")
    page = new_session(live_server, width=width).new_page()
    visit(page, series["path"])
    expect(page.get_by_role("heading", level=1, name=series["title"])).to_be_visible()
    expect(page.get_by_text(f"Every second Saturday of the month, {series['time_text']}")
           ).to_be_visible()
    logo = page.locator(".event-head img")
    expect(logo).to_have_attribute("alt", series["host"]["logo"]["alt"])
    drawn, natural = drawn_and_natural_ratio(logo)
    assert drawn == pytest.approx(natural, rel=0.02), (drawn, natural)
    before = page.get_by_role("region", name="Before you go")
    expect(before).to_contain_text("Closed-toe shoes")
    upcoming = page.get_by_role("region", name="Upcoming dates")
    expect(upcoming.locator("li").first.locator(".spots")).to_have_text(
        re.compile(r"^(\d+ spots? left|Full: join the waitlist)$"))
