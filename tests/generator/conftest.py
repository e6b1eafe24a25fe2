"""Fixtures for generator tests: a small valid content tree that each test may copy and break."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.cli import main

FIXTURES = Path(__file__).parent / "fixtures"
VALID = FIXTURES / "valid"
# When every build of the tests is made (2025-04-01 12:00 UTC): the calendars' DTSTAMP.
BUILT_AT = 1743508800


def profile(out: Path, slug: str) -> dict[str, Any]:
    """One organization's built profile, found as the site finds it: through its route."""
    routes = json.loads((out / "routes.json").read_text())
    route = next(r for r in routes if r["kind"] == "profile" and r["slug"] == slug)
    profiles: dict[str, dict[str, Any]] = json.loads((out / route["data"]).read_text())
    return profiles[slug]


@pytest.fixture
def content(tmp_path: Path) -> Path:
    """A private copy of the valid fixture tree, named `content` like the real one."""
    target = tmp_path / "content"
    shutil.copytree(VALID, target)
    return target


@pytest.fixture
def edit(content: Path) -> Callable[[str, str, str], None]:
    """Replace one exact snippet in a fixture file (fails loudly if the snippet is absent)."""

    def apply(relative: str, old: str, new: str) -> None:
        path = content / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return apply


@pytest.fixture
def run_cli(capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> Callable[..., tuple[int, str, str]]:
    """Run `python -m generator ...` in-process; return (status, stdout, stderr).

    Output is the same in CI as here: GitHub Actions' variable would add annotations to stdout,
    and the web editor's settings (CMS_*) would change its published configuration.
    """
    for name in ("GITHUB_ACTIONS", "CMS_GITHUB_REPO", "CMS_GITHUB_BRANCH", "CMS_AUTH_URL",
                 "CMS_LOCAL_PORT"):
        monkeypatch.delenv(name, raising=False)
    # The calendars' DTSTAMP is the build's time: pinned, as reproducible builds pin it.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(BUILT_AT))

    def invoke(*args: str) -> tuple[int, str, str]:
        status = main(list(args))
        out, err = capsys.readouterr()
        return status, out, err

    return invoke
