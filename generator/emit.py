"""Emission: turn a validated project into the files under build/content/, all or nothing."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from generator import images, outputs
from generator.models import SOCIAL_DOMAINS, Event, Image, Organization
from generator.schemas import all_schemas
from generator.slots import parse_time_range, slot_id
from generator.validate import APP_ROUTES, Project


def _json(model: BaseModel) -> bytes:
    return model.model_dump_json(indent=2, by_alias=True).encode() + b"\n"


def date_text(day: dt.date) -> str:
    """Format a date as the site shows it: July 27, 2025."""
    return f"{day:%B} {day.day}, {day.year}"


def _clock(t: dt.time) -> tuple[str, str]:
    hour = t.hour % 12 or 12
    return f"{hour}:{t.minute:02d}", "AM" if t.hour < 12 else "PM"


def time_text(start: dt.time, end: dt.time) -> str:
    """Format a time range compactly: 1:00-3:50 PM, or 11:00 AM-1:00 PM across noon."""
    (s, s_mer), (e, e_mer) = _clock(start), _clock(end)
    return f"{s}-{e} {e_mer}" if s_mer == e_mer else f"{s} {s_mer}-{e} {e_mer}"


class Emitter:
    """Builds every output file in memory from a validated project."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.site = project.site.model
        self.zone = ZoneInfo(self.site.timezone)
        self.files: dict[str, bytes] = {}
        self.logos = {slug: self._logo(e.model) for slug, e in project.organizations.items()}

    def image(self, image: Image) -> outputs.ImageOut:
        """Attach the intrinsic size read during validation."""
        width, height = self.project.image_sizes[image.src]
        return outputs.ImageOut(src=image.src, alt=image.alt, width=width, height=height)

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

    def build(self) -> dict[str, bytes]:
        """Return {relative path: bytes} for every file of the output tree."""
        project = self.project
        self.files["site.json"] = _json(outputs.SiteOut.model_validate(self.site.model_dump()))
        page_models: dict[str, type[BaseModel]] = {
            "home": outputs.HomePageOut, "about": outputs.AboutPageOut,
            "tornado": outputs.TornadoPageOut,
        }
        for name, entry in project.pages.items():
            out = page_models[name].model_validate(entry.model.model_dump())
            self.files[f"pages/{name}.json"] = _json(out)
        events = self._events()
        by_slug = {e.slug: e for e in events.events}
        index = []
        for slug, entry in project.organizations.items():
            org = self._organization(slug, entry.model, by_slug)
            self.files[f"organizations/{slug}.json"] = _json(org)
            index.append(outputs.OrganizationIndexEntry(
                id=slug, name=org.name, link=org.link, logo=org.logo, kind=org.kind,
                tagline=org.tagline,
            ))
        index.sort(key=lambda e: (e.name.lower(), e.id))
        self.files["organizations.json"] = _json(outputs.OrganizationIndex(index))
        self.files["events.json"] = _json(events)
        self._routes()
        self._redirects()
        self._copy_images()
        for name, schema in all_schemas().items():
            self.files[f"schemas/{name}.schema.json"] = (
                json.dumps(schema, indent=2, sort_keys=True) + "\n"
            ).encode()
        return self.files

    def _organization(self, slug: str, org: Organization,
                      by_slug: dict[str, outputs.EventOut]) -> outputs.OrganizationOut:
        social = [
            outputs.SocialLinkOut(platform=name, label=label, href=href)
            for name, (label, _) in SOCIAL_DOMAINS.items()
            if (href := getattr(org.social, name)) is not None
        ]
        return outputs.OrganizationOut(
            slug=slug, link=f"/{slug}", name=org.name, kind=org.kind, causes=list(org.causes),
            logo=self.logos[slug], tagline=org.tagline, description=org.description,
            future_goals=list(org.future_goals), programs=list(org.programs),
            photos=[self.image(p) for p in org.photos], core_impact=list(org.core_impact),
            impact_numbers=list(org.impact_numbers), social=social, phone=org.phone,
            email=org.email, website=org.website,
            events=[
                outputs.EventRefOut(slug=ref, title=by_slug[ref].title,
                                    date_text=by_slug[ref].date_text, href="/features")
                for ref in org.events
            ],
            events_card=list(org.events_card), cta=org.cta,
        )

    def _moment(self, day: dt.date, time: dt.time) -> str:
        return dt.datetime.combine(day, time, self.zone).isoformat()

    def _event(self, slug: str, event: Event) -> outputs.EventOut:
        host = self.project.organizations[event.host]
        slots = []
        for slot in event.slots:
            start, end = parse_time_range(slot.time)
            slots.append(outputs.SlotOut(
                id=slot_id(slug, slot.time), time=slot.time, start=self._moment(event.date, start),
                end=self._moment(event.date, end), capacity=slot.capacity,
            ))
        first, last = parse_time_range(event.slots[0].time)[0], max(
            parse_time_range(s.time)[1] for s in event.slots
        )
        return outputs.EventOut(
            slug=slug, title=event.title, description=event.description,
            host=outputs.HostOut(slug=event.host, name=host.model.name, link=f"/{event.host}",
                                 logo=self.logos[event.host]),
            date=event.date.isoformat(), date_text=date_text(event.date),
            time_text=event.slots[0].time if len(slots) == 1 else time_text(first, last),
            location=event.location, rsvp=event.rsvp, start=min(s.start for s in slots),
            end=max(s.end for s in slots), slots=slots, thank_you=event.thank_you,
            gallery=[self.image(p) for p in event.gallery],
        )

    def _events(self) -> outputs.EventsOut:
        feed = [self._event(slug, e.model) for slug, e in self.project.events.items()]
        feed.sort(key=lambda e: (e.start, e.slug))
        slots = {
            slot.id: outputs.SlotRecord(
                event=event.slug, title=event.title, time=slot.time, date=event.date,
                date_text=event.date_text, timezone=self.site.timezone, start=slot.start,
                end=slot.end, capacity=slot.capacity, rsvp=event.rsvp, location=event.location,
                host_name=event.host.name,
            )
            for event in feed
            for slot in event.slots
        }
        return outputs.EventsOut(timezone=self.site.timezone,
                                 guest_rsvp_event=self.site.guest_rsvp_event,
                                 events=feed, slots=dict(sorted(slots.items())))

    def _routes(self) -> None:
        routes = [outputs.RouteOut(path=path, kind="page") for path in APP_ROUTES]
        routes += [outputs.RouteOut(path=f"/{slug}", kind="profile", slug=slug)
                   for slug in self.project.organizations]
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


def _manifest(digests: dict[str, str]) -> bytes:
    return json.dumps(digests, indent=0, sort_keys=True).encode()


def emit(project: Project, out: Path) -> dict[str, Any]:
    """Build and write every output; return a small summary for the CLI."""
    files = Emitter(project).build()
    write_tree(files, out)
    return {"files": len(files), "organizations": len(project.organizations),
            "events": len(project.events)}

