"""Loading: the fast path builds what the position-recording loader builds, and errors in files
it loaded still point at the right line."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator import loaders
from tests.generator.generator_testkit import VALID

ROOT = Path(__file__).resolve().parents[2]
KEEN = "content/organizations/keenstl.yaml"
CLINIC = "content/events/inclusive-sports-clinic.yaml"


def _same(a: Any, b: Any) -> bool:
    """Equal, with the same types and key order all the way down (True == 1 is not enough)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _both(path: Path) -> tuple[tuple[Any, list[Any]], tuple[Any, list[Any]]]:
    """(data, errors) from load_document and from the position-recording loader alone."""
    fast, fast_errors = loaders.load_document(path, path.name)
    slow, slow_errors = loaders._load_with_positions(path, path.name)
    return ((fast and fast.data, fast_errors), (slow and slow.data, slow_errors))


@pytest.mark.parametrize("root", [ROOT / "content", VALID], ids=["content", "fixtures"])
def test_fast_path_loads_every_real_file_like_the_position_loader(root: Path) -> None:
    paths = sorted(p for p in root.rglob("*.yaml") if "schemas" not in p.parts)
    assert paths
    for path in paths:
        doc, errors = loaders.load_document(path, path.name)
        assert doc is not None and errors == []
        assert doc.positions is None, f"{path.name} should not need the slow loader"
        (fast, _), (slow, _) = _both(path)
        assert _same(fast, slow), path


# YAML that the fast path builds itself, and YAML it hands to the position-recording loader.
SNIPPETS = {
    "scalars": "a: 1\nb: 1.5\nc: yes\nd: ~\ne: 2025-07-27\nf: '1992'\ng: 2025-07-27 10:00:00\n",
    "flow and block lists": "a: [x, 2, {b: c}]\nd:\n  - e\n  - - f\n",
    "folded text": "a: >-\n  one\n  two\nb: |\n  three\n",
    "anchor and alias": "a: &x {b: 1}\nc: *x\n",
    "empty file": "",
    "comments only": "# nothing here\n",
    "a bare list": "- a\n- b\n",
    "duplicate key": "name: a\nkind: b\nname: c\n",
    "nested duplicate key": "a:\n  b: 1\n  b: 2\n",
    "merge key": "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n",
    "explicit tag": "a: !!str 1992\nb: !!binary aGk=\n",
    "set": "a: !!set {x, y}\n",
    "integer key": "1: one\n",
    "yes/no key": "yes: one\n",
    "empty key": "'': one\n",
    "list as a key": "? [a, b]\n: one\n",
    "syntax error": "kind: [nonprofit\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "python tag": "a: !!python/name:os.system\n",
}


@pytest.mark.parametrize("text", SNIPPETS.values(), ids=SNIPPETS.keys())
def test_fast_path_matches_the_position_loader_on_any_yaml(text: str, tmp_path: Path) -> None:
    path = tmp_path / "file.yaml"
    path.write_text(text, encoding="utf-8")
    (fast, fast_errors), (slow, slow_errors) = _both(path)
    assert _same(fast, slow)
    assert fast_errors == slow_errors


def test_fast_path_keeps_yaml_types(tmp_path: Path) -> None:
    path = tmp_path / "file.yaml"
    path.write_text(SNIPPETS["scalars"], encoding="utf-8")
    doc, errors = loaders.load_document(path, "file.yaml")
    assert doc is not None and errors == [] and doc.positions is None
    assert doc.data == {"a": 1, "b": 1.5, "c": True, "d": None, "e": dt.date(2025, 7, 27),
                        "f": "1992", "g": dt.datetime(2025, 7, 27, 10, 0)}


def test_alias_builds_one_shared_value(tmp_path: Path) -> None:
    path = tmp_path / "file.yaml"
    path.write_text(SNIPPETS["anchor and alias"], encoding="utf-8")
    doc, _ = loaders.load_document(path, "file.yaml")
    assert doc is not None and doc.data["a"] is doc.data["c"]


def test_duplicate_keys_are_reported_where_they_are(tmp_path: Path) -> None:
    path = tmp_path / "file.yaml"
    path.write_text(SNIPPETS["nested duplicate key"], encoding="utf-8")
    doc, errors = loaders.load_document(path, "file.yaml")
    assert doc is not None and doc.positions is not None
    assert [e.format() for e in errors] == [
        "file.yaml:3:3: a.b: expected each key once per block, found `b` a second time on line 3 "
        "(it is already on line 2). Keep one of lines 2 and 3 and delete the other; YAML would "
        "silently keep only the last."
    ]


def test_a_fast_loaded_document_finds_lines_when_asked(tmp_path: Path) -> None:
    path = VALID / "organizations" / "keenstl.yaml"
    doc, _ = loaders.load_document(path, "keenstl.yaml")
    assert doc is not None and doc.positions is None
    assert doc.mark(("kind",)) == (3, 7)
    assert doc.mark(("colors", "accent"), key=True) == (7, 3)
    assert doc.positions is not None
    doc.release()  # as validation does once the model holds the values
    assert doc.data is None and doc.positions is None
    assert doc.mark(("photos", 1, "alt")) == (18, 10)


def test_errors_in_fast_loaded_files_point_at_their_lines(
    run_cli: Callable[..., tuple[int, str, str]], content: Path,
    edit: Callable[[str, str, str], None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    # A model error, a cross-file error and a duplicate key, each in a different file.
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    edit("events/inclusive-sports-clinic.yaml", "host: keenstl", "host: nobody")
    edit("organizations/forestparkforever.yaml", "\nname:", "\ntagline: Twice.\nname:")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    lines = stderr.splitlines()
    assert any(line.startswith(f"{CLINIC}:4:7: host: expected the slug of a file")
               for line in lines)
    assert any(line.startswith(f"{KEEN}:3:7: kind: expected one of") for line in lines)
    assert any(line.startswith("content/organizations/forestparkforever.yaml:9:1: tagline: "
                               "expected each key once per block") for line in lines)
