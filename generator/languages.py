"""A validated project in another language: each record's translation merged over its English,
with the prose that stayed English listed for the site to mark (lang="en")."""

from __future__ import annotations

import dataclasses
from typing import Any

from generator.checks.run import Entry
from generator.errors import field_path
from generator.translations import merge
from generator.validate import Project


def _merged(entry: Entry[Any], kind: str, slug: str, language: str, project: Project,
            in_english: dict[tuple[str, str], list[str]]) -> Entry[Any]:
    model, left = merge(entry.model, project.translations.get(language, {}).get((kind, slug)))
    in_english[(kind, slug)] = [field_path(loc) for loc in left]
    return dataclasses.replace(entry, model=model)


def translated(project: Project, language: str) -> Project:
    """The project as `language`'s pages read it: translated prose, English where it has none."""
    in_english: dict[tuple[str, str], list[str]] = {}

    def each(entries: dict[str, Entry[Any]], kind: str) -> dict[str, Entry[Any]]:
        return {slug: _merged(entry, kind, slug, language, project, in_english)
                for slug, entry in entries.items()}

    site = _merged(project.site, "site", "site", language, project, in_english)
    return dataclasses.replace(
        project, site=site, pages=each(project.pages, "page"),
        organizations=each(project.organizations, "organization"),
        events=each(project.events, "event"), in_english=in_english)
