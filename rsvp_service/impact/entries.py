"""A volunteer's hours entries as records list them: the one place their sources meet.

Two sources, both attested: check-ins (impact/summary.py `attended`), each with its times,
kind of service and the organizer who checked the person in, its id being the slot's; and
hours served elsewhere that a supervisor confirmed by email (outside_hours, issue 40 item 2),
whose ids start with `elsewhere:`. Records, their preview and the progress on the dashboard
all read this one list.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.i18n.dates import time_range
from rsvp_service.impact.bodies import Attestation, RecordEntry
from rsvp_service.impact.summary import Attended, attended
from rsvp_service.outside_hours.service import ConfirmedEntry, confirmed_entries

# The id prefix of an entry confirmed by email. A slot id never holds a colon (generator/slots.py
# turns a time label's into a dash), so the two sources' ids cannot meet.
ELSEWHERE = "elsewhere:"
EARLIEST = datetime.min.replace(tzinfo=UTC)


def _local(moment: datetime | None, zone: ZoneInfo) -> datetime | None:
    return moment.astimezone(zone) if moment is not None else None


def _times(start: datetime | None, end: datetime | None) -> str | None:
    return time_range(start, end) if start and end else None


def record_entry(entry: Attended, catalogue: Catalogue) -> RecordEntry:
    """One attended slot as a record lists it, with its times, kind of service and attester."""
    row, zone = entry.row, ZoneInfo(catalogue.timezone)
    # Times as the event's place tells them (the database hands them back in UTC).
    start, end = _local(row.starts_at, zone), _local(row.ends_at, zone)
    slot = catalogue.slots.get(row.slot_id)
    attested = None
    if row.attested_name is not None and row.checked_in_at is not None:
        attested = Attestation(
            method="check-in", name=row.attested_name, role=row.attested_role or "",
            organization=row.attested_organization or entry.organization_name,
            email=row.attested_email, at=row.checked_in_at.astimezone(zone))
    return RecordEntry(
        id=entry.slot_id, title=entry.title, organization=entry.organization_name,
        date=entry.date, date_text=entry.date_text, hours=float(entry.hours),
        time=slot.time if slot else _times(start, end), start=start, end=end,
        service_type=row.service_type, attestation=attested)


def confirmed_entry(entry: ConfirmedEntry, catalogue: Catalogue) -> RecordEntry:
    """Hours served elsewhere, confirmed by their supervisor, as a record lists them."""
    zone = ZoneInfo(catalogue.timezone)
    start, end, day = entry.start.astimezone(zone), entry.end.astimezone(zone), entry.date
    return RecordEntry(
        id=f"{ELSEWHERE}{entry.id}", title=entry.description, organization=entry.organization,
        # The events' own date text ("April 27, 2025"), so both sources read alike.
        date=day.isoformat(), date_text=f"{day:%B} {day.day}, {day.year}",
        hours=float(entry.hours), time=_times(start, end), start=start, end=end,
        service_type=entry.service_type, attestation=Attestation(
            method="email", name=entry.supervisor_name, role=entry.supervisor_role or "",
            organization=entry.organization, email=entry.supervisor_email,
            at=entry.answered_at.astimezone(zone)))


async def listed_entries(user: User, catalogue: Catalogue, checked_in: Sequence[Attended]
                         ) -> list[RecordEntry]:
    """The check-ins given and the user's hours confirmed by email, newest first."""
    entries = [record_entry(entry, catalogue) for entry in checked_in]
    entries += [confirmed_entry(entry, catalogue) for entry in await confirmed_entries(user.id)]
    return sorted(entries, key=lambda entry: (entry.date, entry.start or EARLIEST), reverse=True)


async def entries_of(user: User, catalogue: Catalogue, now: datetime) -> list[RecordEntry]:
    """Every attested entry of the user by `now`, newest first, as records list them.

    A check-in was made by an organizer signed in for the organization (named on the entry
    since issue 40, unnamed on older ones); hours served elsewhere count once confirmed.
    """
    return await listed_entries(user, catalogue, await attended(user, catalogue, now))
