"""An event's know-before-you-go block: what editors may write and what events.json carries."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

SWIM = "events/keen-swim.yaml"
CLINIC = "events/inclusive-sports-clinic.yaml"


def _built(run_cli: Callable[..., tuple[int, str, str]], content: Path,
           tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    events = json.loads((out / "events.json").read_text(encoding="utf-8"))["events"]
    return {e["slug"]: e["before_you_go"] for e in events}


def test_every_field_reaches_events_json_on_each_date_of_a_series(
    content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    built = _built(run_cli, content, tmp_path)
    swim = [v for slug, v in built.items() if slug.startswith("keen-swim-")]
    assert len(swim) == 3
    assert all(v == swim[0] for v in swim)
    assert swim[0] == {
        "wheelchair": {"access": "partly", "note": "The pool has a lift; the changing rooms are "
                       "up a short flight of stairs."},
        "minimum_age": 14, "guardian_consent": True, "bring": ["A swimsuit", "A towel"],
        "parking": "Free parking beside the pool.", "transit": "MetroBus 10 stops at the door.",
        "setting": "indoor",
    }
    assert built["forest-park-cleanup"] is None


@pytest.mark.parametrize(("written", "read"), [("yes", "yes"), ("no", "no"), ("Yes", "yes"),
                                               ('"no"', "no"), ("partly", "partly")])
def test_an_unquoted_yes_or_no_is_the_word_the_editor_meant(
    written: str, read: str, content: Path, edit: Callable[[str, str, str], None],
    tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    # YAML 1.1 reads yes and no as true and false; the editor meant the answer.
    edit(CLINIC, 'access: "yes"', f"access: {written}")
    assert _built(run_cli, content, tmp_path)["inclusive-sports-clinic"]["wheelchair"] == {
        "access": read, "note": None}


@pytest.mark.parametrize("block", ["before_you_go:\n", "before_you_go: {}\n",
                                   "before_you_go:\n  guardian_consent: false\n"])
def test_a_block_that_says_nothing_is_null(
    block: str, content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    # The web editor writes `guardian_consent: false` for an untouched switch: it says nothing.
    path = content / "events/forest-park-cleanup.yaml"
    path.write_text(path.read_text(encoding="utf-8") + block, encoding="utf-8")
    assert _built(run_cli, content, tmp_path)["forest-park-cleanup"] is None


def test_guardian_consent_alone_is_said(
    content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    # Only an untouched `false` says nothing; `true` alone is the block's whole message.
    path = content / "events/forest-park-cleanup.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "before_you_go:\n  guardian_consent: true\n",
                    encoding="utf-8")
    assert _built(run_cli, content, tmp_path)["forest-park-cleanup"]["guardian_consent"] is True


def test_all_ages_is_a_minimum_age_of_zero_and_not_the_same_as_unsaid(
    content: Path, edit: Callable[[str, str, str], None], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    built = _built(run_cli, content, tmp_path)
    assert built["inclusive-sports-clinic"]["minimum_age"] == 0
    edit(CLINIC, "  minimum_age: 0\n", "")
    assert _built(run_cli, content, tmp_path / "again")["inclusive-sports-clinic"][
        "minimum_age"] is None


def test_guardian_consent_with_an_adult_only_minimum_is_refused_at_its_line(
    content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    edit(SWIM, "minimum_age: 14", "minimum_age: 21")
    status, _, stderr = run_cli("check", "--content", str(content))
    assert status == 1
    line = next(i for i, text in enumerate(
        (content / SWIM).read_text(encoding="utf-8").splitlines(), 1) if "guardian_consent" in text)
    assert f"keen-swim.yaml:{line}:3: before_you_go.guardian_consent: expected " in stderr
    assert "with `minimum_age: 21`" in stderr
    edit(SWIM, "minimum_age: 21", "minimum_age: 17")
    assert run_cli("check", "--content", str(content))[0] == 0
