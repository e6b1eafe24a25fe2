"""Journey 7 and accessibility: every route renders cleanly, redirects land, axe finds nothing
(pages, event pages and legacy redirects, each in its own walk), and an unknown path shows the
404 page."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.helpers import Server, Session, axe_violations, current_path, settle

pytestmark = pytest.mark.e2e

# Where a signed-out visitor without a token ends up (spec sections 2 and 4). /verify may wait
# for its Verify Your Email button or send the visitor home at once: both are the spec's.
LANDS_ON: dict[str, tuple[str, ...]] = {
    "/dashboard": ("/",),
    "/verify": ("/verify", "/"),
    "/auth/callback": ("/login?error=oauth_error",),
    "/organize": ("/login?from=organize",),
    "/organize/checkin": ("/login?from=organize",),
    "/organize/roles": ("/login?from=organize",),
}


def _same_path(actual: str, expected: str) -> bool:
    path, _, query = actual.partition("?")
    want_path, _, want_query = expected.partition("?")
    return (path.rstrip("/") or "/") == (want_path.rstrip("/") or "/") and query == want_query


def _path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url) or "/"


def _land(page: Page, path: str) -> None:
    """Wait until the page has landed where `path` leads, ready and with no request in flight."""
    accepted = LANDS_ON.get(path, (path,))
    final = accepted[-1]
    settle(page)
    if not _same_path(current_path(page), final):
        timeout = 10_000 if len(accepted) == 1 else 1_500
        try:
            page.wait_for_url(lambda url: _same_path(_path_of(url), final), timeout=timeout)
        except PlaywrightTimeoutError:
            if len(accepted) == 1:
                raise
        settle(page)
    here = current_path(page)
    assert any(_same_path(here, want) for want in accepted), f"landed on {here}, not {accepted}"


def _walk(session: Session, paths: list[str], axe: Axe) -> tuple[list[str], list[str]]:
    """Open each of `paths` in one tab: (what did not render cleanly, axe-core's violations)."""
    page = session.new_page()
    watch = session.watch(page)
    failures: list[str] = []
    violations: list[str] = []
    for path in paths:
        watch.reset()
        response = page.goto(path)
        problems = []
        if response is None or response.status != 200:
            problems.append(f"status {response.status if response else None}")
        try:
            _land(page, path)
        except (AssertionError, PlaywrightTimeoutError) as error:
            problems.append(f"did not land where expected: {error}")
        if page.locator("h1").count() != 1:
            problems.append(f"{page.locator('h1').count()} h1 elements at {page.url}")
        violations += axe_violations(page, axe, path)
        problems += watch.problems()  # after axe: what the page reported meanwhile counts too
        if problems:
            failures.append(f"{path}: " + "; ".join(problems))
    return failures, violations


def _assert_clean(failures: list[str], violations: list[str]) -> None:
    """Fail with every page that did not render cleanly, then with every axe-core violation."""
    assert not failures, "\n".join(failures)
    assert not violations, "axe-core violations:\n" + "\n".join(violations)


# The walk over every route is split in three (pages, event pages, legacy redirects) so that
# pytest-xdist can run the parts side by side: one walk was the longest test of the run (3 min of
# a 12-min run on a busy machine) and often the last to end.
def test_every_page_renders_cleanly_and_axe_finds_nothing(
    live_server: Server,
    pinned_server: Server,
    routes: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """7. The 47 routes (the spec's 40, issue 14's 4, issue 23's /follows and /consent, issue
    40's /hours-request): no console errors, no failed requests; and axe-core finds 0
    violations on every one, on the 404 page and on the feed with upcoming events."""
    pages = [r["path"] for r in routes if r["kind"] in ("page", "profile")]
    assert len(pages) == 47
    axe = Axe()
    session = new_session(live_server)
    failures, violations = _walk(session, pages, axe)

    page = session.new_page()
    page.goto("/no-such-page-here")
    settle(page)
    violations += axe_violations(page, axe, "/no-such-page-here")
    pinned_page = new_session(pinned_server).new_page()
    pinned_page.goto("/features")
    _land(pinned_page, "/features")
    violations += axe_violations(pinned_page, axe, "/features (upcoming events)")

    _assert_clean(failures, violations)


def test_every_event_page_renders_cleanly_and_axe_finds_nothing(
    live_server: Server,
    routes: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """7. Every event page and series page: no console errors, no failed requests, one h1, and
    axe-core finds 0 violations."""
    paths = [r["path"] for r in routes if r["kind"] not in ("page", "profile")]
    assert paths and all(path.startswith("/events/") for path in paths)
    failures, violations = _walk(new_session(live_server), paths, Axe())

    _assert_clean(failures, violations)


def test_every_legacy_redirect_lands(
    live_server: Server,
    redirects: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """7. Each legacy path answers its redirect status and lands, cleanly, on its new path."""
    assert redirects
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)
    failures: list[str] = []
    for redirect in redirects:
        watch.reset()
        response = page.goto(redirect["from"])
        problems = []
        if response is None:
            problems.append("no response")
        else:
            first = response.request
            while first.redirected_from is not None:
                first = first.redirected_from
            first_response = first.response()
            if first_response is None or first_response.status != redirect["status"]:
                problems.append(
                    f"answered {first_response.status if first_response else None}, "
                    f"not {redirect['status']}"
                )
            if response.status != 200:
                problems.append(f"target answered {response.status}")
        settle(page)
        if not _same_path(current_path(page), redirect["to"]):
            problems.append(f"landed on {current_path(page)}, not {redirect['to']}")
        problems += watch.problems()
        if problems:
            failures.append(f"{redirect['from']} -> {redirect['to']}: " + "; ".join(problems))

    assert not failures, "\n".join(failures)


def test_unknown_path_shows_the_404_page(
    live_server: Server, new_session: Callable[..., Session]
) -> None:
    """An unknown path answers 404 with the site's own page (header, nav, a way home)."""
    page = new_session(live_server).new_page()
    response = page.goto("/no-such-page-here")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_count(1)
    expect(page.get_by_role("navigation").first.get_by_role("link", name="Home")).to_be_visible()
