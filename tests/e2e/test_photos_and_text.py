"""Profiles and event pages: photos arrive as responsive WebP, a profile without photos shows
typographic panels in their places, and descriptions arrive as rendered Markdown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import Server, Session, visit

pytestmark = pytest.mark.e2e


def test_profile_photos_are_responsive_webp_and_the_description_is_rich_text(
    live_server: Server, new_session: Callable[..., Session],
) -> None:
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/keenstl")

    # The description's Markdown: **...** is bold and [Event Feed](/features) a working link.
    hero = page.locator(".hero .rich-text")
    expect(hero.locator("strong")).to_have_text("No experience is needed to volunteer:")
    expect(hero.get_by_role("link", name="Event Feed")).to_have_attribute("href", "/features")
    expect(hero).not_to_contain_text("**")

    photos = page.locator(".photos picture img")
    expect(photos).to_have_count(2)
    for i in range(2):
        photo = photos.nth(i)
        photo.scroll_into_view_if_needed()
        expect(photo).to_have_attribute("loading", "lazy")
        page.wait_for_function("img => img.complete && img.naturalWidth > 0",
                               arg=photo.element_handle())
        current = photo.evaluate("img => img.currentSrc")
        assert current.endswith(".webp"), current
        assert "/images/organizations/keenstl/photo-" in current
        assert photo.get_attribute("width") == "1600" and photo.get_attribute("height") == "1000"
    # Both places hold the partner's photos: no panel stands in for one.
    expect(page.locator(".photo-panel")).to_have_count(0)
    expect(page.get_by_role("region", name="Photos")).to_be_visible()
    assert watch.problems() == []


# The WCAG contrast of a panel's text on its background, from the colours the browser draws.
CONTRAST = """panel => {
  const rgb = (css) => css.match(/\\d+/g).slice(0, 3).map(Number)
  const lum = (css) => {
    const [r, g, b] = rgb(css).map((c) => c / 255).map(
      (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const style = getComputedStyle(panel)
  const [hi, lo] = [lum(style.backgroundColor), lum(style.color)].sort((a, b) => b - a)
  return (hi + 0.05) / (lo + 0.05)
}"""


@pytest.mark.parametrize("width", [1280, 390])
def test_a_profile_without_photos_shows_its_name_and_tagline_in_large_type_in_their_places(
    width: int, live_server: Server, new_session: Callable[..., Session],
    organizations: list[dict[str, Any]],
) -> None:
    coca = next(org for org in organizations if org["id"] == "Coca")
    session = new_session(live_server)
    page = session.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    watch = session.watch(page)
    pictures: list[str] = []
    page.on("request", lambda request: pictures.append(request.url)
            if "/images/organizations/Coca/" in request.url else None)
    visit(page, "/Coca")

    places = page.locator(".photos")
    expect(places.locator("img")).to_have_count(0)
    panels = places.locator(".photo-panel")
    expect(panels).to_have_count(2)
    expect(panels.nth(0)).to_have_text(coca["name"])
    expect(panels.nth(1)).to_have_text(coca["tagline"])
    # In the organization's own colours, with text that reads on them.
    expect(panels.nth(0)).to_have_css("background-color", "rgb(106, 27, 154)")  # primary #6a1b9a
    expect(panels.nth(1)).to_have_css("background-color", "rgb(255, 111, 97)")  # accent #ff6f61
    for i in range(2):
        assert panels.nth(i).evaluate(CONTRAST) >= 4.5
    # Large type: the name above the page's body text, in the photos' two places.
    name_size = float(panels.nth(0).locator("p").evaluate("p => getComputedStyle(p).fontSize")[:-2])
    assert name_size >= 28, name_size
    first, second = (panels.nth(i).bounding_box() for i in range(2))
    assert first and second and first["height"] > 150 and second["height"] > 150
    if width >= 640:  # side by side, as the photos are
        assert abs(first["y"] - second["y"]) < 1 and second["x"] > first["x"] + first["width"]
    else:  # one above the other, each the page's width
        assert second["y"] >= first["y"] + first["height"]
        assert first["width"] > width * 0.8
    # The name and tagline are the page's headings already: screen readers hear them once.
    expect(panels.nth(0)).to_have_attribute("aria-hidden", "true")
    expect(panels.nth(1)).to_have_attribute("aria-hidden", "true")
    assert places.aria_snapshot() == "", places.aria_snapshot()
    tree = page.locator("main").aria_snapshot()
    for text in (coca["name"], coca["tagline"]):
        assert tree.count(f'heading "{text}"') == 1 and f": {text}" not in tree, tree
    assert pictures == [] and watch.problems() == []


def test_event_description_list_renders(live_server: Server,
                                        new_session: Callable[..., Session]) -> None:
    session = new_session(live_server)
    page = session.new_page()
    visit(page, "/events/inclusive-sports-clinic")
    text = page.locator("main .rich-text").first
    expect(text.locator("li")).to_have_count(2)
    expect(text.locator("li em")).to_have_text("one")
    expect(text.get_by_role("link", name="KEEN St. Louis")).to_have_attribute("href", "/keenstl")
