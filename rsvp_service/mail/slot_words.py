"""A slot as an email tells it: its title, date, times, place and host, in the email's language.

Every email about a slot (an RSVP's notices, a consent request) reads its slot through here, so
they all write dates and times alike, as the recipient's language does (i18n.dates), and take
the event's title and place from the catalogue's translation when the content has one.
"""

from __future__ import annotations

from dataclasses import dataclass

from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import current
from rsvp_service.i18n.dates import long_date, time_range


@dataclass(frozen=True, slots=True)
class SlotWords:
    """What an email says of a slot."""

    title: str
    date: str
    time: str
    location: str
    host_name: str


def slot_words(catalogue: Catalogue, slot: Slot) -> SlotWords:
    """The slot in the language at hand (the email's: build_email sets it)."""
    told = catalogue.in_language(current()).slots.get(slot.id, slot)
    return SlotWords(title=told.title, date=long_date(slot.start),
                     time=time_range(slot.start, slot.end), location=told.location,
                     host_name=told.host_name)
