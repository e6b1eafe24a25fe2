"""Journey 6: the civic index: search, pages (with and without JavaScript) and the cause filter."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from generator.civic_index import PAGE_SIZE
from tests.e2e.helpers import (
    Server,
    Session,
    axe_violations,
    current_path,
    visit,
    wait_path,
)

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
    # The sentence and any markup made of the search text come in one render: an image made
    # of it would be in the page now, and its onerror alert could come from nothing else.
    expect(page.locator('img[src="x"]')).to_have_count(0)
    assert watch.dialogs == [], f"the search text ran as markup: {watch.dialogs}"

    search.fill("")
    expect(cards).to_have_count(len(organizations))
    assert watch.problems() == []


def _cards(page: Page) -> Locator:
    """The organization cards shown: links with a logo (an image or an inline monogram)."""
    return page.locator("main").get_by_role("link").filter(has=page.locator("img, svg"))


def _names(page: Page) -> list[str]:
    """The names on the cards shown, in order (the monograms' letters left out)."""
    return [n.strip() for n in page.locator("main .org-card > span:last-child").all_inner_texts()]


def test_search_finds_an_organization_on_page_3(
    paged_server: Server,
    paged_build: tuple[Path, Path],
    new_session: Callable[..., Session],
) -> None:
    """Search covers every organization, not the page in the HTML: one from page 3 is found
    from /organizations and its card leads to its profile."""
    index = json.loads((paged_build[1] / "organizations.json").read_text(encoding="utf-8"))
    assert len(index) > 2 * PAGE_SIZE
    wanted = index[2 * PAGE_SIZE + 5]
    session = new_session(paged_server)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/organizations")
    expect(_cards(page)).to_have_count(PAGE_SIZE)
    expect(page.locator("main").get_by_role("link", name=wanted["name"])).to_have_count(0)

    # The synthetic names end in a number: part of it, in lower case, names this one alone.
    query = wanted["name"][-4:].lower()
    assert sum(query in org["name"].lower() for org in index) == 1
    page.get_by_placeholder("Search organizations...").fill(query)
    card = page.locator("main").get_by_role("link", name=wanted["name"])
    expect(card).to_be_visible()
    expect(_cards(page)).to_have_count(1)
    expect(page.get_by_role("status")).to_have_text("1 organization found")
    assert axe_violations(page, Axe(), "/civic-index, page 3, searched") == []
    card.click()
    wait_path(page, wanted["link"])
    expect(page.get_by_role("heading", level=1)).to_have_text(wanted["name"])
    assert watch.problems() == []


def test_pagination_works_without_javascript(
    paged_server: Server,
    paged_build: tuple[Path, Path],
    new_session: Callable[..., Session],
) -> None:
    """JavaScript off: the pages are plain HTML, linked to each other, PAGE_SIZE cards each."""
    index = json.loads((paged_build[1] / "organizations.json").read_text(encoding="utf-8"))
    names = [org["name"] for org in index]
    page = new_session(paged_server, javascript=False).new_page()
    page.goto("/organizations")
    pages = page.get_by_role("navigation", name="Pages of the civic index")
    expect(pages.get_by_role("link", name="Page 1")).to_have_attribute("aria-current", "page")
    assert _names(page) == names[:PAGE_SIZE]

    pages.get_by_role("link", name="Next page").click()
    wait_path(page, "/organizations/page/2")
    assert _names(page) == names[PAGE_SIZE:2 * PAGE_SIZE]
    expect(page).to_have_title(re.compile(r"page 2 of 3"))

    pages.get_by_role("link", name="Page 3").click()
    wait_path(page, "/organizations/page/3")
    assert _names(page) == names[2 * PAGE_SIZE:]
    expect(pages.get_by_role("link", name="Next page")).to_have_count(0)

    pages.get_by_role("link", name="Previous page").click()
    wait_path(page, "/organizations/page/2")
    pages.get_by_role("link", name="Page 1").click()
    wait_path(page, "/organizations")
    assert _names(page) == names[:PAGE_SIZE]
    assert page.evaluate("1 + 1") == 2  # Playwright's own evaluate still works: the page's do not
    assert page.locator("html[data-hydrated]").count() == 0


def test_cause_filter_is_in_the_url(
    live_server: Server,
    organizations: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """?cause=youth filters the index on arrival; choosing a cause rewrites the address; the
    filter and the search combine; "All causes" brings every organization back."""
    by_cause = {cause: [o["name"] for o in organizations if cause in o["causes"]]
                for cause in ("youth", "education")}
    assert all(len(names) > 1 for names in by_cause.values())
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)
    visit(page, "/organizations?cause=youth")
    cause = page.get_by_label("Cause")
    expect(cause).to_have_value("youth")
    expect(_cards(page)).to_have_count(len(by_cause["youth"]))
    assert _names(page) == by_cause["youth"]

    cause.select_option("education")
    expect(_cards(page)).to_have_count(len(by_cause["education"]))
    assert _names(page) == by_cause["education"]
    assert current_path(page) == "/organizations?cause=education"

    word = "university"
    page.get_by_placeholder("Search organizations...").fill(word)
    both = [n for n in by_cause["education"] if word in n.lower()]
    assert 0 < len(both) < len(by_cause["education"])
    expect(_cards(page)).to_have_count(len(both))
    assert _names(page) == both

    page.get_by_placeholder("Search organizations...").fill("")
    cause.select_option("")
    expect(_cards(page)).to_have_count(len(organizations))
    assert current_path(page) == "/organizations"
    assert watch.problems() == []
