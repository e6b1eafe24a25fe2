"""Queueing the supervisor's email of a request (at creation, and once more as a reminder), and
forgetting the address in the outbox when the request ends without confirmed hours."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.i18n import speaking
from rsvp_service.i18n.dates import full_date, time_range
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import enqueue
from rsvp_service.mail.outside_hours_request import KIND, HoursAsked, outside_hours_mail
from rsvp_service.outside_hours.models import OutsideHoursRequest


def served_text(row: OutsideHoursRequest, zone: ZoneInfo) -> str:
    """The request's served times in the place's zone, in the language at hand."""
    return time_range(row.starts_at.astimezone(zone), row.ends_at.astimezone(zone))


async def ask(row: OutsideHoursRequest, volunteer: str, zone: ZoneInfo, *,
              connection: BaseDBAsyncClient, reminder: bool = False) -> int:
    """Queue the email to the request's supervisor on `connection`; return its outbox id."""
    assert row.supervisor_email is not None  # only pending requests are asked
    with speaking(row.language):
        date_text, time = full_date(row.date), served_text(row, zone)
    asked = HoursAsked(
        request_id=int(row.id), user_id=row.user_id, volunteer=volunteer,
        supervisor=row.supervisor_name, organization=row.organization, date_text=date_text,
        time=time, hours_asked=f"{float(row.hours):g}", description=row.description,
        reminder=reminder)
    return await enqueue(outside_hours_mail(row.supervisor_email, asked, row.language),
                         connection=connection)


async def forget_mail(row: OutsideHoursRequest, *, connection: BaseDBAsyncClient) -> None:
    """Withdraw the request's unsent emails and blank the address on the sent ones."""
    if row.supervisor_email is None:
        return
    mails = OutboxMessage.filter(kind=KIND, user_id=row.user_id, recipient=row.supervisor_email)
    # Unsent (waiting, held or dead) rows still name their request in the payload. Deleted,
    # they are withdrawn: the sender checks a row is still there before handing it over.
    unsent = await mails.filter(sent_at__isnull=True).using_db(connection)
    ids = [mail.id for mail in unsent if mail.payload.get("request_id") == row.id]
    await OutboxMessage.filter(id__in=ids).using_db(connection).delete()
    # A sent row's payload is gone, so every sent email of this volunteer to this address is
    # blanked: the requests still waiting or confirmed keep the address on their own rows.
    await mails.filter(sent_at__isnull=False).using_db(connection).update(recipient="")
