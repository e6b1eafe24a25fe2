"""The site in English, Spanish and Bosnian (issue 41): every page under /es/ and /bs/ in its
language, the header's switcher, the remembered choice and the first-visit note, the head's
alternates and the sitemap."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from xml.etree import ElementTree

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import (
    BUILD_CONTENT,
    BUILD_SITE,
    Server,
    Session,
    axe_violations,
    settle,
    visit,
    wait_path,
)

SITE = "https://civicstl.org"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
# A content page, a light page (the Event Feed) and an interactive page.
PAGES = ["/about", "/features", "/login"]


# The switcher's label in each language.
_LANGUAGE_LABEL = {"en": "Language", "es": "Idioma", "bs": "Jezik"}


def _switcher(page: Page) -> Locator:
    """The header's language switcher, by its label in the page's language."""
    locale = page.evaluate("document.documentElement.lang")
    return page.get_by_role("navigation", name=_LANGUAGE_LABEL[locale])


def test_each_language_has_its_pages_with_lang_and_the_shell_in_it(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    for path in PAGES:
        for locale, prefix, skip in (("en", "", "Skip to main content"),
                                     ("es", "/es", "Saltar al contenido principal"),
                                     ("bs", "/bs", "Preskoči na glavni sadržaj")):
            visit(page, prefix + path)
            assert page.evaluate("document.documentElement.lang") == locale, prefix + path
            expect(page.locator("a.skip-link")).to_have_text(skip)
            current = _switcher(page).locator("a[aria-current]")
            expect(current).to_have_attribute("lang", locale)
    # The Spanish home page's own words, and its links stay in Spanish.
    visit(page, "/es/")
    expect(page.get_by_role("heading", name="Próximos eventos")).to_be_visible()
    expect(page.get_by_role("link", name="Todos los próximos eventos")).to_have_attribute(
        "href", "/es/features")
    assert axe_violations(page, Axe(), "/es/") == []


def test_the_switcher_goes_to_the_same_page_and_the_choice_is_remembered(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    visit(page, "/about")
    # An English browser on an English page: no suggestion.
    expect(page.locator("[data-lang-note]:visible")).to_have_count(0)
    switcher = _switcher(page)
    expect(switcher.get_by_role("link", name="Bosanski")).to_have_attribute("lang", "bs")
    switcher.get_by_role("link", name="Español").click()
    wait_path(page, "/es/about")
    settle(page)
    assert page.evaluate("document.documentElement.lang") == "es"
    # Back on an English page (a link from elsewhere): the remembered language is suggested, in
    # that language, never imposed.
    visit(page, "/tornado")
    assert page.evaluate("document.documentElement.lang") == "en"
    note = page.get_by_role("link", name="Ver esta página en español")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("href", "/es/tornado")
    # An interactive page does the same, and its switcher leads to its own Bosnian page.
    visit(page, "/login")
    expect(page.get_by_role("link", name="Ver esta página en español")).to_be_visible()
    _switcher(page).get_by_role("link", name="Bosanski").click()
    wait_path(page, "/bs/login")
    settle(page)
    assert page.evaluate("document.documentElement.lang") == "bs"
    visit(page, "/about")
    expect(page.get_by_role("link", name="Pročitaj ovu stranicu na bosanskom")).to_be_visible()


def test_a_first_visit_suggests_the_browsers_language_without_redirecting(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server, locale="bs-BA").new_page()
    visit(page, "/about")
    wait_path(page, "/about")
    assert page.evaluate("document.documentElement.lang") == "en"
    note = page.get_by_role("link", name="Pročitaj ovu stranicu na bosanskom")
    expect(note).to_be_visible()
    expect(note).to_have_attribute("href", "/bs/about")
    expect(page.get_by_role("link", name="Ver esta página en español")).to_be_hidden()
    # On the Bosnian page itself nothing is suggested.
    visit(page, "/bs/about")
    expect(page.locator("[data-lang-note]:visible")).to_have_count(0)


def test_the_head_names_every_language_and_the_default(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    visit(page, "/es/about")
    alternates = page.eval_on_selector_all(
        'link[rel="alternate"][hreflang]', "ls => ls.map(l => [l.hreflang, l.href])")
    # Prerendered with the site's own URL (site.json), whatever server serves the page.
    assert sorted(alternates) == sorted([
        ["en", f"{SITE}/about"], ["es", f"{SITE}/es/about"], ["bs", f"{SITE}/bs/about"],
        ["x-default", f"{SITE}/about"]])
    assert page.eval_on_selector('link[rel="canonical"]', "l => l.href") == f"{SITE}/es/about"
    assert page.eval_on_selector('meta[property="og:locale"]', "m => m.content") == "es_US"
    others = page.eval_on_selector_all(
        'meta[property="og:locale:alternate"]', "ms => ms.map(m => m.content)")
    assert others == ["en_US", "bs_BA"]


def test_the_sitemap_lists_every_language_with_its_alternates(built: None) -> None:
    sitemap = ElementTree.parse(BUILD_SITE / "sitemap.xml").getroot()
    entries = {url.findtext(f"{SITEMAP}loc"): url for url in sitemap.iter(f"{SITEMAP}url")}
    for path in ("/about", "/es/about", "/bs/about"):
        links = {link.get("hreflang"): link.get("href")
                 for link in entries[f"{SITE}{path}"].iter(f"{XHTML}link")}
        assert links == {"en": f"{SITE}/about", "es": f"{SITE}/es/about",
                         "bs": f"{SITE}/bs/about", "x-default": f"{SITE}/about"}


def _profiles(locale: str) -> dict[str, Any]:
    """Every organization's profile in `locale`, as the generator wrote it (<locale>/ of the
    content)."""
    profiles: dict[str, Any] = {}
    for file in sorted((BUILD_CONTENT / locale / "organizations").glob("profiles-*.json")):
        profiles.update(json.loads(file.read_text(encoding="utf-8")))
    return profiles


def test_content_pages_show_the_translation_and_mark_what_stayed_english(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    about = json.loads((BUILD_CONTENT / "es" / "pages" / "about.json").read_text(encoding="utf-8"))
    visit(page, "/es/about")
    assert page.evaluate("document.documentElement.lang") == "es"
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(about["hero"]["heading"])
    assert heading.get_attribute("lang") is None
    # The shell's site.yaml words come from bs/site.yaml: in Bosnian, nothing marked English.
    visit(page, "/bs/about")
    nav = page.locator("#site-menu")
    expect(nav.get_by_role("link", name="Početna")).to_be_visible()
    expect(nav.locator("[lang]")).to_have_count(0)
    # A profile whose tagline has no Bosnian yet: shown in English, and marked so.
    slug, org = next((slug, org) for slug, org in _profiles("bs").items()
                     if "tagline" in org["in_english"])
    visit(page, f"/bs{org['link']}")
    tagline = page.locator("h2#tagline")
    expect(tagline).to_have_text(org["tagline"])
    expect(tagline).to_have_attribute("lang", "en")
    # Its Spanish page has it translated: no mark there, nor on the English page.
    spanish = _profiles("es")[slug]
    assert "tagline" not in spanish["in_english"]
    visit(page, f"/es{org['link']}")
    expect(page.locator("h2#tagline")).to_have_text(spanish["tagline"])
    assert page.locator("h2#tagline").get_attribute("lang") is None
    visit(page, org["link"])
    assert page.locator("main [lang]").count() == 0


def _events(locale: str) -> dict[str, Any]:
    """Every occurrence in `locale`'s events.json, by slug."""
    file = json.loads((BUILD_CONTENT / locale / "events.json").read_text(encoding="utf-8"))
    return {event["slug"]: event for event in file["events"]}


def test_the_event_feed_and_event_pages_show_the_translated_events(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    visit(page, "/es/features")
    title = page.locator("article.event-card h3[id^='event-'] a").first
    slug = (title.locator("xpath=..").get_attribute("id") or "").removeprefix("event-")
    spanish, bosnian = _events("es")[slug], _events("bs")[slug]
    assert "title" not in spanish["in_english"] and "title" in bosnian["in_english"]
    expect(title).to_have_text(spanish["title"])
    assert title.get_attribute("lang") is None
    # The same card on /bs/: its title has no Bosnian yet, so it says it is English.
    visit(page, "/bs/features")
    expect(page.locator(f"#event-{slug} a")).to_have_attribute("lang", "en")
    # The event's own page in Spanish.
    visit(page, f"/es{spanish['path']}")
    expect(page.get_by_role("heading", level=1)).to_have_text(spanish["title"])


def test_links_inside_spanish_pages_stay_in_spanish(
        pinned_server: Server, new_session: Callable[..., Session]) -> None:
    page = new_session(pinned_server).new_page()
    visit(page, "/es/")
    # A highlight card of the home page (content/pages/home.yaml's href) leads to its Spanish page.
    card = page.locator("a.card-link").first
    card_href = card.get_attribute("href") or ""
    assert card_href.startswith("/es/")
    card.click()
    wait_path(page, card_href)
    assert page.evaluate("document.documentElement.lang") == "es"
    # The next event's page, then its host's profile: each link on the way stays under /es/.
    visit(page, "/es/")
    event_href = page.locator("section.next-events ol a").first.get_attribute("href") or ""
    assert event_href.startswith("/es/events/")
    visit(page, event_href)
    profile = page.locator(".event-head a").first.get_attribute("href") or ""
    assert profile.startswith("/es/")
    visit(page, profile)
    upcoming = page.locator("section[aria-labelledby='events-title'] li a").first
    upcoming_href = upcoming.get_attribute("href") or ""
    assert upcoming_href.startswith("/es/events/")
    upcoming.click()
    wait_path(page, upcoming_href)
    assert page.evaluate("document.documentElement.lang") == "es"
