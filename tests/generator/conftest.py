"""Fixtures for generator tests: a small valid content tree that each test may copy and break."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.cli import main
from tests.generator.generator_testkit import BUILT_AT, VALID


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
