"""The event catalogue: the generator's events.json, parsed with the generator's own model.

The shape of events.json lives once, in `generator.outputs.EventsOut`; this module keeps only
the lookups the service needs (slot by id, the slots of an event, the guest event's slots, the
organization hosting an event) and a slot's calendar file, which `generator.calendars` writes.
Organizations are the events' hosts, plus every organization of the generator's
organizations.json when it sits beside events.json. The generator writes each language's
events.json into a folder named for it beside the English one (`es/events.json`, issue 41):
those are the catalogue's translations, the same slots with their words in that language.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from pydantic import AwareDatetime, ValidationError

from generator.civic_index import OrganizationIndex, OrganizationIndexEntry
from generator.models import LANGUAGE_FOLDER
from generator.outputs import EventOut, EventsOut, SlotRecord, VolunteerContactOut

log = logging.getLogger(__name__)


class EventsFileError(Exception):
    """EVENTS_FILE is missing or is not a valid events.json; the message is one line."""


class Slot(SlotRecord):
    """One RSVP-able time slot: its events.json record and id, with its times parsed."""

    id: str
    # events.json carries ISO 8601 text with the offset; the service compares datetimes.
    start: AwareDatetime  # type: ignore[assignment]
    end: AwareDatetime  # type: ignore[assignment]

    @classmethod
    def from_record(cls, slot_id: str, record: SlotRecord) -> Slot:
        """Build the slot for an id from its validated events.json record."""
        return cls.model_validate({**record.model_dump(), "id": slot_id})

    @property
    def needs_account(self) -> bool:
        """Whether only signed-in users may RSVP to this slot."""
        return self.rsvp == "account"


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every slot the service accepts RSVPs for, and which slots each event has."""

    slots: dict[str, Slot]
    event_slots: dict[str, tuple[str, ...]]
    guest_event: str | None
    # The occurrences by slug, and the site's address and time zone: what calendar files name.
    occurrences: Mapping[str, EventOut]
    site_url: str
    timezone: str
    # Names by slug, and the hosting organization's slug by event slug.
    organizations: Mapping[str, str] = field(default_factory=dict)
    event_hosts: Mapping[str, str] = field(default_factory=dict)
    # Contact emails by organization slug: only organizations whose YAML gives one.
    contacts: Mapping[str, str] = field(default_factory=dict)
    # Volunteer contacts by organization slug: who answers for hours there (issue 40).
    volunteer_contacts: Mapping[str, VolunteerContactOut] = field(default_factory=dict)
    # The slugs of organizations certifying the President's Volunteer Service Award (issue 40).
    pvsa_certifying: frozenset[str] = frozenset()
    # Each organization's causes (organizations.json), by slug: what people follow as a cause.
    causes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The same catalogue in other languages, by language tag: the words of its slots and events.
    translations: Mapping[str, Catalogue] = field(default_factory=dict)
    # Every cause by its case-folded name: how a cause typed in any case is found (from `causes`).
    cause_names: Mapping[str, str] = field(init=False)

    def __post_init__(self) -> None:
        # Frozen: set once here, so it always agrees with `causes`.
        object.__setattr__(self, "cause_names", {
            cause.casefold(): cause for listed in self.causes.values() for cause in listed})

    def in_language(self, language: str) -> Catalogue:
        """The catalogue in a language (itself, in English, where it has no translation)."""
        return self.translations.get(language, self)

    def slots_for(self, event_id: str) -> list[Slot]:
        """Return the slot an id names, or every slot of the event it names (else empty)."""
        if event_id in self.slots:
            return [self.slots[event_id]]
        return [self.slots[slot_id] for slot_id in self.event_slots.get(event_id, ())]

    @property
    def guest_slots(self) -> list[Slot]:
        """The slots of the guest-RSVP event (the popup form's event)."""
        return self.slots_for(self.guest_event) if self.guest_event else []

    def calendar(self, slot: Slot, made: datetime, *, cancelled: bool = False) -> bytes:
        """Return the .ics made at `made` of a slot for its holder (its cancellation if so)."""
        # icalendar loads with the first calendar, not with every process.
        from generator.calendars import slot_calendar

        return slot_calendar(self.site_url, self.timezone, self.occurrences[slot.event], slot.id,
                             made, cancelled=cancelled)

    def host_of(self, slot: Slot) -> str:
        """Return the slug of the organization hosting the slot's event ("" if none is known)."""
        return self.event_hosts.get(slot.event, "")

    def organization(self, slug: str) -> str | None:
        """Return the canonical slug for a slug typed in any case, or None when unknown."""
        if slug in self.organizations:
            return slug
        folded = slug.casefold()
        return next((known for known in self.organizations if known.casefold() == folded), None)


def parse_catalogue(
    document: EventsOut, organizations: Mapping[str, str] | None = None,
    causes: Mapping[str, tuple[str, ...]] | None = None,
) -> Catalogue:
    """Build the catalogue from a validated events.json (and organizations.json's names and
    causes)."""
    slots = {slot_id: Slot.from_record(slot_id, record)
             for slot_id, record in document.slots.items()}
    event_slots = {event.slug: tuple(slot.id for slot in event.slots) for event in document.events}
    missing = sorted({slot_id for ids in event_slots.values() for slot_id in ids} - set(slots))
    if missing:
        raise ValueError(f"events list slots that 'slots' does not define: {', '.join(missing)}")
    orphans = sorted(slot_id for slot_id, slot in slots.items()
                     if slot_id not in event_slots.get(slot.event, ()))
    if orphans:
        raise ValueError(f"'slots' defines slots that no event lists: {', '.join(orphans)}")
    hosts = [*(event.host for event in document.events), *(s.host for s in document.series)]
    names = {**(organizations or {}), **{host.slug: host.name for host in hosts}}
    return Catalogue(slots=slots, event_slots=event_slots, guest_event=document.guest_rsvp_event,
                     occurrences={event.slug: event for event in document.events},
                     site_url=document.site_url, timezone=document.timezone,
                     organizations=names,
                     event_hosts={event.slug: event.host.slug for event in document.events},
                     contacts={host.slug: host.email for host in hosts if host.email},
                     volunteer_contacts={host.slug: host.volunteer_contact for host in hosts
                                         if host.volunteer_contact},
                     pvsa_certifying=frozenset(host.slug for host in hosts
                                               if host.pvsa_certifying),
                     causes=dict(causes or {}))


def _first_problem(exc: ValidationError) -> str:
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the document"
    more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"


def load_catalogue(path: Path) -> Catalogue:
    """Read and validate events.json and its translations, or raise EventsFileError naming the
    file and the problem."""
    catalogue = _read(path, "EVENTS_FILE ")
    translations = {folder.name: _read(folder / path.name, "")
                    for folder in sorted(path.parent.iterdir())
                    if LANGUAGE_FOLDER.fullmatch(folder.name) and (folder / path.name).is_file()}
    for language, translated in translations.items():
        # Another build's translation would give other slots' words.
        if translated.slots.keys() != catalogue.slots.keys():
            raise EventsFileError(
                f"{path.parent / language / path.name} lists other slots than EVENTS_FILE "
                f"{path}; build the content again so both come from one build.")
    return replace(catalogue, translations=translations)


def _read(path: Path, role: str) -> Catalogue:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise EventsFileError(
            f"{role}{path} does not exist; build it with `make content` "
            "or point EVENTS_FILE at the generator's events.json."
        ) from None
    except OSError as exc:
        raise EventsFileError(f"{role}{path} cannot be read: {exc.strerror}.") from None
    try:
        entries = _organizations(path)
        return parse_catalogue(EventsOut.model_validate_json(raw),
                               {entry.id: entry.name for entry in entries},
                               {entry.id: tuple(entry.causes) for entry in entries})
    except ValidationError as exc:
        raise EventsFileError(
            f"{role}{path} is not a valid events.json: {_first_problem(exc)}.") from None
    except ValueError as exc:
        raise EventsFileError(f"{role}{path} is not a valid events.json: {exc}.") from None


def reload_catalogue(path: Path, current: Catalogue) -> Catalogue:
    """Load events.json again (on SIGHUP); on a bad file log one line and keep `current`."""
    try:
        catalogue = load_catalogue(path)
    except EventsFileError as exc:
        log.error("%s The events loaded before stay in use.", exc)
        return current
    log.info("Reloaded %s: %d slots.", path, len(catalogue.slots))
    return catalogue


def _organizations(events_path: Path) -> list[OrganizationIndexEntry]:
    """The entries of the organizations.json beside events.json (none when it is absent)."""
    path = events_path.parent / "organizations.json"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise EventsFileError(f"{path} cannot be read: {exc.strerror}.") from None
    try:
        entries = OrganizationIndex.model_validate_json(raw).root
    except ValidationError as exc:
        raise EventsFileError(
            f"{path} is not a valid organizations.json: {_first_problem(exc)}.") from None
    return entries
