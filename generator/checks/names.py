"""Checks of names across files: slugs, case clashes, placeholder text and legacy paths."""

from __future__ import annotations

from typing import Any

from generator.checks.run import (
    RESERVED_SEGMENTS,
    WHAT,
    Draft,
    Entry,
    Run,
    kind_of,
    text_mark,
)
from generator.errors import ContentError
from generator.placeholders import placeholder_fields
from generator.pydantic_errors import field_path
from generator.registry import ContentType


def check_slugs(run: Run, project: Draft) -> None:
    """Check that no organization slug takes a route the site itself uses."""
    for slug, entry in project.organizations.items():
        if slug.lower() in RESERVED_SEGMENTS:
            run.error(entry.doc, (), "an organization slug that is not a site route",
                      f"the file name {slug}.yaml, which would hide /{slug.lower()}",
                      "Rename the file, for example with the organization's short name.")


def check_case_clashes(run: Run, kind: ContentType) -> None:
    """Two files of one folder whose names differ only in case (every file, even a broken one)."""
    folder = kind.entries_folder
    seen: dict[str, str] = {}
    for stem in sorted(run.stems.get(folder, ())):
        other = seen.setdefault(stem.lower(), stem)
        if other == stem:
            continue
        path = run.root / folder / f"{stem}.yaml"
        found = f"{stem}.yaml, which differs from {other}.yaml only in letter case"
        expected = f"a slug different from every other {WHAT[folder]}'s"
        hint = "URLs must differ by more than case; rename one of the files."
        doc = run.docs.get(path)
        if doc is not None:
            run.error(doc, (), expected, found, hint)
        else:
            run.file_error(path, expected, found, hint)


def check_placeholders(run: Run, project: Draft) -> None:
    """Report the scaffold's placeholder text and pictures still in a file."""
    site = [project.site] if project.site else []
    full: list[Entry[Any]] = [*site, *project.pages.values(), *project.organizations.values(),
                              *project.events.values()]
    checks = [(entry, True) for entry in full] + [(entry, False) for entry in project.salvaged]
    for entry, complete in checks:
        what = kind_of(entry)
        for loc, text, kind in placeholder_fields(entry.model, complete=complete):
            shown = repr(text if len(text) <= 60 else text[:57] + "...")
            where = field_path(loc)
            line, column = entry.doc.mark(loc) if kind.whole else text_mark(entry.doc, loc, text)
            run.errors.append(ContentError(
                entry.doc.display, line, column, where, f"the {what}'s own text",
                kind.found.format(text=shown), kind.hint.format(field=where, what=what)))


def check_legacy_paths(run: Run, project: Draft) -> None:
    """Check the organizations' old URLs: none is a live route, and no two claim the same one."""
    routes = project.routes
    claimed: dict[str, str] = {}
    for slug, entry in project.organizations.items():
        for i, path in enumerate(entry.model.legacy_paths):
            loc = ("legacy_paths", i)
            if path in routes:
                run.error(entry.doc, loc, "an old URL that is not a live route", repr(path),
                          "Remove it: that address already shows a page.")
            elif path in claimed and claimed[path] != slug:
                run.error(entry.doc, loc, "an old URL that only one organization claims",
                          f"{path!r}, already claimed by {claimed[path]}.yaml",
                          "Keep it in one file only.")
            claimed.setdefault(path, slug)
