"""Journey 7 and accessibility: every route renders cleanly, redirects land, axe finds nothing
(one walk over the routes), and an unknown path shows the 404 page."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.helpers import Server, Session, axe_violations, current_path

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


def _settle(page: Page, path: str) -> None:
    """Wait until the page has landed where `path` leads, and the network is quiet."""
    accepted = LANDS_ON.get(path, (path,))
    final = accepted[-1]
    page.wait_for_load_state("networkidle")
    if not _same_path(current_path(page), final):
        timeout = 10_000 if len(accepted) == 1 else 1_500
        try:
            page.wait_for_url(lambda url: _same_path(_path_of(url), final), timeout=timeout)
        except PlaywrightTimeoutError:
            if len(accepted) == 1:
                raise
        page.wait_for_load_state("networkidle")
    here = current_path(page)
    assert any(_same_path(here, want) for want in accepted), f"landed on {here}, not {accepted}"


def test_every_route_renders_cleanly_and_axe_finds_nothing(
    live_server: Server,
    pinned_server: Server,
    routes: list[dict[str, Any]],
    redirects: list[dict[str, Any]],
    new_session: Callable[..., Session],
) -> None:
    """7. The 46 routes (the spec's 40, issue 14's 4, issue 23's /follows and /consent), every
    event page and the legacy redirects: no console errors, no failed requests; and axe-core
    finds 0 violations on every route, the 404 page and the feed with upcoming events.

    One walk does both: loading the 118 pages is most of the cost (measured one after the
    other on a quiet machine: two walks 92 s and 127 s, this one 140 s)."""
    assert len([r for r in routes if r["kind"] in ("page", "profile")]) == 46
    axe = Axe()
    session = new_session(live_server)
    page = session.new_page()
    watch = session.watch(page)
    failures: list[str] = []
    violations: list[str] = []

    for route in routes:
        path = route["path"]
        watch.reset()
        response = page.goto(path)
        problems = []
        if response is None or response.status != 200:
            problems.append(f"status {response.status if response else None}")
        try:
            _settle(page, path)
        except (AssertionError, PlaywrightTimeoutError) as error:
            problems.append(f"did not land where expected: {error}")
        if page.locator("h1").count() != 1:
            problems.append(f"{page.locator('h1').count()} h1 elements at {page.url}")
        problems += watch.problems()
        if problems:
            failures.append(f"{path}: " + "; ".join(problems))
        violations += axe_violations(page, axe, path)

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
        page.wait_for_load_state("networkidle")
        if not _same_path(current_path(page), redirect["to"]):
            problems.append(f"landed on {current_path(page)}, not {redirect['to']}")
        problems += watch.problems()
        if problems:
            failures.append(f"{redirect['from']} -> {redirect['to']}: " + "; ".join(problems))

    page.goto("/no-such-page-here")
    page.wait_for_load_state("networkidle")
    violations += axe_violations(page, axe, "/no-such-page-here")
    pinned_page = new_session(pinned_server).new_page()
    pinned_page.goto("/features")
    _settle(pinned_page, "/features")
    violations += axe_violations(pinned_page, axe, "/features (upcoming events)")

    assert not failures, "\n".join(failures)
    assert not violations, "axe-core violations:\n" + "\n".join(violations)


def test_unknown_path_shows_the_404_page(
    live_server: Server, new_session: Callable[..., Session]
) -> None:
    """An unknown path answers 404 with the site's own page (header, nav, a way home)."""
    page = new_session(live_server).new_page()
    response = page.goto("/no-such-page-here")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_count(1)
    expect(page.get_by_role("navigation").first.get_by_role("link", name="Home")).to_be_visible()
