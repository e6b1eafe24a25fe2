"""The event catalogue: the generator's events.json, parsed with the generator's own model.

The shape of events.json lives once, in `generator.outputs.EventsOut`; this module keeps only
the lookups the service needs (slot by id, the slots of an event, the guest event's slots).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pydantic import ValidationError

from generator.outputs import EventsOut, SlotRecord


class EventsFileError(Exception):
    """EVENTS_FILE is missing or is not a valid events.json; the message is one line."""


@dataclass(frozen=True, slots=True)
class Slot:
    """One RSVP-able time slot: its id and record, with the times the service compares parsed."""

    id: str
    event: str
    path: str
    title: str
    time: str
    date: str
    date_text: str
    timezone: str
    start: datetime
    end: datetime
    capacity: int | None
    rsvp: str
    location: str
    host_name: str

    @classmethod
    def from_record(cls, slot_id: str, record: SlotRecord) -> Slot:
        """Build the slot for an id from its validated events.json record."""
        return cls(
            id=slot_id,
            event=record.event,
            path=record.path,
            title=record.title,
            time=record.time,
            date=record.date,
            date_text=record.date_text,
            timezone=record.timezone,
            start=datetime.fromisoformat(record.start),
            end=datetime.fromisoformat(record.end),
            capacity=record.capacity,
            rsvp=record.rsvp,
            location=record.location,
            host_name=record.host_name,
        )

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

    def slots_for(self, event_id: str) -> list[Slot]:
        """Return the slot an id names, or every slot of the event it names (else empty)."""
        if event_id in self.slots:
            return [self.slots[event_id]]
        return [self.slots[slot_id] for slot_id in self.event_slots.get(event_id, ())]

    @property
    def guest_slots(self) -> list[Slot]:
        """The slots of the guest-RSVP event (the popup form's event)."""
        return self.slots_for(self.guest_event) if self.guest_event else []


def parse_catalogue(document: EventsOut) -> Catalogue:
    """Build the catalogue from a validated events.json document."""
    slots = {slot_id: Slot.from_record(slot_id, record)
             for slot_id, record in document.slots.items()}
    event_slots = {event.slug: tuple(slot.id for slot in event.slots) for event in document.events}
    missing = sorted({slot_id for ids in event_slots.values() for slot_id in ids} - set(slots))
    if missing:
        raise ValueError(f"events list slots that 'slots' does not define: {', '.join(missing)}")
    return Catalogue(slots=slots, event_slots=event_slots, guest_event=document.guest_rsvp_event)


def _first_problem(exc: ValidationError) -> str:
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the document"
    more = f" (and {exc.error_count() - 1} more problems)" if exc.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"


def load_catalogue(path: Path) -> Catalogue:
    """Read and validate events.json, or raise EventsFileError naming the path and the problem."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise EventsFileError(
            f"EVENTS_FILE {path} does not exist; build it with `make content` "
            "or point EVENTS_FILE at the generator's events.json."
        ) from None
    except OSError as exc:
        raise EventsFileError(f"EVENTS_FILE {path} cannot be read: {exc.strerror}.") from None
    try:
        return parse_catalogue(EventsOut.model_validate_json(raw))
    except ValidationError as exc:
        raise EventsFileError(
            f"EVENTS_FILE {path} is not a valid events.json: {_first_problem(exc)}."
        ) from None
    except ValueError as exc:
        raise EventsFileError(f"EVENTS_FILE {path} is not a valid events.json: {exc}.") from None
