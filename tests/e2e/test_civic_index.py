"""Journey 6: the civic index search."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import Server, Session, visit

pytestmark = pytest.mark.e2e

XSS = "<img src=x onerror=alert(1)>"


def test_civic_index_search(
    live_server: Server,
    organizations: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """6. `forest` finds Forest Park Forever; `zzz` finds nothing; markup is shown as text."""
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/organizations")

    # A card is a link with a logo: an image, or the generator's monogram drawn inline as SVG.
    cards = page.locator("main").get_by_role("link").filter(has=page.locator("img, svg"))
    expect(cards).to_have_count(len(organizations))
    assert len(organizations) == 28
    for org in organizations:
        link = page.locator("main").get_by_role("link", name=org["name"], exact=True)
        expect(link.first).to_have_attribute("href", org["link"])

    search = page.get_by_placeholder("Search organizations...")
    expect(search).to_be_visible()

    search.fill("forest")
    forest = page.locator("main").get_by_role("link", name="Forest Park Forever")
    expect(forest).to_be_visible()
    expect(cards).to_have_count(sum("forest" in org["name"].lower() for org in organizations))
    search.fill("FOREST")  # case-insensitive
    expect(forest).to_be_visible()

    search.fill("zzz")
    expect(page.get_by_text('No organizations found matching "zzz"')).to_be_visible()
    expect(cards).to_have_count(0)

    search.fill(XSS)
    expect(page.get_by_text(f'No organizations found matching "{XSS}"')).to_be_visible()
    page.wait_for_timeout(300)
    expect(page.locator('img[src="x"]')).to_have_count(0)
    assert watch.dialogs == [], f"the search text ran as markup: {watch.dialogs}"

    search.fill("")
    expect(cards).to_have_count(len(organizations))
    assert watch.problems() == []
