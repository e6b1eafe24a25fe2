"""Emission: turn a validated project into the files under build/content/, all or nothing."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import quote
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from generator import (
    atom,
    calendars,
    civic_index,
    cms_config,
    dated,
    images,
    outputs,
    panels,
    photos,
    places,
    previews,
    well_known,
)
from generator.checks.run import APP_ROUTES
from generator.clock import now
from generator.languages import translated
from generator.local_times import slot_moments
from generator.models import (
    SOCIAL_DOMAINS,
    BeforeYouGo,
    DatedPage,
    Event,
    Image,
    Link,
    Organization,
    VolunteerContact,
)
from generator.rule_words import rule_text
from generator.schemas import all_schemas
from generator.series import occurrence_id
from generator.slots import parse_clock_range, parse_time_range, slot_id, time_text
from generator.validate import Project

# Profiles per organizations/profiles-<n>.json: about 1 MB, one file per prerender read.
PROFILES_PER_FILE = 250
# A maps search for the location text (Google's documented cross-platform URL).
MAP_SEARCH = "https://www.google.com/maps/search/?api=1&query="


def _json(model: BaseModel) -> bytes:
    return model.model_dump_json(indent=2, by_alias=True).encode() + b"\n"


def date_text(day: dt.date) -> str:
    """Format a date as the site shows it: July 27, 2025."""
    return f"{day:%B} {day.day}, {day.year}"


def _before_you_go(notes: BeforeYouGo | None) -> outputs.BeforeYouGoOut | None:
    """The event's know-before-you-go block as the site reads it; none when it says nothing."""
    # The web editor writes `guardian_consent: false` when left alone: that alone says nothing.
    if notes is None or (not notes.guardian_consent and notes.model_copy(
            update={"guardian_consent": None}) == BeforeYouGo()):
        return None
    # Field for field: the output forbids unknown fields, so one added to a model alone fails.
    return outputs.BeforeYouGoOut.model_validate(
        notes.model_dump() | {"guardian_consent": bool(notes.guardian_consent)})


def _contact(contact: VolunteerContact | None) -> outputs.VolunteerContactOut | None:
    """The host's volunteer contact as events.json carries it to the service."""
    return outputs.VolunteerContactOut(**contact.model_dump()) if contact else None


class Emitter:
    """Builds every output file in memory from a validated project."""

    def __init__(self, project: Project, cache: Path,
                 made: dict[str, list[photos.Variant]] | None = None) -> None:
        self.project = project
        self.cache = cache  # photo variants by content hash, reused across builds
        # A language's emitter shares the English one's photos: the same files, made once.
        self.photos: dict[str, list[photos.Variant]] = {} if made is None else made
        self.site = project.site.model
        self.zone = ZoneInfo(self.site.timezone)
        self.files: dict[str, bytes] = {}
        self.feed: list[outputs.EventOut] = []
        self.series: list[outputs.SeriesOut] = []
        # Excepted occurrences of series: not in the feed, but in calendars as cancelled.
        self.cancelled: list[outputs.EventOut] = []
        self.calendar_hosts: set[str] = set()
        self.profile_files: dict[str, str] = {}  # slug -> organizations/profiles-<n>.json
        self.index: list[civic_index.OrganizationIndexEntry] = []
        self.profiles: dict[str, outputs.OrganizationOut] = {}
        self.logos = {slug: self._logo(e.model) for slug, e in project.organizations.items()}

    def image(self, image: Image) -> outputs.ImageOut:
        """Attach the intrinsic size; a photo becomes its WebP srcset and JPEG fallback."""
        path = self.project.root / image.src.lstrip("/")
        if not photos.is_photo(path):
            width, height = self.project.image_sizes[image.src]
            return outputs.ImageOut(src=image.src, alt=image.alt, width=width, height=height)
        if image.src not in self.photos:
            self.photos[image.src] = photos.variants(path, image.src, self.cache)
        made = self.photos[image.src]
        webp = [v for v in made if v.src.endswith(".webp")]
        fallback = next(v for v in made if v.src.endswith(".jpg"))
        return outputs.ImageOut(
            src=fallback.src, alt=image.alt, width=webp[-1].width, height=webp[-1].height,
            srcset=", ".join(f"{v.src} {v.width}w" for v in webp),
        )

    def _logo(self, org: Organization) -> outputs.ImageOut:
        if org.logo is not None:
            return self.image(org.logo)
        alt = f"{org.name} logo"
        # Inline: no extra request per card on the index, and no file per organization to write.
        src = images.monogram_uri(
            org.initials or images.initials_of(org.name), org.colors.primary, org.colors.accent, alt
        )
        size = images.MONOGRAM_SIZE
        return outputs.ImageOut(src=src, alt=alt, width=size, height=size)

    def _in_english(self, kind: str, slug: str) -> list[str]:
        return self.project.in_english.get((kind, slug), [])

    def content(self, built: dt.datetime) -> dict[str, bytes]:
        """The records pages read, in the project's language: site.json, pages/, events.json,
        organizations.json and the profiles; build() adds the rest."""
        project = self.project
        pages = {name: entry.model for name, entry in project.pages.items()}
        nav = dated.navigation(self.site.nav, pages, built.astimezone(self.zone).date())
        self.files["site.json"] = _json(outputs.SiteOut.model_validate(
            self.site.model_dump(exclude={"security_contact"})
            | {"nav": nav, "in_english": _kept_nav(self._in_english("site", "site"),
                                                   self.site.nav, nav)}))
        page_models: dict[str, type[BaseModel]] = {
            "home": outputs.HomePageOut, "about": outputs.AboutPageOut,
            "tornado": outputs.TornadoPageOut,
        }
        for name, page in pages.items():
            fields = page.model_dump() | {"in_english": self._in_english("page", name)}
            if isinstance(page, DatedPage):
                fields["date_text"] = date_text(page.date)
            out = page_models[name].model_validate(fields)
            self.files[f"pages/{name}.json"] = _json(out)
        events = self._events()
        self.feed = events.events
        self.series = events.series
        self.calendar_hosts = {e.host.slug for e in [*self.feed, *self.cancelled]}
        by_host: dict[str, list[outputs.EventOut]] = {}
        for event in events.events:
            by_host.setdefault(event.host.slug, []).append(event)
        index = []
        profiles: dict[str, outputs.OrganizationOut] = {}
        for slug, entry in project.organizations.items():
            org = self._organization(slug, entry.model, by_host.get(slug, []))
            profiles[slug] = org
            index.append(civic_index.OrganizationIndexEntry(
                id=slug, name=org.name, link=org.link, logo=org.logo,
                causes=civic_index.cause_slugs(org.causes), kind=org.kind, tagline=org.tagline,
                in_english=[path for path in org.in_english if path == "tagline"],
            ))
        self._profiles(profiles)
        index.sort(key=lambda e: (e.name.lower(), e.id))
        self.files["organizations.json"] = _json(civic_index.OrganizationIndex(index))
        self.files["events.json"] = _json(events)
        self.index, self.profiles = index, profiles
        return dict(self.files)

    def build(self, built: dt.datetime) -> dict[str, bytes]:
        """Return {relative path: bytes} for every file of the output tree, as of `built`."""
        project = self.project
        self.content(built)
        index, profiles = self.index, self.profiles
        self.files.update(civic_index.files(
            index, [list(e.model.causes) for e in project.organizations.values()]))
        self.files.update(calendars.feeds(self.site, self.feed, self.cancelled,
                                          list(project.organizations), built))
        self.files.update(self._atom(self.feed, built))
        self.files.update(well_known.files(self.site, built))
        self._routes()
        self._redirects()
        self._copy_images()
        self._previews(profiles)
        # The web editor's configuration, published beside its page at /admin/config.yml.
        self.files["public/admin/config.yml"] = cms_config.render(
            cms_config.CmsSettings.from_env(), self.site.url).encode()
        for name, schema in all_schemas().items():
            self.files[f"schemas/{name}.schema.json"] = (
                json.dumps(schema, indent=2, sort_keys=True) + "\n"
            ).encode()
        return self.files

    def _atom(self, events: list[outputs.EventOut], built: dt.datetime) -> dict[str, bytes]:
        project = self.project
        commits = atom.committed(project.root)
        by_file = {slug: atom.modified(e.doc.path, commits) for slug, e in project.events.items()}
        return atom.feeds(
            self.site, atom.modified(project.site.doc.path, commits), events,
            {e.slug: by_file[e.series or e.slug] for e in events},
            {slug: (e.model.name, atom.modified(e.doc.path, commits))
             for slug, e in project.organizations.items()},
            built,
        )

    def _organization(self, slug: str, org: Organization,
                      hosted: list[outputs.EventOut]) -> outputs.OrganizationOut:
        social = [
            outputs.SocialLinkOut(platform=name, label=label, href=href)
            for name, (label, _) in SOCIAL_DOMAINS.items()
            if (href := getattr(org.social, name)) is not None
        ]
        return outputs.OrganizationOut(
            slug=slug, link=f"/{slug}", name=org.name, kind=org.kind, causes=list(org.causes),
            logo=self.logos[slug], tagline=org.tagline, description=org.description,
            description_html=self.project.descriptions[org.description].html,
            description_text=self.project.descriptions[org.description].text,
            future_goals=list(org.future_goals), programs=list(org.programs),
            photos=[self.image(p) for p in org.photos],
            panels=panels.panels(org.colors, len(org.photos)), core_impact=list(org.core_impact),
            impact_numbers=list(org.impact_numbers), social=social, phone=org.phone,
            email=org.email, website=org.website,
            events=[
                outputs.EventRefOut(slug=e.slug, title=e.title, date_text=e.date_text,
                                    time_text=e.time_text, href=e.path, start=e.start, end=e.end)
                for e in hosted
            ],
            events_card=list(org.events_card), cta=org.cta,
            calendar=(calendars.organization_feed_path(slug)
                      if slug in self.calendar_hosts else None),
            feed=atom.organization_feed_path(slug),
            in_english=self._in_english("organization", slug),
        )

    def _event(self, slug: str, event: Event, day: dt.date) -> outputs.EventOut:
        host = self.project.organizations[event.host]
        key, path = (occurrence_id(slug, day), f"/events/{slug}/{day.isoformat()}") \
            if event.is_series else (slug, f"/events/{slug}")
        slots, moments = [], []
        for slot in event.slots:
            # The check has made sure each is one real moment (daylight saving, local_times.py).
            start, end = slot_moments(slot.time, day, self.zone)
            moments += [start.astimezone(dt.UTC), end.astimezone(dt.UTC)]
            slots.append(outputs.SlotOut(
                id=slot_id(key, slot.time), time=slot.time, start=start.isoformat(),
                end=end.isoformat(), capacity=slot.capacity or event.capacity,
                max_guests_per_rsvp=event.max_guests_per_rsvp,
            ))
        first, last = parse_time_range(event.slots[0].time)[0], max(
            parse_time_range(s.time)[1] for s in event.slots
        )
        return outputs.EventOut(
            slug=key, series=slug if event.is_series else None, path=path,
            calendar=f"{path}/calendar.ics", title=event.title, description=event.description,
            description_html=self.project.descriptions[event.description].html,
            description_text=self.project.descriptions[event.description].text,
            host=outputs.HostOut(slug=event.host, name=host.model.name, link=f"/{event.host}",
                                 logo=self.logos[event.host], email=host.model.email,
                                 volunteer_contact=_contact(host.model.volunteer_contact),
                                 pvsa_certifying=host.model.pvsa_certifying),
            service_type=event.service_type,
            date=day.isoformat(), date_text=date_text(day),
            # One way to write a time on every page: 1:00PM-3:00PM is shown as 1:00-3:00 PM.
            time_text=parse_clock_range(event.slots[0].time).text() if len(slots) == 1
            else time_text(first, last),
            location=event.location, place=places.place(event.location),
            map_url=MAP_SEARCH + quote(event.location),
            rsvp=event.rsvp, start=min(moments).astimezone(self.zone).isoformat(),
            end=max(moments).astimezone(self.zone).isoformat(), slots=slots,
            thank_you=event.thank_you,
            gallery=[self.image(p) for p in event.gallery],
            before_you_go=_before_you_go(event.before_you_go),
            in_english=self._in_english("event", slug),
        )

    def _events(self) -> outputs.EventsOut:
        feed, series = [], []
        for slug, entry in self.project.events.items():
            days, cancelled = self.project.series.get(slug, ([entry.model.date], []))
            live = [self._event(slug, entry.model, day) for day in days if day not in cancelled]
            off = [self._event(slug, entry.model, day) for day in cancelled]
            feed += live
            self.cancelled += off
            if entry.model.is_series:
                rule = rule_text(entry.model.repeat or "", entry.model.date)
                series.append(self._series(slug, live, off, rule))
        feed.sort(key=lambda e: (e.start, e.slug))
        slots = {
            slot.id: outputs.SlotRecord(
                event=event.slug, series=event.series, path=event.path, title=event.title,
                time=slot.time, date=event.date, date_text=event.date_text,
                timezone=self.site.timezone, start=slot.start, end=slot.end,
                capacity=slot.capacity, rsvp=event.rsvp, location=event.location,
                host_name=event.host.name, max_guests_per_rsvp=slot.max_guests_per_rsvp,
                guardian_consent=bool(event.before_you_go and event.before_you_go.guardian_consent),
                service_type=event.service_type,
            )
            for event in feed
            for slot in event.slots
        }
        return outputs.EventsOut(timezone=self.site.timezone, site_url=self.site.url,
                                 guest_rsvp_event=self.site.guest_rsvp_event,
                                 events=feed, series=series, slots=dict(sorted(slots.items())))

    def _series(self, slug: str, live: list[outputs.EventOut], off: list[outputs.EventOut],
                rule: str | None) -> outputs.SeriesOut:
        first = (live or off)[0]
        dates = sorted(
            (outputs.SeriesDateOut(slug=e.slug, path=e.path, date=e.date, date_text=e.date_text,
                                   start=e.start, end=e.end, cancelled=cancelled)
             for group, cancelled in ((live, False), (off, True)) for e in group),
            key=lambda d: d.date,
        )
        return outputs.SeriesOut(
            slug=slug, path=f"/events/{slug}", title=first.title, description=first.description,
            description_html=first.description_html, description_text=first.description_text,
            host=first.host, location=first.location, place=first.place,
            time_text=first.time_text, rule_text=rule,
            before_you_go=first.before_you_go, dates=dates, in_english=first.in_english,
        )

    def _previews(self, profiles: dict[str, outputs.OrganizationOut]) -> None:
        made = previews.Previews(self.site.name, self.site.url, self.cache, self.photos)
        galleries: dict[str, list[outputs.ImageOut]] = {}
        for event in [*self.feed, *self.cancelled]:
            if event.series is not None:
                galleries.setdefault(event.series, event.gallery)
        for event in self.feed:
            made.event(event)
        for series in self.series:
            made.series(series, galleries[series.slug])
        for slug, org in profiles.items():
            made.organization(org, self.project.organizations[slug].model)
        made.site(self.site.tagline, self.site.description,
                  [*APP_ROUTES, *civic_index.page_paths(len(self.project.organizations))])
        self.files.update(made.output())

    def _profiles(self, profiles: dict[str, outputs.OrganizationOut]) -> None:
        slugs = list(profiles)
        for start in range(0, len(slugs), PROFILES_PER_FILE):
            part = slugs[start:start + PROFILES_PER_FILE]
            name = f"organizations/profiles-{start // PROFILES_PER_FILE}.json"
            held = outputs.OrganizationProfilesOut({slug: profiles[slug] for slug in part})
            self.files[name] = _json(held)
            self.profile_files.update(dict.fromkeys(part, name))

    def _routes(self) -> None:
        routes = [outputs.RouteOut(path=path, kind="page") for path in APP_ROUTES]
        routes += [outputs.RouteOut(path=path, kind="page")
                   for path in civic_index.page_paths(len(self.project.organizations))]
        routes += [outputs.RouteOut(path=f"/{slug}", kind="profile", slug=slug,
                                    data=self.profile_files[slug])
                   for slug in self.project.organizations]
        routes += [outputs.RouteOut(path=event.path, kind="event", slug=event.slug)
                   for event in self.feed]
        routes += [outputs.RouteOut(path=s.path, kind="series", slug=s.slug) for s in self.series]
        self.files["routes.json"] = _json(outputs.RoutesOut(routes))

    def _redirects(self) -> None:
        table: dict[str, str] = {}
        live = set(self.project.routes)
        for slug, entry in self.project.organizations.items():
            for path in entry.model.legacy_paths:
                table[path] = f"/{slug}"
            lower = f"/{slug.lower()}"
            if lower != f"/{slug}" and lower not in live:
                table.setdefault(lower, f"/{slug}")
        redirects = [outputs.RedirectOut.model_validate({"from": k, "to": v, "status": 301})
                     for k, v in sorted(table.items())]
        self.files["redirects.json"] = _json(outputs.RedirectsOut(redirects))
        lines = "".join(f"{k} {v} 301\n" for k, v in sorted(table.items()))
        self.files["_redirects"] = lines.encode()

    def _copy_images(self) -> None:
        for src in sorted(self.project.image_sizes):
            if src in self.photos:  # published as its variants only: the original keeps its EXIF
                for variant in self.photos[src]:
                    self.files[f"public{variant.src}"] = variant.data
            else:
                self.files[f"public{src}"] = (self.project.root / src.lstrip("/")).read_bytes()


MANIFEST = ".manifest.json"


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _write_all(files: dict[str, bytes], folder: Path) -> None:
    targets = {folder / rel: data for rel, data in files.items()}
    for parent in sorted({t.parent for t in targets}):
        parent.mkdir(parents=True, exist_ok=True)
    for target, data in targets.items():
        target.write_bytes(data)


def write_tree(files: dict[str, bytes], out: Path) -> None:
    """Make `out` hold exactly these files, rewriting only what changed since the last build.

    A first build is written beside `out` and renamed into place, so it appears whole or not
    at all; later builds replace each changed file atomically and remove stale ones.
    """
    out = out.resolve()
    digests = {rel: _digest(data) for rel, data in files.items()}
    manifest = out / MANIFEST
    try:
        previous: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        previous = {}
    if not previous:
        out.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
        staging.chmod(0o755)  # mkdtemp's 0700 would hide the output from a service user
        try:
            _write_all({**files, MANIFEST: _manifest(digests)}, staging)
            if out.exists():
                shutil.rmtree(out)
            os.replace(staging, out)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        return
    changed = {rel: data for rel, data in files.items() if previous.get(rel) != digests[rel]}
    made: set[Path] = set()
    for rel, data in sorted(changed.items()):
        target = out / rel
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        temporary = target.with_name(f".{target.name}.tmp")
        temporary.write_bytes(data)
        os.replace(temporary, target)
    for rel in sorted(set(previous) - set(files)):
        (out / rel).unlink(missing_ok=True)
    temporary = manifest.with_name(f"{MANIFEST}.tmp")
    temporary.write_bytes(_manifest(digests))
    os.replace(temporary, manifest)


_NAV_ITEM = re.compile(r"nav\[(\d+)\]")


def _kept_nav(paths: list[str], nav: list[Link], kept: list[Link]) -> list[str]:
    """`in_english` paths of site.yaml with the nav's indices of the links still shown (a dated
    page past its review leaves the nav, and the links after it move up)."""
    index = {id(link): position for position, link in enumerate(kept)}
    result = []
    for path in paths:
        match = _NAV_ITEM.match(path)
        if match is None:
            result.append(path)
        elif (position := index.get(id(nav[int(match[1])]))) is not None:
            result.append(f"nav[{position}]{path[match.end():]}")
    return result


def _manifest(digests: dict[str, str]) -> bytes:
    return json.dumps(digests, indent=0, sort_keys=True).encode()


def emit(project: Project, out: Path) -> dict[str, Any]:
    """Build and write every output; return a small summary for the CLI."""
    # One moment for every language: the dated pages leave all navigations at once.
    built = now()
    english = Emitter(project, out.parent / ".image-cache")
    files = english.build(built)
    for language in project.site.model.languages:
        # The same records in the same shape, translated: the site reads <lang>/ for its pages.
        other = Emitter(translated(project, language), english.cache, english.photos)
        files.update({f"{language}/{name}": data for name, data in other.content(built).items()})
    write_tree(files, out)
    return {"files": len(files), "organizations": len(project.organizations),
            "events": len(project.events)}

