"""What the RSVP store takes and answers, and the interface both databases implement."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from rsvp_service.mail.outbox import DeferredMail


class Outcome(enum.Enum):
    """How an RSVP write ended; only CREATED was committed."""

    CREATED = "created"
    DUPLICATE = "duplicate"
    FULL = "full"


@dataclass(frozen=True, slots=True)
class NewRsvp:
    """One RSVP to store with its slot's counter bump and its confirmation email."""

    slot_id: str
    event: str
    email: str
    first_name: str
    last_name: str
    phone: str | None
    user_id: int | None
    capacity: int | None
    created_at: datetime
    mail: DeferredMail


class RsvpStore(Protocol):
    """Writes and counts RSVPs; `add` returns only once a CREATED RSVP is committed."""

    async def add(self, rsvp: NewRsvp) -> Outcome:
        """Store the RSVP, its counter bump and its outbox row in one transaction."""

    async def count(self, slot_ids: list[str]) -> int:
        """Return the committed number of RSVPs over the given slots."""

    async def close(self) -> None:
        """Finish writes under way and close the store's connections."""
