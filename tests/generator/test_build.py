"""Building: golden output, determinism, all-or-nothing writes, and the real content."""

from __future__ import annotations

import html
import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench.synth import make_content
from generator.emit import PROFILES_PER_FILE, write_tree
from tests.generator.generator_testkit import FIXTURES, VALID

GOLDEN = FIXTURES / "golden"
ROOT = Path(__file__).resolve().parents[2]
SPEC_SLUGS = (
    "keenstl ccri forestparkforever archgrants evertrue girlscouts skandalaris botanical "
    "BrightsideSTL Coca FocusSTL HarrisStowe IntStl Logan lutheran Slu Stlcc stpatrick Umsl "
    "washu webster waterski variety spensa pedal oafo easterseals doorways"
).split()


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def pinned(content: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The valid fixture tree with the build's inputs beside the files fixed: the clock (what
    is upcoming, security.txt's expiry) and the files' change times (the Atom feeds' dates)."""
    monkeypatch.setenv("CIVIC_NOW", "2025-06-01T12:00:00-05:00")
    moment = datetime(2025, 5, 1, 12, tzinfo=UTC).timestamp()
    for path in content.rglob("*"):
        os.utime(path, (moment, moment))
    return content


def test_build_matches_golden_output(run_cli: Callable[..., tuple[int, str, str]],
                                     pinned: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, stdout, stderr = run_cli("build", "--content", str(pinned), "--out", str(out))
    assert status == 0, stderr
    assert "Built" in stdout
    produced = _tree(out)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        import shutil

        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(out, GOLDEN)
    expected = _tree(GOLDEN)
    assert sorted(produced) == sorted(expected)
    for name in expected:
        assert produced[name] == expected[name], f"{name} differs from the golden copy"


def test_profiles_are_grouped_and_each_route_names_its_file(
        run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path) -> None:
    size = PROFILES_PER_FILE + 3
    content = make_content(size, tmp_path / "content", ROOT / "content")
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    files = {p.name: json.loads(p.read_text()) for p in (out / "organizations").iterdir()}
    assert sorted(files) == ["profiles-0.json", "profiles-1.json"]
    assert [len(f) for _, f in sorted(files.items())] == [PROFILES_PER_FILE, 3]
    routes = [r for r in json.loads((out / "routes.json").read_text()) if r["kind"] == "profile"]
    assert len(routes) == size
    for route in routes:
        held = files[route["data"].removeprefix("organizations/")]
        assert held[route["slug"]]["link"] == route["path"]
    assert all(r["data"] is None for r in json.loads((out / "routes.json").read_text())
               if r["kind"] != "profile")


def test_build_is_deterministic(run_cli: Callable[..., tuple[int, str, str]],
                                pinned: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    assert run_cli("build", "--content", str(pinned), "--out", str(first))[0] == 0
    assert run_cli("build", "--content", str(pinned), "--out", str(second))[0] == 0
    assert _tree(first) == _tree(second)


def test_failed_build_writes_nothing_and_keeps_previous_output(
    run_cli: Callable[..., tuple[int, str, str]], content: Path,
    edit: Callable[[str, str, str], None], tmp_path: Path,
) -> None:
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(content), "--out", str(out))[0] == 0
    before = _tree(out)
    edit("organizations/keenstl.yaml", "name: KEEN St. Louis", "nme: KEEN St. Louis")
    status, _stdout, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 1
    assert "Nothing was written" in stderr
    assert _tree(out) == before

    fresh = tmp_path / "fresh"
    assert run_cli("build", "--content", str(content), "--out", str(fresh))[0] == 1
    assert not fresh.exists()


def test_build_emits_slot_ids_and_redirects(run_cli: Callable[..., tuple[int, str, str]],
                                            tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(VALID), "--out", str(out))[0] == 0
    events = json.loads((out / "events.json").read_text())
    # A series occurrence's slot ids carry its date; the excepted 2025-11-01 has none.
    assert sorted(events["slots"]) == [
        "forest-park-cleanup-1-00pm-3-00pm",
        "inclusive-sports-clinic-1-00-1-50-pm",
        "inclusive-sports-clinic-2-00-2-50-pm",
        "inclusive-sports-clinic-3-00-3-50-pm",
        *(f"keen-swim-{day}-{time}" for day in ("2025-10-04", "2025-10-18", "2025-11-15")
          for time in ("10-00-10-50-am", "9-00-9-50-am")),
    ]
    clinic = events["slots"]["inclusive-sports-clinic-2-00-2-50-pm"]
    assert clinic["start"] == "2025-07-27T14:00:00-05:00"
    assert clinic["end"] == "2025-07-27T14:50:00-05:00"
    assert clinic["rsvp"] == "account"
    # The fixture's cleanup says no `rsvp:`: guests are welcome by default.
    assert events["slots"]["forest-park-cleanup-1-00pm-3-00pm"]["rsvp"] == "guest"
    assert clinic["capacity"] is None
    # Across the end of daylight time (2025-11-02) the local time stays 9:00 AM.
    swim = events["slots"]["keen-swim-2025-10-18-9-00-9-50-am"]
    assert (swim["start"], swim["capacity"], swim["series"]) == (
        "2025-10-18T09:00:00-05:00", 6, "keen-swim")
    overview = events["series"][0]
    assert (overview["path"], [(d["date"], d["cancelled"]) for d in overview["dates"]]) == (
        "/events/keen-swim", [("2025-10-04", False), ("2025-10-18", False), ("2025-11-01", True),
                              ("2025-11-15", False)])
    later = events["slots"]["keen-swim-2025-11-15-10-00-10-50-am"]
    assert (later["start"], later["capacity"]) == ("2025-11-15T10:00:00-06:00", 4)
    assert later["path"] == "/events/keen-swim/2025-11-15"
    redirects = json.loads((out / "redirects.json").read_text())
    assert {"from": "/organizations/keen", "to": "/keenstl", "status": 301} in redirects


def test_real_content_passes_check_and_builds_all_28(run_cli: Callable[..., tuple[int, str, str]],
                                                      tmp_path: Path) -> None:
    content = ROOT / "content"
    status, _stdout, stderr = run_cli("check", "--content", str(content))
    assert status == 0, stderr
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(content), "--out", str(out))[0] == 0
    index = json.loads((out / "organizations.json").read_text())
    assert sorted(e["id"] for e in index) == sorted(SPEC_SLUGS)
    assert len({e["link"] for e in index}) == 28
    routes = json.loads((out / "routes.json").read_text())
    events = json.loads((out / "events.json").read_text())["events"]
    assert len([r for r in routes if r["kind"] in ("page", "profile")]) == 47
    assert sorted(r["path"] for r in routes if r["kind"] == "event") == sorted(
        e["path"] for e in events)
    series = {e["series"] for e in events if e["series"]}
    assert sorted(r["path"] for r in routes if r["kind"] == "series") == sorted(
        f"/events/{slug}" for slug in series)
    redirects = {r["from"]: r["to"] for r in json.loads((out / "redirects.json").read_text())}
    for old, new in {"/coca": "/Coca", "/GirlScouts": "/girlscouts",
                     "/HarisStowe": "/HarrisStowe", "/Intstl": "/IntStl",
                     "/brightsidestl": "/BrightsideSTL", "/umsl": "/Umsl"}.items():
        assert redirects[old] == new


def test_committed_content_schemas_match_the_models(tmp_path: Path) -> None:
    from generator.schemas import CONTENT_MODELS, content_schema

    for name in CONTENT_MODELS:
        committed = json.loads((ROOT / "content" / "schemas" / f"{name}.schema.json").read_text())
        assert committed == content_schema(name, ROOT / "content"), (
            f"run `make schemas`: {name} is stale")
        assert committed["$schema"] == "http://json-schema.org/draft-07/schema#"
        assert "$defs" not in json.dumps(committed)


@pytest.mark.parametrize(("initials", "label"), [
    ("KSL", "KEEN St. Louis logo"),
    ("CÉ", "Café & <Co> \"50%\" #1 logo"),
    ("日本", "日本 – St. Louis logo"),
])
def test_monogram_uri_is_the_svg_percent_encoded_once(initials: str, label: str) -> None:
    from urllib.parse import quote, unquote

    from generator.images import monogram_uri

    body = monogram_uri(initials, "#1f4e8c", "#f2b705", label).removeprefix("data:image/svg+xml,")
    svg = unquote(body)
    assert quote(svg, safe=":/=',;.()-_") == body
    assert " " not in body and '"' not in body
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert f"<title>{html.escape(label)}</title>" in svg
    assert f">{html.escape(initials)}</text>" in svg


def test_output_folders_are_readable_by_every_user(run_cli: Callable[..., tuple[int, str, str]],
                                                   tmp_path: Path) -> None:
    # The service may run as another user than the build; it must be able to read the output.
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(VALID), "--out", str(out))[0] == 0
    folders = [out, *(p for p in out.rglob("*") if p.is_dir())]
    assert all(p.stat().st_mode & 0o005 == 0o005 for p in folders)
    assert all(p.stat().st_mode & 0o004 for p in out.rglob("*") if p.is_file())


def test_a_rebuild_replaces_a_changed_file_and_leaves_its_links_alone(tmp_path: Path) -> None:
    """The site links the generator's public files (site/scripts/postbuild.mjs): a rebuild
    replaces a changed file by a new one, so the served site keeps the bytes it was built with
    until the next site build links the new file."""
    out = tmp_path / "out"
    write_tree({"public/a.png": b"first", "public/b.png": b"same"}, out)
    served = tmp_path / "site"
    served.mkdir()
    for name in ("a.png", "b.png"):
        os.link(out / "public" / name, served / name)
    write_tree({"public/a.png": b"second", "public/b.png": b"same"}, out)
    assert (out / "public" / "a.png").read_bytes() == b"second"
    assert (served / "a.png").read_bytes() == b"first"
    assert (served / "b.png").samefile(out / "public" / "b.png")  # unchanged: not rewritten
