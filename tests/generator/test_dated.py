"""Dated pages: the relief page's `date` and `review_by`, and leaving the navigation after it."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from pydantic import ValidationError

from generator.dated import navigation
from generator.models import AboutPage, Link, TornadoPage
from tests.generator.generator_testkit import VALID

REVIEW_BY = dt.date(2025, 9, 20)  # the fixture's tornado.yaml
NAV = [Link(label="Home", href="/"), Link(label="About", href="/about"),
       Link(label="Tornado Relief", href="/tornado")]


def _tornado(**changes: Any) -> dict[str, Any]:
    fields: dict[str, Any] = yaml.safe_load((VALID / "pages" / "tornado.yaml").read_text())
    return {key: value for key, value in (fields | changes).items() if value is not None}


def test_a_relief_page_is_dated_and_has_a_review_day() -> None:
    page = TornadoPage.model_validate(_tornado())
    assert (page.date, page.review_by) == (dt.date(2025, 3, 20), REVIEW_BY)


@pytest.mark.parametrize("changes", [{"date": None}, {"review_by": None},
                                     {"review_by": "next spring"}, {"written": "2025-03-20"}])
def test_a_relief_page_without_its_days_or_with_another_field_is_refused(
    changes: dict[str, Any],
) -> None:
    with pytest.raises(ValidationError):
        TornadoPage.model_validate(_tornado(**changes))


@pytest.mark.parametrize(("today", "hrefs"), [
    (REVIEW_BY - dt.timedelta(days=1), ["/", "/about", "/tornado"]),
    (REVIEW_BY, ["/", "/about", "/tornado"]),
    (REVIEW_BY + dt.timedelta(days=1), ["/", "/about"]),
])
def test_the_navigation_keeps_a_dated_page_up_to_its_review_day(
    today: dt.date, hrefs: list[str],
) -> None:
    tornado = TornadoPage.model_validate(_tornado())
    about = AboutPage.model_validate(yaml.safe_load((VALID / "pages" / "about.yaml").read_text()))
    pages = {"about": about, "tornado": tornado}
    assert [link.href for link in navigation(NAV, pages, today)] == hrefs


@pytest.mark.parametrize(("civic_now", "listed"), [
    ("2025-09-20T23:30:00-05:00", True),  # the review day's last hour in St. Louis (UTC's next day)
    ("2025-09-21T00:30:00-05:00", False),
])
def test_the_build_leaves_a_page_past_review_out_of_the_navigation_by_its_clock(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch, civic_now: str, listed: bool,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", civic_now)
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    site = json.loads((out / "site.json").read_text())
    assert ("/tornado" in [link["href"] for link in site["nav"]]) is listed
    # Still built, with its date for the page to show.
    tornado = json.loads((out / "pages" / "tornado.json").read_text())
    assert (tornado["date"], tornado["date_text"]) == ("2025-03-20", "March 20, 2025")
    routes = json.loads((out / "routes.json").read_text())
    assert any(route["path"] == "/tornado" for route in routes)
