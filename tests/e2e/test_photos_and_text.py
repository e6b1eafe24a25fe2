"""Profiles and event pages: photos arrive as responsive WebP, descriptions as rendered Markdown."""

from __future__ import annotations

from collections.abc import Callable

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
    assert watch.problems() == []


def test_event_description_list_renders(live_server: Server,
                                        new_session: Callable[..., Session]) -> None:
    session = new_session(live_server)
    page = session.new_page()
    visit(page, "/events/inclusive-sports-clinic")
    text = page.locator("main .rich-text").first
    expect(text.locator("li")).to_have_count(2)
    expect(text.locator("li em")).to_have_text("one")
    expect(text.get_by_role("link", name="KEEN St. Louis")).to_have_attribute("href", "/keenstl")
