"""Validation: every content file against its model, then the checks that span files."""

from __future__ import annotations

import datetime as dt
import difflib
import functools
import re
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar
from zoneinfo import ZoneInfo

from pydantic import BaseModel, TypeAdapter, ValidationError

from generator import images, photos, placeholders, rich_text
from generator.errors import ContentError, ContentInvalid
from generator.loaders import Document, load_document
from generator.models import Event, Image, Link, Organization, Site
from generator.placeholders import placeholder_fields
from generator.pydantic_errors import field_path, translate
from generator.registry import EVENT, ORGANIZATION, ContentType, page_stem
from generator.registry import PAGES as PAGE_TYPES
from generator.series import COUNT_LIMIT, MAX_OCCURRENCES, expand, first_start, occurrence_id
from generator.series import size as series_size
from generator.slots import parse_time_range, slot_id

# The routes the site itself defines; organization slugs live beside them at the top level.
APP_ROUTES = (
    "/", "/features", "/about", "/tornado", "/organizations", "/login", "/register",
    "/dashboard", "/verify", "/auth/callback", "/reset-password", "/cancel",
    "/organize", "/organize/checkin", "/organize/roles", "/verify-hours",
)
RESERVED_SEGMENTS = frozenset(
    {r.strip("/").split("/")[0].lower() for r in APP_ROUTES if r != "/"}
    | {"auth", "api", "images", "assets", "admin", "404", "sitemap.xml", "robots.txt"}
)
PAGES: dict[str, type[BaseModel]] = {page_stem(page): page.model for page in PAGE_TYPES}
SLUG_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")

M = TypeVar("M", bound=BaseModel)


@dataclass
class Entry(Generic[M]):
    """A validated content file: its model, its slug and the document it came from."""

    slug: str
    model: M
    doc: Document


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
    descriptions: dict[str, str] = field(default_factory=dict)
    # What is worth fixing but builds anyway, one line each (file:line:column: warning: ...).
    warnings: list[str] = field(default_factory=list)

    @property
    def routes(self) -> list[str]:
        """Every route the site serves: the app's pages, then one per organization."""
        return [*APP_ROUTES, *(f"/{slug}" for slug in self.organizations)]


@dataclass
class _Draft:
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
    descriptions: dict[str, str] = field(default_factory=dict)

    @property
    def routes(self) -> set[str]:
        return {*APP_ROUTES, *(f"/{slug}" for slug in self.org_slugs),
                *(f"/events/{slug}" for slug in self.event_slugs)}


class _Run:
    """One validation run, collecting every error instead of stopping at the first."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[ContentError] = []
        self.warnings: list[str] = []
        self.stems: dict[str, set[str]] = {}
        self.docs: dict[Path, Document] = {}
        self.salvaged: list[Entry[Any]] = []

    def display(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root.parent))
        except ValueError:
            return str(path)

    def error(self, doc: Document, loc: tuple[Any, ...], expected: str, found: str, hint: str,
              *, key: bool = False) -> None:
        line, column = doc.mark(loc, key=key)
        self.errors.append(
            ContentError(doc.display, line, column, field_path(loc), expected, found, hint)
        )

    def file_error(self, path: Path, expected: str, found: str, hint: str) -> None:
        self.errors.append(ContentError(self.display(path), 1, 1, "", expected, found, hint))

    def load(self, path: Path, model: type[M]) -> Entry[M] | None:
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
            self.salvaged.append(Entry(path.stem, _salvage(model, doc.data, exc), doc))
            return None
        if errors:
            self.salvaged.append(Entry(path.stem, value, doc))
            return None
        # The model holds the values now; the raw tree beside it was 40% of what validation
        # kept in memory.
        doc.release()
        return Entry(path.stem, value, doc)

    def collection(self, folder: str, model: type[M]) -> dict[str, Entry[M]]:
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
                                repr(path.name), "Rename the file; its name becomes the URL.")
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


def _salvage(model: type[M], data: dict[str, Any], exc: ValidationError) -> M:
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


def validate(root: Path) -> Project:
    """Load and validate the whole content tree, raising ContentInvalid with every error."""
    run = _Run(root)
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
                           repr(path.name), "Pages are fixed; remove or rename this file.")
    organizations = run.collection(ORGANIZATION.entries_folder, Organization)
    events = run.collection(EVENT.entries_folder, Event)
    draft = _Draft(root, site, pages, organizations, events,
                   run.stems[ORGANIZATION.entries_folder], run.stems[EVENT.entries_folder],
                   run.salvaged)
    _check_slugs(run, draft)
    for kind in (ORGANIZATION, EVENT):
        _check_case_clashes(run, kind)
    _check_placeholders(run, draft)
    _check_legacy_paths(run, draft)
    _check_links(run, draft)
    _check_events(run, draft)
    _check_featured(run, draft, dt.datetime.now(dt.UTC))
    _check_images(run, draft)
    if run.errors or site is None:
        raise ContentInvalid(run.errors)
    return Project(root, site, pages, organizations, events, draft.image_sizes, draft.series,
                   draft.descriptions, run.warnings)


def _check_slugs(run: _Run, project: _Draft) -> None:
    for slug, entry in project.organizations.items():
        if slug.lower() in RESERVED_SEGMENTS:
            run.error(entry.doc, (), "an organization slug that is not a site route",
                      f"the file name {slug}.yaml, which would hide /{slug.lower()}",
                      "Rename the file, for example with the organization's short name.")


# What each collection's entries are called in messages.
_WHAT = {ORGANIZATION.entries_folder: "organization", EVENT.entries_folder: "event"}


def _what(entry: Entry[Any]) -> str:
    """What the entry's file holds, as messages name it: organization, event, page or site."""
    return _WHAT.get(entry.doc.path.parent.name,
                     "site" if isinstance(entry.model, Site) else "page")


def _check_case_clashes(run: _Run, kind: ContentType) -> None:
    """Two files of one folder whose names differ only in case (every file, even a broken one)."""
    folder = kind.entries_folder
    seen: dict[str, str] = {}
    for stem in sorted(run.stems.get(folder, ())):
        other = seen.setdefault(stem.lower(), stem)
        if other == stem:
            continue
        path = run.root / folder / f"{stem}.yaml"
        found = f"{stem}.yaml, which differs from {other}.yaml only in letter case"
        expected = f"a slug different from every other {_WHAT[folder]}'s"
        hint = "URLs must differ by more than case; rename one of the files."
        doc = run.docs.get(path)
        if doc is not None:
            run.error(doc, (), expected, found, hint)
        else:
            run.file_error(path, expected, found, hint)


def _check_placeholders(run: _Run, project: _Draft) -> None:
    site = [project.site] if project.site else []
    full: list[Entry[Any]] = [*site, *project.pages.values(), *project.organizations.values(),
                              *project.events.values()]
    checks = [(entry, True) for entry in full] + [(entry, False) for entry in project.salvaged]
    for entry, complete in checks:
        what = _what(entry)
        for loc, text, kind in placeholder_fields(entry.model, complete=complete):
            shown = repr(text if len(text) <= 60 else text[:57] + "...")
            where = field_path(loc)
            line, column = entry.doc.mark(loc) if kind.whole else _text_mark(entry.doc, loc, text)
            run.errors.append(ContentError(
                entry.doc.display, line, column, where, f"the {what}'s own text",
                kind.found.format(text=shown), kind.hint.format(field=where, what=what)))


def _check_legacy_paths(run: _Run, project: _Draft) -> None:
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


def _find(value: Any, target: type[M], loc: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], M]]:
    """Every `target` model inside a model, with its location; skips fields that cannot hold one."""
    if isinstance(value, target):
        return [(loc, value)]
    found: list[tuple[tuple[Any, ...], M]] = []
    if isinstance(value, BaseModel):
        for name in _fields_holding(type(value), target):
            found += _find(getattr(value, name, None), target, (*loc, name))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += _find(item, target, (*loc, i))
    return found


def _route_hint(href: str, routes: set[str]) -> str | None:
    """None when an internal link leads to a page; otherwise what to do about it."""
    target = re.split(r"[?#]", href, maxsplit=1)[0] or "/"
    if target in routes:
        return None
    close = [r for r in routes if r.lower() == target.lower()]
    return (f"Did you mean {close[0]}? Paths are case-sensitive."
            if close else "Link to an existing page, such as /features or /keenstl.")


def _check_links(run: _Run, project: _Draft) -> None:
    routes = project.routes
    site = [project.site] if project.site else []
    entries: list[Entry[Any]] = [*site, *project.pages.values(), *project.organizations.values(),
                                 *project.events.values(), *project.salvaged]
    for entry in entries:
        for link_loc, link in _find(entry.model, Link, ()):
            href, loc = link.href, (*link_loc, "href")
            if href.startswith("/") and (hint := _route_hint(href, routes)):
                run.error(entry.doc, loc, "a link to a page of this site", repr(href), hint)
    described: list[Entry[Any]] = [*project.organizations.values(), *project.events.values(),
                                   *project.salvaged]
    for entry in described:
        description = getattr(entry.model, "description", None)
        if not isinstance(description, str) or not isinstance(entry.model, Organization | Event):
            continue
        text = rich_text.parse(description)
        project.descriptions[description] = text.html
        _check_text_links(run, entry, ("description",), text.links, routes)
    site_doc = project.site.doc if project.site else None
    for path in project.site.model.app_pages if project.site else ():
        if site_doc and path not in APP_ROUTES and path != "/404":
            run.error(site_doc, ("app_pages", path), "one of " + ", ".join(APP_ROUTES),
                      repr(path), "Describe only the app's own pages here.", key=True)


def _check_text_links(run: _Run, entry: Entry[Any], loc: tuple[Any, ...],
                      links: tuple[str, ...], routes: set[str]) -> None:
    """Links written in Markdown inside a text: to a page of this site, or to https://."""
    for href in links:
        if href.startswith("/") and not href.startswith("//"):
            hint = _route_hint(href, routes)
            expected = "a link to a page of this site"
        elif href.startswith("https://"):
            continue
        else:
            hint = ("Link to a page of this site as a path (/features) or to another site with "
                    "its full https:// address.")
            expected = "a link to /a-page or https://"
        if hint:
            line, column = _text_mark(entry.doc, loc, "](" + href, skip=2)
            run.errors.append(ContentError(entry.doc.display, line, column, field_path(loc),
                                           expected, repr(href), hint))


def _text_mark(doc: Document, loc: tuple[Any, ...], needle: str, skip: int = 0
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


def _check_events(run: _Run, project: _Draft) -> None:
    zone = ZoneInfo(project.site.model.timezone if project.site else "America/Chicago")
    owners: dict[str, str] = {}  # slot id -> the event file that has it
    for entry in project.salvaged:
        if isinstance(entry.model, Event):
            _check_host(run, project, entry)
    for slug, entry in project.events.items():
        event = entry.model
        _check_host(run, project, entry)
        days = [event.date]
        if event.is_series:
            days = _check_series(run, project, slug, entry, zone)
        elif extra := [f for f in ("until", "count", "except_") if getattr(event, f)]:
            name = extra[0].rstrip("_")
            run.error(entry.doc, (name,), "`repeat:` with a rule, for a field of a series",
                      f"`{name}:` on an event without `repeat:`",
                      "Add the series' rule as `repeat:`, or remove this line.", key=True)
        for day in days:
            base = occurrence_id(slug, day) if event.is_series else slug
            ids: dict[str, int] = {}
            for i, slot in enumerate(event.slots):
                sid = slot_id(base, slot.time)
                if sid in ids:
                    run.error(entry.doc, ("slots", i, "time"), "a time different from other slots",
                              f"{slot.time!r}, the same as slot {ids[sid] + 1}",
                              "Each slot needs its own time.")
                elif sid in owners:
                    run.error(entry.doc, ("slots", i, "time"),
                              "a slot id that no other event's slot has",
                              f"{sid!r}, also a slot id of {owners[sid]}.yaml",
                              "Rename one of the two event files: a slot id is made of the file "
                              "name, the date for a series, and the time.")
                ids[sid] = i
                owners.setdefault(sid, slug)
    if project.site is None:
        return
    guest = project.site.model.guest_rsvp_event
    guest_entry = project.events.get(guest)
    if guest_entry is None and guest in project.event_slugs:
        return  # the event file has its own errors, reported already
    if guest_entry is None:
        run.error(project.site.doc, ("guest_rsvp_event",), "the slug of a file in content/events/",
                  repr(guest), "Name the event the Event Feed's RSVP form is for.")
    elif (ge := guest_entry.model).rsvp != "guest" or len(ge.slots) != 1 or ge.is_series:
        run.error(project.site.doc, ("guest_rsvp_event",),
                  "an event with `rsvp: guest` and exactly one slot, not a series",
                  f"{guest!r} with rsvp {ge.rsvp} and {len(ge.slots)} slots"
                  + (", a series" if ge.is_series else ""),
                  "The guest form RSVPs for one slot without an account; fix the event file.")


def _check_host(run: _Run, project: _Draft, entry: Entry[Event]) -> None:
    host = getattr(entry.model, "host", None)
    if host is None or host in project.org_slugs:
        return
    same = sorted(s for s in project.org_slugs if s.lower() == host.lower())
    by_lower = {s.lower(): s for s in sorted(project.org_slugs)}
    close = same or [by_lower[c] for c in difflib.get_close_matches(host.lower(), by_lower, n=1)]
    hint = "Use the host's file name without .yaml."
    if same:
        hint = f"Did you mean {same[0]}? Write the file name exactly, letter case included."
    elif close:
        hint = f"Did you mean {close[0]}? {hint}"
    run.error(entry.doc, ("host",), "the slug of a file in content/organizations/", repr(host),
              hint)


def _check_featured(run: _Run, project: _Draft, now: dt.datetime) -> None:
    """The home page's featured event must exist; one that has ended is only a warning, since
    the button then names the next upcoming event."""
    home = project.pages.get("home")
    featured = home.model.featured if home is not None else None
    if home is None or featured is None:
        return
    if featured not in project.event_slugs:
        run.error(home.doc, ("featured",), "the file name of an event or series in content/events/",
                  repr(featured), "Name an upcoming event or series, or remove `featured:`.")
        return
    entry = project.events.get(featured)
    if entry is None:
        return  # the event file has its own errors, reported already
    dates, cancelled = project.series.get(featured, ([entry.model.date], []))
    days = [d for d in dates if d not in cancelled]
    zone = ZoneInfo(project.site.model.timezone if project.site else "America/Chicago")
    last = max(parse_time_range(slot.time)[1] for slot in entry.model.slots)
    if days and dt.datetime.combine(days[-1], last, zone) > now:
        return
    line, column = home.doc.mark(("featured",))
    ended = f"on {days[-1]}" if days else "with no date left"
    run.warnings.append(
        f"{home.doc.display}:{line}:{column}: warning: featured: {featured!r} ended {ended}; "
        "the home page's button names the next upcoming event instead. Name an upcoming event "
        "or series, or remove `featured:`.")


def _check_series(run: _Run, project: _Draft, slug: str, entry: Entry[Event],
                  zone: ZoneInfo) -> list[dt.date]:
    """Expand a series' rule; report an endless series and excepted dates it never has."""
    event, doc = entry.model, entry.doc
    assert event.repeat is not None
    if event.until is None and event.count is None:
        run.error(doc, ("repeat",), "a series with an end: `until:` (a date) or `count:`",
                  f"the rule {event.repeat!r} with neither",
                  "Add `until: 2027-06-30` or `count: 12` on its own line; a series without an "
                  "end would add pages forever.")
        return []
    if event.until is not None and event.count is not None:
        run.error(doc, ("count",), "either `until:` or `count:`", "both",
                  "Keep the one you mean and remove the other.", key=True)
        return []
    if event.until is not None and event.until < event.date:
        run.error(doc, ("until",), f"a date on or after the first date {event.date}",
                  str(event.until), "Fix the last date of the series.")
        return []
    days, cancelled = expand(event.repeat, event.date, first_start([s.time for s in event.slots]),
                             zone, until=event.until, count=event.count, excepted=event.except_)
    if not days or days[0] != event.date:
        found = f"{event.date} ({event.date:%A}), which the rule skips" + (
            f"; its first date would be {days[0]} ({days[0]:%A})" if days else "")
        run.error(doc, ("date",), "the first date of the series, a day the rule gives", found,
                  "Set `date:` to the first day the series really meets.")
        return []
    if len(days) > MAX_OCCURRENCES:
        if event.count is not None:
            run.error(doc, ("count",), f"a series of at most {MAX_OCCURRENCES} dates",
                      f"`count: {event.count}`, which makes {event.count:,} dates",
                      f"The limit is {MAX_OCCURRENCES} dates: lower `count:`, or split the "
                      "series into several files.")
        else:
            assert event.until is not None
            total = series_size(event.repeat, event.date,
                                first_start([s.time for s in event.slots]), zone, event.until)
            made = f"{total:,}" if total < COUNT_LIMIT else f"more than {COUNT_LIMIT:,}"
            run.error(doc, ("repeat",), f"a series of at most {MAX_OCCURRENCES} dates",
                      f"a rule that makes {made} dates up to {event.until}",
                      f"The limit is {MAX_OCCURRENCES}: add an earlier `until:` or write "
                      f"`count:` instead (at most {MAX_OCCURRENCES}), or split the series.")
        return []
    for i, day in enumerate(event.except_):
        if day not in cancelled:
            run.error(doc, ("except", i), "a date the series meets on", f"{day} ({day:%A})",
                      "Check the date against the rule; only a real occurrence can be cancelled.")
    project.series[slug] = (days, cancelled)
    return [d for d in days if d not in cancelled]


def _check_images(run: _Run, project: _Draft) -> None:
    entries: list[Entry[Any]] = [*project.organizations.values(), *project.events.values(),
                                 *project.salvaged]
    for entry in entries:
        for loc, image in _find(entry.model, Image, ()):
            if image.src in project.image_sizes:
                continue
            path = project.root / image.src.lstrip("/")
            if images.is_supported(path) and path.is_file():
                if issue := _svg_issue(run, path, entry, loc):
                    run.error(entry.doc, (*loc, "src"), *issue)
                    continue
            if photos.is_photo(path) and path.is_file():
                minimum = photos.MIN_LOGO if loc[0] == "logo" else photos.MIN_PHOTO
                if issue := photos.problem(path, minimum):
                    run.error(entry.doc, (*loc, "src"), *issue)
                else:
                    project.image_sizes[image.src] = photos.size_of(path)
                continue
            size = None
            if not images.is_supported(path) and not photos.is_photo(path):
                expected = "an .svg, .jpg, .png or .webp image"
            elif not path.is_file():
                expected = f"an image file at content{image.src}"
            else:
                expected = "an SVG with width and height (or a viewBox) on its root element"
                size = images.svg_size(path)
            if size is None:
                found = "no such file" if not path.is_file() else repr(image.src)
                run.error(entry.doc, (*loc, "src"), expected, found,
                          "Add the file under content/images/ or fix the path.")
            else:
                project.image_sizes[image.src] = size


def _svg_issue(run: _Run, path: Path, entry: Entry[Any], loc: tuple[Any, ...]
               ) -> tuple[str, str, str] | None:
    """Why an SVG may not be published: a scaffold's placeholder, or active content."""
    shown = run.display(path)
    if placeholders.is_placeholder_picture(path):
        what = _what(entry)
        return (f"the {what}'s own picture", f"the scaffold's grey placeholder picture {shown}",
                f"Put your photo (JPEG, PNG or WebP) in {shown.rsplit('/', 1)[0]}/ and write its "
                f"file name in {field_path((*loc, 'src'))}; describe it in alt.")
    return images.svg_problem(path, shown)
