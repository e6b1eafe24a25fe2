"""Checks of translation files (<language>/<name>.yaml in the folder of <name>.yaml): each against
its English file, then a warning for every piece of prose that still shows in English.

A language's files sit in a folder of their own, not beside the English ones, so that whatever
lists a content folder's files (the web editor's collections above all: Decap CMS lists a
folder's files but not its subfolders' unless told to) sees the English entries alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from generator.checks.links import check_description
from generator.checks.run import PAGES, Draft, Entry, Run
from generator.errors import ContentWarning
from generator.loaders import load_document
from generator.models import LANGUAGE_FOLDER, Event, Organization, Site
from generator.pydantic_errors import translate
from generator.registry import EVENT, ORGANIZATION
from generator.translations import (
    conflicts,
    merge,
    misplaced,
    not_prose,
    translation_model,
    without,
)

# What a translation belongs to: (kind, slug), as Project.translations keys it.
Key = tuple[str, str]
# Each kind: the folder of its files, and what messages call one and many of them.
KINDS: dict[str, tuple[str, str, str]] = {
    "site": ("", "site settings file", "site settings files"),
    "page": ("pages", "page", "pages"),
    "organization": (ORGANIZATION.entries_folder, "organization", "organizations"),
    "event": (EVENT.entries_folder, "event", "events"),
}


def _english(draft: Draft, kind: str) -> dict[str, Entry[Any]]:
    """The kind's valid English entries, by slug."""
    if kind == "site":
        return {"site": draft.site} if draft.site else {}
    return {"page": draft.pages, "organization": draft.organizations,
            "event": draft.events}[kind]


def _model(kind: str, slug: str) -> type[BaseModel] | None:
    if kind == "site":
        return Site if slug == "site" else None
    if kind == "page":
        return PAGES.get(slug)
    return Organization if kind == "organization" else Event


def _candidates(root: Path) -> list[tuple[str, Path]]:
    """Every file in a language's folder, with the kind of content its English folder holds."""
    found = []
    for kind, (folder, _, _) in KINDS.items():
        where = root / folder
        if not where.is_dir():
            continue
        # Beside site.yaml the other folders are content's own (organizations/, images/, ...).
        folders = [sub for sub in sorted(where.iterdir()) if sub.is_dir()
                   and (folder or LANGUAGE_FOLDER.fullmatch(sub.name))]
        found += [(kind, path) for sub in folders for path in sorted(sub.iterdir())
                  if path.is_file()]
    return found


def translation_path(english: Path, language: str) -> Path:
    """Where an English file's translation into a language is: <language>/<name>.yaml beside it."""
    return english.parent / language / english.name


def _load(run: Run, draft: Draft, kind: str, path: Path, languages: dict[str, str],
          routes: set[str]) -> tuple[Key, str, BaseModel] | None:
    """Check one translation file; its key, language and model, or None after its errors."""
    slug, language = path.stem, path.parent.name
    english_path = path.parent.parent / f"{slug}.yaml"
    if kind == "site" and slug != "site":
        run.file_error(path, "only site.yaml's translation in this folder", repr(path.name),
                       f"A page's, organization's or event's translation goes in the language's "
                       f"folder beside its English file, such as pages/{language}/about.yaml.")
        return None
    english_name = run.display(english_path)
    model = _model(kind, slug)
    if path.suffix != ".yaml":
        run.file_error(path, "a .yaml file", f"the extension {path.suffix}",
                       "Rename the file to end in .yaml.")
        return None
    if language not in languages:
        run.file_error(path, "a folder named for a language of site.yaml's `languages`: "
                       + (", ".join(languages) or "none yet"), f"the folder {language}/",
                       f"Put a translation in its language's folder, such as es/{slug}.yaml "
                       "beside the English file, or add the language to site.yaml.")
        return None
    if model is None or not english_path.is_file():
        run.file_error(path, f"its English file {english_name}", "no such file",
                       "A translation has the name of its English file, in a folder named for "
                       "its language beside it; rename it, or create the English file first.")
        return None
    doc, errors = load_document(path, run.display(path))
    run.errors.extend(errors)
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        run.error(doc, (), "a block of `key: value` lines", "something else",
                  "Start the file with the translated fields, such as `tagline: ...`.")
        return None
    wrong = not_prose(doc.data, model)
    for loc, prose in wrong:
        run.error(doc, loc, "a field translated here: one of " + ", ".join(prose),
                  f"`{loc[-1]}`, which is the same in every language",
                  f"Remove it from this file; it is written once, in {english_name}.", key=True)
    translated = translation_model(model)
    assert translated is not None  # every kind of content has prose
    try:
        value = translated.model_validate(without(doc.data, [loc for loc, _ in wrong]))
    except ValidationError as exc:
        run.errors.extend(translate(doc, translated, exc))
        return None
    english = _english(draft, kind).get(slug)
    if english is None:  # the English file has errors of its own, reported beside these
        return None
    for loc, expected, found, hint in conflicts(english.model, value):
        at_key = loc[-1] == ""
        run.error(doc, loc[:-1] if at_key else loc, expected, found, hint, key=at_key)
    description = getattr(value, "description", None)
    if isinstance(english.model, Organization | Event) and description:
        check_description(run, draft, Entry(slug, value, doc), description, routes,
                          organization=isinstance(english.model, Organization))
    doc.release()
    return (kind, slug), language, value


def check_translations(run: Run, draft: Draft) -> dict[str, dict[Key, BaseModel]]:
    """Check every translation file; warn of prose left in English; return them by language."""
    if draft.site is None:  # site.yaml names the languages: its own errors come first
        return {}
    languages = draft.site.model.languages
    found: dict[str, dict[Key, BaseModel]] = {language: {} for language in languages}
    routes = draft.routes
    for path in sorted(run.root.glob("site.*.y*ml")):
        run.file_error(path, "a translation of site.yaml in its language's folder",
                       repr(path.name), misplaced(path) or "Remove or rename this file.")
    for kind, path in _candidates(run.root):
        loaded = _load(run, draft, kind, path, languages, routes)
        if loaded is not None:
            key, language, value = loaded
            found[language][key] = value
    for language, name in languages.items():
        for kind, (folder, one, many) in KINDS.items():
            english = _english(draft, kind)
            untranslated = 0
            for slug, entry in english.items():
                given = found[language].get((kind, slug))
                if given is None:
                    untranslated += 1
                    continue
                other = run.display(translation_path(entry.doc.path, language))
                for loc in merge(entry.model, given)[1]:
                    run.warn(entry.doc, loc, f"{language}: not translated in {other} yet; "
                             f"the {name} pages show it in English.")
            # Only for content that builds: beside errors, a status of the output is noise.
            if untranslated and not run.errors:
                where = run.display(run.root / folder) + "/" if folder else \
                    run.display(run.root / "site.yaml")
                message = (f"{untranslated} of {len(english)} {many} have no translation into "
                           f"{name} yet; they show in English.") if len(english) > 1 else (
                    f"the {one} has no translation into {name} yet; it shows in English.")
                run.warnings.append(ContentWarning(where, 0, 0, language, message))
    return found
