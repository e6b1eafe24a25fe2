"""Valid HTML: the Nu Html Checker (vnu-jar, site's devDependencies) finds no error and no warning
on one built page of each kind, in each language."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.helpers import BUILD_SITE, ROOT

VNU = ROOT / "site" / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
# Pages that are one of a kind; the event, series and profile pages are picked from routes.json.
FIXED = ["/", "/features", "/organizations", "/login", "/dashboard", "/organize", "/about",
         "/tornado", "/verify-hours", "/404"]


def _file(path: str) -> str:
    if path == "/404":
        return str(BUILD_SITE / "404.html")
    return str(BUILD_SITE / path.lstrip("/") / "index.html")


@pytest.mark.slow
def test_one_page_of_each_kind_and_language_has_no_html_errors_or_warnings(
        routes: list[dict[str, Any]], events: dict[str, Any], redirects: list[dict[str, Any]],
        tmp_path: Path) -> None:
    java = shutil.which("java")
    assert java, "The Nu Html Checker needs Java: install a JRE so that `java` is on PATH."
    assert VNU.is_file(), f"{VNU.relative_to(ROOT)} is missing: run `make install`."
    series_dates = {e["path"] for e in events["events"] if e["series"]}
    kinds = [r for r in routes if r["kind"] in ("event", "series", "profile")]
    picked = [
        next(r["path"] for r in kinds if r["kind"] == "event" and r["path"] not in series_dates),
        next(r["path"] for r in kinds if r["kind"] == "event" and r["path"] in series_dates),
        next(r["path"] for r in kinds if r["kind"] == "series"),
        next(r["path"] for r in kinds if r["kind"] == "profile"),
        # The first profile has no photos (its places hold panels); KEEN's has two.
        "/keenstl",
        # A legacy address: Vike's redirect page, with the refresh postbuild.mjs corrects.
        next(r["from"] for r in redirects if Path(_file(r["from"])).is_file()),
    ]
    # A page with the very mistake of issue 26 (a raw space in a data: URI), and an article
    # without a heading (issue 37's warning): the checker must report both, so an empty report
    # below means the pages were checked, not skipped.
    control = tmp_path / "control.html"
    control.write_text('<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>'
                       '<img src="data:image/svg+xml,<svg xmlns=\'x\'></svg>" alt="">'
                       "<article><p>x</p></article></body></html>", encoding="utf-8")
    # Each page in Spanish and Bosnian too (issue 41): their lang, alternates and switcher. The
    # 404 page and the legacy address are English only.
    localized = [f"/{language}{path}" for language in ("es", "bs")
                 for path in [*FIXED[:-1], *picked[:-1]]]
    files = [_file(path) for path in [*FIXED, *picked, *localized]]
    result = subprocess.run(
        [java, "-jar", str(VNU), "--format", "json", *files, str(control)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    # vnu writes its JSON report to stderr; it exits 1 when it found errors.
    report = json.loads(result.stderr)
    # Errors, and the informational messages vnu marks as warnings; plain notes (such as a
    # void element's trailing slash, which React writes) are neither.
    messages = [m for m in report["messages"]
                if m["type"] == "error" or m.get("subType") == "warning"]
    control_kinds = {m["type"] for m in messages if m.get("url", "").endswith("/control.html")}
    assert control_kinds == {"error", "info"}, report
    found = [f"{m.get('url', '')}:{m.get('lastLine', '?')}: {m['type']}: {m['message']}"
             for m in messages if not m.get("url", "").endswith("/control.html")]
    assert found == [], "\n".join(found)
