"""One validation run: the loaded files (Entry), what loaded so far (Draft), the collected
errors (Run), and what every check shares (routes, slugs, finding values, marking text)."""

from __future__ import annotations

import datetime as dt
import functools
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator import rich_text
from generator.errors import ContentError, ContentWarning
from generator.loaders import Document, load_document
from generator.models import Event, Organization, Site
from generator.pydantic_errors import field_path, translate
from generator.registry import EVENT, ORGANIZATION, page_stem
from generator.registry import PAGES as PAGE_TYPES
from generator.translations import misplaced

# The routes the site itself defines; organization slugs live beside them at the top level.
APP_ROUTES = (
    "/", "/features", "/about", "/tornado", "/organizations", "/login", "/register",
    "/dashboard", "/verify", "/auth/callback", "/reset-password", "/cancel", "/consent",
    "/organize", "/organize/checkin", "/organize/roles", "/verify-hours", "/follows",
    "/hours-request",
)


RESERVED_SEGMENTS = frozenset(
    {r.strip("/").split("/")[0].lower() for r in APP_ROUTES if r != "/"}
    | {"auth", "api", "images", "assets", "admin", "404", "sitemap.xml", "robots.txt"}
)


PAGES: dict[str, type[BaseModel]] = {page_stem(page): page.model for page in PAGE_TYPES}


SLUG_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")


M = TypeVar("M", bound=BaseModel)


# What each collection's entries are called in messages.
WHAT = {ORGANIZATION.entries_folder: "organization", EVENT.entries_folder: "event"}


@dataclass
class Entry(Generic[M]):
    """A validated content file: its model, its slug and the document it came from."""

    slug: str
    model: M
    doc: Document


@dataclass
class Draft:
    """What loaded so far; cross-file checks run on it even when some files failed."""

    root: Path
    site: Entry[Site] | None
    pages: dict[str, Entry[Any]]
    organizations: dict[str, Entry[Organization]]
    events: dict[str, Entry[Event]]
    org_slugs: set[str]
    event_slugs: set[str]
    # Files with errors, kept with the fields that passed so their other checks still run.
    salvaged: list[Entry[Any]] = field(default_factory=list)
    image_sizes: dict[str, tuple[int, int]] = field(default_factory=dict)
    series: dict[str, tuple[list[dt.date], list[dt.date]]] = field(default_factory=dict)
    descriptions: dict[str, rich_text.RichText] = field(default_factory=dict)

    @property
    def routes(self) -> set[str]:
        """Every route known so far: the app's pages, organizations and events."""
        return {*APP_ROUTES, *(f"/{slug}" for slug in self.org_slugs),
                *(f"/events/{slug}" for slug in self.event_slugs)}


class Run:
    """One validation run, collecting every error instead of stopping at the first."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[ContentError] = []
        self.warnings: list[ContentWarning] = []
        self.stems: dict[str, set[str]] = {}
        self.docs: dict[Path, Document] = {}
        self.salvaged: list[Entry[Any]] = []

    def display(self, path: Path) -> str:
        """The path as messages show it: relative to the content folder's parent."""
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def error(self, doc: Document, loc: tuple[Any, ...], expected: str, found: str, hint: str,
              *, key: bool = False) -> None:
        """Record an error at a field of a document (its key's position with `key`)."""
        line, column = doc.mark(loc, key=key)
        self.errors.append(
            ContentError(doc.display, line, column, field_path(loc), expected, found, hint)
        )

    def warn(self, doc: Document, loc: tuple[Any, ...], message: str,
             *, at: tuple[int, int] | None = None) -> None:
        """Record a warning at a field of a document (or at a line and column inside it)."""
        line, column = at or doc.mark(loc)
        self.warnings.append(ContentWarning(doc.display, line, column, field_path(loc), message))

    def file_error(self, path: Path, expected: str, found: str, hint: str) -> None:
        """Record an error about a whole file (line 1, column 1)."""
        self.errors.append(ContentError(self.display(path), 1, 1, "", expected, found, hint))

    def load(self, path: Path, model: type[M]) -> Entry[M] | None:
        """Load and validate one file; on errors record them and salvage its valid fields."""
        doc, errors = load_document(path, self.display(path))
        self.errors.extend(errors)
        if doc is None:
            return None
        self.docs[path] = doc
        if not isinstance(doc.data, dict):
            self.error(doc, (), "a block of `key: value` lines", "something else",
                       "Start the file with fields such as `name: ...`.")
            return None
        try:
            value = model.model_validate(doc.data)
        except ValidationError as exc:
            self.errors.extend(translate(doc, model, exc))
            self.salvaged.append(Entry(path.stem, salvage(model, doc.data, exc), doc))
            return None
        if errors:
            self.salvaged.append(Entry(path.stem, value, doc))
            return None
        # The model holds the values now; the raw tree beside it was 40% of what validation
        # kept in memory.
        doc.release()
        return Entry(path.stem, value, doc)

    def collection(self, folder: str, model: type[M]) -> dict[str, Entry[M]]:
        """Load every .yaml file of a folder whose name can be a slug, by slug."""
        stems = self.stems.setdefault(folder, set())
        directory = self.root / folder
        if not directory.is_dir():
            return {}
        paths = []
        for path in sorted(directory.iterdir()):
            if path.suffix == ".yml":
                self.file_error(path, "a .yaml file", "the extension .yml",
                                "Rename the file to end in .yaml.")
                continue
            if path.suffix != ".yaml":
                continue
            if not SLUG_PATTERN.match(path.stem):
                self.file_error(path, "a file name of letters, digits and dashes",
                                repr(path.name), misplaced(path)
                                or "Rename the file; its name becomes the URL.")
                continue
            stems.add(path.stem)
            paths.append(path)
        # One process: with the fast loader, worker processes (fork, pickling every model back)
        # cost more CPU than they saved on 2 cores, and more time whenever the cores are busy.
        loaded = [self.load(path, model) for path in paths]
        return {entry.slug: entry for entry in sorted(
            (e for e in loaded if e is not None), key=lambda e: e.slug)}


@functools.cache
def _field_adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    info = model.model_fields[name]
    annotation: Any = info.annotation
    return TypeAdapter(Annotated[(annotation, *info.metadata)] if info.metadata else annotation)


def salvage(model: type[M], data: dict[str, Any], exc: ValidationError) -> M:
    """The model built from the fields without errors, each validated on its own (the others
    are missing), so a file's link, host, image and placeholder checks run despite its errors."""
    failed = {err["loc"][0] for err in exc.errors() if err["loc"]}
    values = {}
    for name, info in model.model_fields.items():
        key = info.alias or name
        if key in data and key not in failed:
            try:
                values[name] = _field_adapter(model, name).validate_python(data[key])
            except ValidationError:
                continue
    return model.model_construct(**values)


def kind_of(entry: Entry[Any]) -> str:
    """What the entry's file holds, as messages name it: organization, event, page or site."""
    return WHAT.get(entry.doc.path.parent.name,
                     "site" if isinstance(entry.model, Site) else "page")


def _may_hold(annotation: Any, target: type) -> bool:
    """Whether values of this annotation can contain a `target` model somewhere inside."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation is target or any(
            _may_hold(f.annotation, target) for f in annotation.model_fields.values()
        )
    return any(_may_hold(arg, target) for arg in typing.get_args(annotation))


@functools.cache
def _fields_holding(model: type[BaseModel], target: type) -> tuple[str, ...]:
    return tuple(n for n, f in model.model_fields.items() if _may_hold(f.annotation, target))


def find(value: Any, target: type[M], loc: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], M]]:
    """Every `target` model inside a model, with its location; skips fields that cannot hold one."""
    if isinstance(value, target):
        return [(loc, value)]
    found: list[tuple[tuple[Any, ...], M]] = []
    if isinstance(value, BaseModel):
        for name in _fields_holding(type(value), target):
            found += find(getattr(value, name, None), target, (*loc, name))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += find(item, target, (*loc, i))
    return found


def text_mark(doc: Document, loc: tuple[Any, ...], needle: str, skip: int = 0
               ) -> tuple[int, int]:
    """Where `needle` is written (plus `skip` characters), from the text's first line on (the
    text's start if not found)."""
    line, column = doc.mark(loc)
    lines = doc.path.read_text(encoding="utf-8").splitlines()
    for number in range(line, len(lines) + 1):
        at = lines[number - 1].find(needle, column - 1 if number == line else 0)
        if at >= 0:
            return number, at + 1 + skip
    return line, column
