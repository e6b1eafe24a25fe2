"""The civic index's outputs: its cards, pages, causes and the browser's search chunks."""

from __future__ import annotations

import hashlib
import re

from pydantic import RootModel

from generator.outputs import ImageOut, Output, in_english_field

# Cards per page of /organizations (page 1) and /organizations/page/N: the 28 partners fit on one.
PAGE_SIZE = 48
# Organizations per search chunk: the browser fetches the chunks side by side and searches each
# as it lands, so the first results show after one chunk, however many organizations there are.
CHUNK_SIZE = 2_000
SEARCH_FOLDER = "search"


class OrganizationCardOut(Output):
    """One organization as the civic index shows it, with the causes it can be filtered by."""

    id: str
    name: str
    link: str
    logo: ImageOut
    causes: list[str]


class OrganizationIndexEntry(OrganizationCardOut):
    """One entry of organizations.json: the card, plus what the site says about it elsewhere."""

    kind: str
    tagline: str
    in_english: list[str] = in_english_field()


class OrganizationIndex(RootModel[list[OrganizationIndexEntry]]):
    """organizations.json: exactly one entry per organization, sorted by name."""


class CauseOut(Output):
    """A cause the civic index can be filtered by (?cause=<slug>)."""

    slug: str
    label: str
    count: int


class SearchChunkOut(Output):
    """public/search/organizations-<n>.<hash>.json: a run of the civic index, in name order."""

    start: int
    organizations: list[OrganizationCardOut]


class SearchChunkRef(Output):
    """Where the browser finds one search chunk, and which positions of the index it holds."""

    url: str
    start: int
    count: int


class CivicIndexOut(Output):
    """civic-index.json: how the index is paged, its causes and its search chunks."""

    total: int
    page_size: int
    pages: int
    causes: list[CauseOut]
    search: list[SearchChunkRef]


def cause_slug(label: str) -> str:
    """The URL form of a cause: `civic engagement` -> `civic-engagement`."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def page_count(total: int) -> int:
    """Pages of the index (one, even when there is no organization)."""
    return max(1, -(-total // PAGE_SIZE))


def page_paths(total: int) -> list[str]:
    """Every page's path after the first (which is /organizations itself)."""
    return [f"/organizations/page/{n}" for n in range(2, page_count(total) + 1)]


def cause_slugs(labels: list[str]) -> list[str]:
    """An organization's causes as slugs, each once, in its own order."""
    return list(dict.fromkeys(s for s in map(cause_slug, labels) if s))


def causes_of(organizations: list[list[str]]) -> list[CauseOut]:
    """Every cause, by label, with how many organizations name it (one list of labels each)."""
    named: dict[str, str] = {}
    counts: dict[str, int] = {}
    for labels in organizations:
        for label in labels:
            named.setdefault(cause_slug(label), label)
        for slug in cause_slugs(labels):
            counts[slug] = counts.get(slug, 0) + 1
    return sorted((CauseOut(slug=s, label=named[s], count=n) for s, n in counts.items()),
                  key=lambda c: (c.label.lower(), c.slug))


def files(index: list[OrganizationIndexEntry],
          labels: list[list[str]]) -> dict[str, bytes]:
    """civic-index.json and the search chunks for an index already sorted by name."""
    out: dict[str, bytes] = {}
    refs = []
    for number, start in enumerate(range(0, len(index), CHUNK_SIZE)):
        run = index[start:start + CHUNK_SIZE]
        chunk = SearchChunkOut(start=start, organizations=[
            OrganizationCardOut(id=e.id, name=e.name, link=e.link, logo=e.logo, causes=e.causes)
            for e in run
        ])
        # Compact (the browser downloads it) and named by its content, so it can be cached forever.
        data = chunk.model_dump_json().encode()
        digest = hashlib.blake2b(data, digest_size=5).hexdigest()
        name = f"{SEARCH_FOLDER}/organizations-{number}.{digest}.json"
        out[f"public/{name}"] = data
        refs.append(SearchChunkRef(url=f"/{name}", start=start, count=len(run)))
    summary = CivicIndexOut(total=len(index), page_size=PAGE_SIZE, pages=page_count(len(index)),
                            causes=causes_of(labels), search=refs)
    out["civic-index.json"] = summary.model_dump_json(indent=2).encode() + b"\n"
    return out
