"""Validation: every content file against its model, then the checks that span files."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from generator import rich_text
from generator.checks.events import check_events, check_featured
from generator.checks.images import check_images
from generator.checks.links import check_links
from generator.checks.names import (
    check_case_clashes,
    check_legacy_paths,
    check_placeholders,
    check_slugs,
)
from generator.checks.run import (
    APP_ROUTES,
    PAGES,
    Draft,
    Entry,
    Run,
)
from generator.checks.translations import check_translations
from generator.errors import ContentInvalid, ContentWarning
from generator.models import Event, Organization, Site
from generator.registry import EVENT, ORGANIZATION
from generator.translations import misplaced


@dataclass
class Project:
    """Everything in content/, validated, ready to emit."""

    root: Path
    site: Entry[Site]
    pages: dict[str, Entry[Any]]
    organizations: dict[str, Entry[Organization]]
    events: dict[str, Entry[Event]]
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Series slug -> (every date of its rule, the excepted ones among them).
    series: dict[str, tuple[list[dt.date], list[dt.date]]] = field(default_factory=dict)
    # Each description's text -> its HTML, rendered when its links were checked.
    descriptions: dict[str, rich_text.RichText] = field(default_factory=dict)
    # What is worth fixing but builds anyway.
    warnings: list[ContentWarning] = field(default_factory=list)
    # Language -> (kind, slug) -> the prose its translation file gives (checks/translations.py).
    translations: dict[str, dict[tuple[str, str], BaseModel]] = field(default_factory=dict)
    # In a language's project (languages.py): (kind, slug) -> the prose left in English.
    in_english: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    @property
    def routes(self) -> list[str]:
        """Every route the site serves: the app's pages, then one per organization."""
        return [*APP_ROUTES, *(f"/{slug}" for slug in self.organizations)]


def validate(root: Path) -> Project:
    """Load and validate the whole content tree, raising ContentInvalid with every error."""
    run = Run(root)
    site_path = root / "site.yaml"
    site = run.load(site_path, Site) if site_path.exists() else None
    if not site_path.exists():
        run.file_error(site_path, "content/site.yaml", "no such file",
                       "Create it; it names the site and its navigation.")
    pages: dict[str, Entry[Any]] = {}
    for name, model in PAGES.items():
        path = root / "pages" / f"{name}.yaml"
        if not path.exists():
            run.file_error(path, f"the page file pages/{name}.yaml", "no such file",
                           f"Create pages/{name}.yaml.")
            continue
        entry = run.load(path, model)
        if entry is not None:
            pages[name] = entry
    for path in sorted((root / "pages").glob("*.y*ml")):
        if path.stem not in PAGES:
            run.file_error(path, "one of " + ", ".join(f"{p}.yaml" for p in PAGES),
                           repr(path.name), misplaced(path)
                           or "Pages are fixed; remove or rename this file.")
    organizations = run.collection(ORGANIZATION.entries_folder, Organization)
    events = run.collection(EVENT.entries_folder, Event)
    draft = Draft(root, site, pages, organizations, events,
                   run.stems[ORGANIZATION.entries_folder], run.stems[EVENT.entries_folder],
                   run.salvaged)
    check_slugs(run, draft)
    for kind in (ORGANIZATION, EVENT):
        check_case_clashes(run, kind)
    check_placeholders(run, draft)
    check_legacy_paths(run, draft)
    check_links(run, draft)
    check_events(run, draft)
    check_featured(run, draft, dt.datetime.now(dt.UTC))
    check_images(run, draft)
    translations = check_translations(run, draft)
    if run.errors or site is None:
        raise ContentInvalid(run.errors, run.warnings)
    return Project(root, site, pages, organizations, events, draft.image_sizes, draft.series,
                   draft.descriptions, sorted(run.warnings), translations)
