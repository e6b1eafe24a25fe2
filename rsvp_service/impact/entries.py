"""A volunteer's hours entries as records list them: the one place their sources meet.

Today the only source is check-ins (impact/summary.py `attended`): each becomes an entry with
its times, kind of service and attester, its id being the slot's. Hours confirmed by email
(issue 40, item 2) join here as a second source, so records, their preview and the progress
on the dashboard all read the same list.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.impact.bodies import Attestation, RecordEntry
from rsvp_service.impact.summary import Attended, attended


def _local(moment: datetime | None, zone: ZoneInfo) -> datetime | None:
    return moment.astimezone(zone) if moment is not None else None


def record_entry(entry: Attended, catalogue: Catalogue) -> RecordEntry:
    """One attended slot as a record lists it, with its times, kind of service and attester."""
    row, zone = entry.row, ZoneInfo(catalogue.timezone)
    # Times as the event's place tells them (the database hands them back in UTC).
    start, end = _local(row.starts_at, zone), _local(row.ends_at, zone)
    slot = catalogue.slots.get(row.slot_id)
    time = slot.time if slot else (f"{start:%-I:%M %p}-{end:%-I:%M %p}" if start and end
                                   else None)
    attested = None
    if row.attested_name is not None and row.checked_in_at is not None:
        attested = Attestation(
            method="check-in", name=row.attested_name, role=row.attested_role or "",
            organization=row.attested_organization or entry.organization_name,
            email=row.attested_email, at=row.checked_in_at.astimezone(zone))
    return RecordEntry(
        id=entry.slot_id, title=entry.title, organization=entry.organization_name,
        date=entry.date, date_text=entry.date_text, hours=float(entry.hours), time=time,
        start=start, end=end, service_type=row.service_type, attestation=attested)


async def entries_of(user: User, catalogue: Catalogue, now: datetime) -> list[RecordEntry]:
    """Every verified entry of the user by `now`, newest first, as records list them.

    All of them are attested: a check-in was made by an organizer signed in for the
    organization, named on the entry since issue 40 and unnamed on older ones.
    """
    return [record_entry(entry, catalogue) for entry in await attended(user, catalogue, now)]
