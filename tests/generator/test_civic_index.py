"""The civic index's outputs: pages in the routes, causes, and search chunks that cover everyone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from bench.synth import make_content
from generator import civic_index
from generator.civic_index import CivicIndexOut, SearchChunkOut
from generator.outputs import ImageOut

ROOT = Path(__file__).resolve().parents[2]


def _entry(slug: str, causes: list[str]) -> civic_index.OrganizationIndexEntry:
    logo = ImageOut(src=f"/images/{slug}.svg", alt=f"{slug} logo", width=1, height=1)
    return civic_index.OrganizationIndexEntry(
        id=slug, name=slug.title(), link=f"/{slug}", logo=logo,
        causes=civic_index.cause_slugs(causes), kind="nonprofit", tagline="A tagline.")


def test_cause_slugs_are_url_words_each_once() -> None:
    assert civic_index.cause_slug("Civic Engagement") == "civic-engagement"
    assert civic_index.cause_slug("HIV care / testing") == "hiv-care-testing"
    assert civic_index.cause_slugs(["youth", "Youth", "arts & culture", "!!"]) == [
        "youth", "arts-culture"]


def test_causes_are_counted_once_per_organization_and_sorted_by_label() -> None:
    causes = civic_index.causes_of([["youth", "Youth", "sports"], ["arts"], ["youth"]])
    assert [(c.slug, c.label, c.count) for c in causes] == [
        ("arts", "arts", 1), ("sports", "sports", 1), ("youth", "youth", 2)]


def test_pages_after_the_first_are_numbered_from_two() -> None:
    assert civic_index.page_paths(0) == []
    assert civic_index.page_paths(civic_index.PAGE_SIZE) == []
    assert civic_index.page_paths(civic_index.PAGE_SIZE * 2 + 1) == [
        "/organizations/page/2", "/organizations/page/3"]


def test_search_chunks_hold_every_organization_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(civic_index, "CHUNK_SIZE", 3)
    index = [_entry(f"org{n:02d}", ["youth"] if n % 2 else ["arts"]) for n in range(8)]
    out = civic_index.files(index, [["youth"] if n % 2 else ["arts"] for n in range(8)])
    summary = CivicIndexOut.model_validate_json(out["civic-index.json"])
    assert (summary.total, summary.pages) == (8, 1)
    assert [(r.start, r.count) for r in summary.search] == [(0, 3), (3, 3), (6, 2)]
    ids = []
    for ref in summary.search:
        chunk = SearchChunkOut.model_validate_json(out[f"public{ref.url}"])
        assert chunk.start == ref.start and len(chunk.organizations) == ref.count
        ids += [o.id for o in chunk.organizations]
    assert ids == [e.id for e in index]
    assert {(c.slug, c.count) for c in summary.causes} == {("arts", 4), ("youth", 4)}


def test_a_chunk_is_named_by_its_content(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(civic_index, "CHUNK_SIZE", 2)
    before = civic_index.files([_entry("a", []), _entry("b", []), _entry("c", [])], [[], [], []])
    after = civic_index.files([_entry("a", []), _entry("b", []), _entry("d", [])], [[], [], []])
    names = sorted(k for k in before if k.startswith("public/"))
    changed = sorted(k for k in after if k.startswith("public/"))
    assert names[0] == changed[0]  # the same first chunk keeps its name (and its cache)
    assert names[1] != changed[1]


def test_a_large_index_is_paged_in_the_routes(run_cli: Callable[..., tuple[int, str, str]],
                                              tmp_path: Path) -> None:
    size = civic_index.PAGE_SIZE * 2 + 5
    content = make_content(size, tmp_path / "content", ROOT / "content")
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    summary = json.loads((out / "civic-index.json").read_text())
    assert (summary["total"], summary["pages"]) == (size, 3)
    paths = {r["path"] for r in json.loads((out / "routes.json").read_text())}
    assert {"/organizations", "/organizations/page/2", "/organizations/page/3"} <= paths
    assert "/organizations/page/4" not in paths
    index = json.loads((out / "organizations.json").read_text())
    chunked = [o["id"] for ref in summary["search"]
               for o in json.loads((out / "public" / ref["url"].lstrip("/")).read_text())[
                   "organizations"]]
    assert chunked == [o["id"] for o in index]
    youth = next(c for c in summary["causes"] if c["slug"] == "youth")
    assert youth["count"] == sum("youth" in o["causes"] for o in index) > 3
