"""A volunteer's impact: verified hours, events and organizations from check-ins, and badges.

Only check-ins count (an RSVP is a promise, a check-in is a fact), and only once their slot
has ended by the service clock: hours are served, not promised, so being checked in at 10:15
for a slot ending at 12:45 credits nothing (and earns no badge) until 12:45. Each then credits
the hours on its attendance row: the slot's length, or what an organizer set. A slot that has
since left events.json still counts, with what the attendance row remembers: there is no end
left to wait for, and waiting forever would take hours away that were served.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.impact.badges import Step
from rsvp_service.impact.bodies import AttendedSlot
from rsvp_service.organize.bodies import Organization
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus
from rsvp_service.rsvps.routes import mine


@dataclass(frozen=True, slots=True)
class Attended:
    """One slot a volunteer was checked in at, with what the impact pages show about it."""

    slot_id: str
    event: str
    title: str
    organization: str
    organization_name: str
    date: str
    date_text: str
    hours: Decimal
    checked_in_at: datetime
    # When the hours were credited: the slot's end, or the check-in for a slot no longer listed.
    credited_at: datetime
    # The row itself: what the entry's times, kind of service and attester are read from.
    row: Attendance

    def step(self) -> Step:
        """The slot as the badge rules count it."""
        return Step(self.event, self.organization, date.fromisoformat(self.date), self.hours,
                    self.credited_at)

    def listed(self) -> AttendedSlot:
        """The slot as GET /api/me/impact lists it."""
        return AttendedSlot(
            eventId=self.slot_id, title=self.title,
            organization=Organization(slug=self.organization, name=self.organization_name),
            date=self.date, date_text=self.date_text, hours=float(self.hours))


async def attended(user: User, catalogue: Catalogue, now: datetime) -> list[Attended]:
    """Return the slots the user was checked in at that have ended by `now`, newest first."""
    rsvp_ids = await Rsvp.filter(mine(user)).exclude(status=RsvpStatus.CANCELLED).values_list(
        "id", flat=True)
    rows = await Attendance.filter(rsvp_id__in=list(rsvp_ids), checked_in_at__isnull=False)
    result = []
    for row in rows:
        assert row.checked_in_at is not None
        slot = catalogue.slots.get(row.slot_id)
        # The one place hours become credited. An organizer's hours wait for the end too: they
        # adjust what the slot credits, and crediting them early would let a badge come first.
        if slot is not None and slot.end > now:
            continue
        day = slot.date if slot else row.checked_in_at.date().isoformat()
        result.append(Attended(
            slot_id=row.slot_id, event=row.event, title=slot.title if slot else row.event,
            organization=row.organization,
            organization_name=catalogue.organizations.get(row.organization, row.organization),
            date=day, date_text=slot.date_text if slot else day,
            hours=row.hours if row.hours is not None else Decimal(0),
            checked_in_at=row.checked_in_at,
            credited_at=slot.end if slot else row.checked_in_at, row=row,
        ))
    result.sort(key=lambda entry: (entry.date, entry.checked_in_at), reverse=True)
    return result


def total_hours(entries: list[Attended]) -> Decimal:
    """The hours of the entries added up."""
    return sum((entry.hours for entry in entries), Decimal(0))
