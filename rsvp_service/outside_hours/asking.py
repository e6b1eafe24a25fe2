"""Queueing the supervisor's email of a request (at creation, and once more as a reminder)."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.mail.outbox import enqueue
from rsvp_service.mail.outside_hours_request import HoursAsked, outside_hours_mail
from rsvp_service.outside_hours.models import OutsideHoursRequest


def time_text(row: OutsideHoursRequest, zone: ZoneInfo) -> str:
    """The served times as the place tells them, e.g. "9:00 AM-12:30 PM"."""
    start, end = row.starts_at.astimezone(zone), row.ends_at.astimezone(zone)
    return f"{start:%-I:%M %p}-{end:%-I:%M %p}"


async def ask(row: OutsideHoursRequest, volunteer: str, zone: ZoneInfo, *,
              connection: BaseDBAsyncClient, reminder: bool = False) -> int:
    """Queue the email to the request's supervisor on `connection`; return its outbox id."""
    assert row.supervisor_email is not None  # only pending requests are asked
    asked = HoursAsked(
        request_id=int(row.id), user_id=row.user_id, volunteer=volunteer,
        supervisor=row.supervisor_name, organization=row.organization,
        date_text=f"{row.date:%A, %B %-d, %Y}", time=time_text(row, zone),
        hours_asked=f"{float(row.hours):g}", description=row.description, reminder=reminder)
    return await enqueue(outside_hours_mail(row.supervisor_email, asked, row.language),
                         connection=connection)
