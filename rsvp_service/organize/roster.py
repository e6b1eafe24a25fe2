"""A slot's roster as organizers see it: who is coming, waiting, here or absent, and the counts.

Statuses are derived, nothing runs to set them: `checked_in` when an attendance row says so,
`waitlisted` from the RSVP, `no_show` for a confirmed person not checked in once the slot
has ended, else `confirmed`. The check-in window (60 minutes before the start until 24 hours
after the end) is computed from the slot, in its own time zone for the sentences.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from starlette.requests import Request
from tortoise.functions import Sum

from rsvp_service.consent.bodies import ConsentState
from rsvp_service.consent.records import consent_states
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, gettext
from rsvp_service.organize.bodies import Attendee, RosterStatus, SlotSummary
from rsvp_service.organize.roles import Organizer, check_role, current_organizer
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus, SlotCount
from rsvp_service.web.contract import ApiError

OPENS_BEFORE = timedelta(minutes=60)
CLOSES_AFTER = timedelta(hours=24)
NO_SUCH_SLOT = N_("There is no time slot with that id. Reload the organizer page and try again.")
OPENS_AT = N_("Check-in for this slot opens at {time} on {day}.")
CLOSED_ON = N_("Check-in for this slot closed on {day} at {time}.")
ON_ROSTER = (RsvpStatus.CONFIRMED, RsvpStatus.WAITLISTED, RsvpStatus.WALK_IN)


def _time_and_day(slot: Slot, moment: datetime) -> dict[str, str]:
    local = moment.astimezone(ZoneInfo(slot.timezone))
    return {"time": local.strftime("%I:%M %p").lstrip("0"),
            "day": f"{local:%A, %B} {local.day}"}


def window_problem(slot: Slot, now: datetime) -> str | None:
    """Return why check-in is not open for the slot now, or None while it is."""
    if now < slot.start - OPENS_BEFORE:
        return gettext(OPENS_AT).format(**_time_and_day(slot, slot.start - OPENS_BEFORE))
    if now > slot.end + CLOSES_AFTER:
        return gettext(CLOSED_ON).format(**_time_and_day(slot, slot.end + CLOSES_AFTER))
    return None


async def slot_for_organizer(request: Request) -> tuple[Organizer, Slot]:
    """The slot the path names and its organizer: 401, 404 (unknown slot) or 403 otherwise."""
    organizer = await current_organizer(request)
    catalogue: Catalogue = request.app.state.catalogue
    slot = catalogue.slots.get(request.path_params["slot_id"])
    if slot is None:
        raise ApiError(404, NO_SUCH_SLOT)
    check_role(request, organizer, catalogue.host_of(slot))
    return organizer, slot


def display_name(rsvp: Rsvp) -> str:
    """The name an organizer's sentences give a person ("This person" when they gave none)."""
    return f"{rsvp.first_name} {rsvp.last_name}".strip() or "This person"


def slot_length_hours(slot: Slot) -> float:
    """The slot's length in hours, to the nearest quarter hour (what a check-in credits)."""
    quarters = round((slot.end - slot.start).total_seconds() / 900)
    return max(quarters, 1) / 4


@dataclass(frozen=True, slots=True)
class Person:
    """One roster row: the RSVP (or walk-in), its attendance and waitlist place."""

    rsvp: Rsvp
    attendance: Attendance | None
    position: int | None
    consent: ConsentState | None = None

    @property
    def checked_in(self) -> bool:
        """Whether the person is checked in now."""
        return self.attendance is not None and self.attendance.checked_in_at is not None

    def status(self, slot: Slot, now: datetime) -> RosterStatus:
        """The person's status on the roster (derived; see the module docstring)."""
        if self.checked_in:
            return "checked_in"
        if self.rsvp.status is RsvpStatus.WAITLISTED:
            return "waitlisted"
        return "no_show" if now >= slot.end else "confirmed"

    def attendee(self, slot: Slot, now: datetime) -> Attendee:
        """The person as the organizer endpoints answer them."""
        attendance = self.attendance if self.checked_in else None
        return Attendee(
            id=self.rsvp.id,
            name=f"{self.rsvp.first_name} {self.rsvp.last_name}".strip(),
            email=self.rsvp.email or None,
            phone=self.rsvp.phone,
            rsvpAt=self.rsvp.created_at,
            status=self.status(slot, now),
            position=self.position,
            walkIn=self.rsvp.status is RsvpStatus.WALK_IN,
            checkedInAt=attendance.checked_in_at if attendance else None,
            hours=float(attendance.hours) if attendance and attendance.hours is not None
            else None,
            hoursReason=attendance.hours_reason if attendance else None,
            partySize=self.rsvp.party_size,
            guests=guest_names(self.rsvp),
            present=attendance.present if attendance else None,
            consent=self.consent,
        )


def guest_names(rsvp: Rsvp) -> list[str]:
    """The RSVP's guests as the roster names them: as given, else 'Guest 1 of <name>'."""
    holder = f"{rsvp.first_name} {rsvp.last_name}".strip()
    return [name or f"Guest {number} of {holder}"
            for number, name in enumerate(rsvp.guest_names or [], start=1)]


async def person(slot: Slot, rsvp: Rsvp) -> Person:
    """Return one roster row for an RSVP of the slot (with its waitlist place)."""
    attendance = await Attendance.get_or_none(rsvp_id=rsvp.id)
    position = None
    if rsvp.status is RsvpStatus.WAITLISTED and rsvp.waitlist_ticket is not None:
        position = await Rsvp.filter(
            slot_id=slot.id, status=RsvpStatus.WAITLISTED,
            waitlist_ticket__lte=rsvp.waitlist_ticket).count()
    consent = (await consent_states([rsvp.id])).get(rsvp.id)
    return Person(rsvp, attendance, position, consent)


async def roster(slot: Slot) -> list[Person]:
    """Return the slot's roster: confirmed and checked-in by name, then the waitlist in order."""
    rows = await Rsvp.filter(slot_id=slot.id, status__in=ON_ROSTER)
    attendance = {a.rsvp_id: a for a in await Attendance.filter(slot_id=slot.id)}
    waiting = sorted((r for r in rows if r.status is RsvpStatus.WAITLISTED),
                     key=lambda r: (r.waitlist_ticket or 0, r.id))
    present = sorted((r for r in rows if r.status is not RsvpStatus.WAITLISTED),
                     key=lambda r: (f"{r.first_name} {r.last_name}".casefold(), r.id))
    consents = await consent_states([r.id for r in rows])
    return [Person(r, attendance.get(r.id), None, consents.get(r.id)) for r in present] + [
        Person(r, attendance.get(r.id), place, consents.get(r.id))
        for place, r in enumerate(waiting, start=1)]


async def slot_summaries(slots: list[Slot], now: datetime) -> dict[str, SlotSummary]:
    """Return each slot's times, capacity and counts (seats taken, waitlist, people here)."""
    ids = [slot.id for slot in slots]
    counters = {c.slot_id: c for c in await SlotCount.filter(slot_id__in=ids)}
    # People, not RSVPs: each check-in counts the members of its party who came.
    here = await Attendance.filter(slot_id__in=ids, checked_in_at__isnull=False).annotate(
        n=Sum("present")).group_by("slot_id").values("slot_id", "n")
    checked_in = {str(row["slot_id"]): int(row["n"]) for row in here}
    summaries: dict[str, SlotSummary] = {}
    for slot in slots:
        counter = counters.get(slot.id)
        summaries[slot.id] = SlotSummary(
            id=slot.id, time=slot.time, start=slot.start, end=slot.end, capacity=slot.capacity,
            confirmed=counter.count if counter else 0,
            waitlist=counter.waitlist if counter else 0,
            checkedIn=checked_in.get(slot.id, 0),
            checkinOpen=window_problem(slot, now) is None,
        )
    return summaries
