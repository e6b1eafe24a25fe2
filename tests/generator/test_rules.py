"""One broken fixture per validation rule: the exact message, its file:line, and no output."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic_core import PydanticCustomError

from generator.series import check_rule
from tests.generator.rule_cases import CASES, FPF, KEEN


@pytest.mark.parametrize(("rule", "file", "old", "new", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_each_rule_reports_file_line_and_writes_nothing(
    rule: str, file: str, old: str, new: str, expected: list[str], content: Path,
    edit: Callable[[str, str, str], None], run_cli: Callable[..., tuple[int, str, str]],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit(file, old, new)
    out = tmp_path / "out"
    status, _stdout, stderr = run_cli("build", "--content", "content", "--out", str(out))
    assert status == 1
    assert stderr.splitlines()[: len(expected)] == expected
    assert "Traceback" not in stderr
    assert not out.exists()


def test_duplicate_slug_by_case(content: Path, run_cli: Callable[..., tuple[int, str, str]],
                                tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(content / "organizations/keenstl.yaml", content / "organizations/KeenSTL.yaml")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert (
        f"{KEEN}:2:1: (whole file): expected a slug different from every other organization's, "
        "found keenstl.yaml, which differs from KeenSTL.yaml only in letter case. "
        "URLs must differ by more than case; rename one of the files."
    ) in stderr.splitlines()


def test_slug_colliding_with_an_app_route(content: Path, tmp_path: Path,
                                          run_cli: Callable[..., tuple[int, str, str]],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(content / "organizations/keenstl.yaml", content / "organizations/Dashboard.yaml")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert (
        "content/organizations/Dashboard.yaml:2:1: (whole file): expected an organization slug "
        "that is not a site route, found the file name Dashboard.yaml, which would hide "
        "/dashboard. Rename the file, for example with the organization's short name."
    ) in stderr.splitlines()


def test_all_errors_come_out_in_one_run(content: Path, edit: Callable[[str, str, str], None],
                                        run_cli: Callable[..., tuple[int, str, str]],
                                        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    edit("organizations/forestparkforever.yaml", "https://www.forestparkforever.org", "http://x")
    edit("events/inclusive-sports-clinic.yaml", "host: keenstl", "host: nobody")
    edit("pages/about.yaml", "heading: Why CivicSTL", "heading: ''")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    files = [line.split(":")[0] for line in stderr.splitlines() if line.startswith("content/")]
    assert sorted(files) == [
        "content/events/inclusive-sports-clinic.yaml", FPF, KEEN, "content/pages/about.yaml",
    ]
    assert "4 problems found" in stderr


def test_two_events_with_the_same_slot_id(content: Path, tmp_path: Path,
                                          run_cli: Callable[..., tuple[int, str, str]],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # A single event named like an occurrence of the keen-swim series, at the same time.
    (content / "events/keen-swim-2025-10-18.yaml").write_text(
        "title: X\nhost: keenstl\ndate: 2025-10-18\nlocation: L\ndescription: D\n"
        "rsvp: account\nslots:\n  - time: 9:00-9:50 AM\n", encoding="utf-8")
    status, _, stderr = run_cli("build", "--content", "content", "--out", "out")
    assert status == 1
    assert (
        "content/events/keen-swim-2025-10-18.yaml:8:11: slots[0].time: expected a slot id that "
        "no other event's slot has, found 'keen-swim-2025-10-18-9-00-9-50-am', also a slot id of "
        "keen-swim.yaml. Rename one of the two event files: a slot id is made of the file name, "
        "the date for a series, and the time."
    ) in stderr.splitlines()
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(("rule", "meant"), [
    ("FREQ=MONTLY;BYDAY=3SA", "Did you mean FREQ=MONTHLY? "),
    ("FRQ=WEEKLY", "Did you mean FREQ=WEEKLY? "),
    ("FREQ=WEEKLY;INTREVAL=2", "Did you mean INTERVAL=2? "),
    ("FREQ=WEEKLY;BYDAYS=TU", "Did you mean BYDAY=TU? "),
    ("FREQ=WEEKLY;BYDAY=TUE,THU",
     "Did you mean BYDAY=TU,TH? Days are two letters: MO, TU, WE, TH, FR, SA, SU. "),
    ("FREQ=MONTHLY;BYDAY=3SAT",
     "Did you mean BYDAY=3SA? Days are two letters: MO, TU, WE, TH, FR, SA, SU. "),
    ("FREQ=WEEKLY;BYDAY=XX", "Write FREQ=DAILY"),
])
def test_a_misspelled_series_rule_gets_its_spelling(rule: str, meant: str) -> None:
    with pytest.raises(PydanticCustomError) as refused:
        check_rule(rule)
    hint = str(refused.value).split(f"found {rule!r} (", 1)[1].split("). ", 1)[1]
    assert hint.startswith(meant)
    assert hint.endswith("separated by semicolons (see content/README.md).")


FEATURED_HINT = "Name an upcoming event or series, or remove `featured:`."


def test_featured_event_must_exist(content: Path, edit: Callable[[str, str, str], None],
                                   run_cli: Callable[..., tuple[int, str, str]],
                                   tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    edit("pages/home.yaml", "\n  href: /features\n",
         "\n  href: /features\nfeatured: no-such-event\n")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == (
        "content/pages/home.yaml:30:11: featured: expected the file name of an event or series "
        f"in content/events/, found 'no-such-event'. {FEATURED_HINT}"
    )


@pytest.mark.parametrize(("featured", "ended"), [
    ("inclusive-sports-clinic", "on 2025-07-27"),
    ("keen-swim", "on 2025-11-15"),
])
def test_a_featured_event_that_has_ended_is_a_warning(
    featured: str, ended: str, content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("pages/home.yaml", "\n  href: /features\n",
         f"\n  href: /features\nfeatured: {featured}\n")
    status, stdout, stderr = run_cli("build", "--content", "content", "--out", "out")
    assert status == 0, stderr
    assert stderr.splitlines() == [
        f"content/pages/home.yaml:30:11: warning: featured: '{featured}' ended {ended}; the "
        f"home page's button names the next upcoming event instead. {FEATURED_HINT}"
    ]
    assert stdout.startswith("Built ")
    home = json.loads((tmp_path / "out/pages/home.json").read_text(encoding="utf-8"))
    assert home["featured"] == featured


def test_an_upcoming_featured_series_builds_without_a_word(
    content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("events/keen-swim.yaml", "date: 2025-10-04", "date: 2099-10-03")
    edit("events/keen-swim.yaml", "except: [2025-11-01]", "except: [2099-10-31]")
    edit("pages/home.yaml", "\n  href: /features\n", "\n  href: /features\nfeatured: keen-swim\n")
    status, _, stderr = run_cli("check", "--content", "content")
    assert (status, stderr) == (0, "")
