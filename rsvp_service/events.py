"""The event catalogue: the generator's events.json, read once at start-up."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Slot:
    """One RSVP-able time slot of an event."""

    id: str
    event: str
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

    @property
    def needs_account(self) -> bool:
        """Whether only signed-in users may RSVP to this slot."""
        return self.rsvp == "account"


@dataclass(frozen=True, slots=True)
class Event:
    """An event and the ids of its slots, in start order."""

    slug: str
    title: str
    description: str
    slot_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Catalogue:
    """Every event and slot the service accepts RSVPs for."""

    events: dict[str, Event]
    slots: dict[str, Slot]
    guest_event: str | None

    def slots_for(self, event_id: str) -> list[Slot]:
        """Return the slot an id names, or every slot of the event it names (else empty)."""
        if event_id in self.slots:
            return [self.slots[event_id]]
        event = self.events.get(event_id)
        if event is None:
            return []
        return [self.slots[slot_id] for slot_id in event.slot_ids]

    @property
    def guest_slots(self) -> list[Slot]:
        """The slots of the guest-RSVP event (the popup form's event)."""
        return self.slots_for(self.guest_event) if self.guest_event else []


def _slot(slot_id: str, record: dict[str, Any]) -> Slot:
    return Slot(
        id=slot_id,
        event=record["event"],
        title=record["title"],
        time=record["time"],
        date=record["date"],
        date_text=record["date_text"],
        timezone=record.get("timezone", "America/Chicago"),
        start=datetime.fromisoformat(record["start"]),
        end=datetime.fromisoformat(record["end"]),
        capacity=record.get("capacity"),
        rsvp=record.get("rsvp", "guest"),
        location=record.get("location", ""),
        host_name=record.get("host_name", ""),
    )


def parse_catalogue(data: dict[str, Any]) -> Catalogue:
    """Build a catalogue from the parsed events.json document."""
    slots = {slot_id: _slot(slot_id, record) for slot_id, record in data["slots"].items()}
    events = {
        event["slug"]: Event(
            slug=event["slug"],
            title=event["title"],
            description=event.get("description", ""),
            slot_ids=tuple(slot["id"] for slot in event.get("slots", [])),
        )
        for event in data["events"]
    }
    return Catalogue(events=events, slots=slots, guest_event=data.get("guest_rsvp_event"))


def load_catalogue(path: Path) -> Catalogue:
    """Read events.json; an absent file gives an empty catalogue (and a warning)."""
    if not path.exists():
        log.warning("EVENTS_FILE %s does not exist; no event accepts RSVPs.", path)
        return Catalogue(events={}, slots={}, guest_event=None)
    return parse_catalogue(json.loads(path.read_text(encoding="utf-8")))
