"""The rules of hours served elsewhere: whose address may be asked, the times, the state each
request is in, the answers, and the confirmed entries impact reads (`confirmed_entries`)."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import Literal
from zoneinfo import ZoneInfo

from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.i18n import N_
from rsvp_service.outside_hours.bodies import ExportedRequest, NewOutsideHours, RequestState
from rsvp_service.outside_hours.models import Answer, BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, derived_key
from rsvp_service.web.contract import ApiError

EXPIRES_AFTER = timedelta(days=14)
REMIND_AFTER = timedelta(days=3)
OLDEST = timedelta(days=365)
# Requests waiting at once: per volunteer, and per volunteer to one supervisor's inbox (so that
# one volunteer's requests never shut an inbox off for the others).
PENDING_PER_VOLUNTEER = 20
PENDING_PER_PAIR = 2
# "Not me" answers an account may collect before it may send no more requests.
NOT_ME_LIMIT = 3

OWN_ADDRESS = N_(
    "The supervisor's address reaches your own inbox. Please give the address of the "
    "adult who supervised you, so that they can confirm your hours.")
BLOCKED = N_(
    "This address does not accept hours requests from CivicSTL. Please ask another "
    "supervisor at the organization to confirm your hours.")
FUTURE = N_(
    "The date and times must not be in the future. Please report hours once you have "
    "served them.")
TOO_OLD = N_(
    "The date is more than 12 months ago. Please report hours served within the last 12 "
    "months.")
END_FIRST = N_(
    "The end time must be after the start time on the same day. If you served past "
    "midnight, report each day on its own.")
TOO_MANY_PENDING = N_("You have {count} requests waiting on supervisors. Please wait for their "
                      "answers, or withdraw one, before sending another.")
PAIR_PENDING = N_(
    "You have {count} requests waiting on this supervisor. Please wait for their answer, or "
    "withdraw one, before asking them again.")
NO_SUCH_TIME = N_(
    "That start or end time does not exist on that day: the clocks moved forward an hour "
    "then. Please give the times as your clock showed them.")
STOPPED = N_(
    "This account may send no more hours requests: {count} people it asked answered that they "
    "do not know you. If that is a mistake, please ask the organization where you served, or "
    "your school counselor, to confirm your hours another way.")
# Where a request's email is: waiting in the outbox, sent, or given up on (dead or held).
MailState = Literal["queued", "sent", "undelivered"]
# What an answer closes: the supervisor's address is kept only while it serves the request.
FORGET_ADDRESS = {"supervisor_email": None, "supervisor_key": None}


def supervisor_key(settings: Settings, email: str) -> str:
    """A keyed hash of the inbox an address reaches (the block list and the pending cap)."""
    key = derived_key(settings, KeyUse.SUPERVISOR_ADDRESS)
    return hmac.new(key, canonical_mailbox(email).encode(), hashlib.sha256).hexdigest()


def is_own_address(account_email: str, supervisor_email: str) -> bool:
    """Whether the supervisor's address reaches the volunteer's inbox (+tags, Gmail dots)."""
    return canonical_mailbox(account_email) == canonical_mailbox(supervisor_email)


async def is_blocked(key: str) -> bool:
    """Whether the owner of the inbox with this `supervisor_key` answered "not me" before."""
    return await BlockedSupervisor.filter(key=key).exists()


@dataclass(frozen=True, slots=True)
class Span:
    """When the volunteer served, as stored: start and end (aware) and the hours between."""

    start: datetime
    end: datetime
    hours: Decimal


def span_of(body: NewOutsideHours, zone: ZoneInfo, now: datetime) -> Span:
    """The served span from the day and local times (422 with a sentence when impossible)."""
    start = _local(body.date, body.start, zone)
    end = _local(body.date, body.end, zone)
    if end <= start:
        raise ApiError(422, END_FIRST)
    if end > now:
        raise ApiError(422, FUTURE)
    if body.date < (now.astimezone(zone) - OLDEST).date():
        raise ApiError(422, TOO_OLD)
    hours = (Decimal(int((end - start).total_seconds())) / 3600).quantize(Decimal("0.01"))
    return Span(start, end, hours)


def _local(day: date, clock_text: str, zone: ZoneInfo) -> datetime:
    """The moment a local time names on a day, in UTC (422 when the clocks skipped it)."""
    # In UTC: subtracting two times of one zone ignores a change of offset between them.
    wall = datetime.combine(day, time.fromisoformat(clock_text), zone)
    moment = wall.astimezone(UTC)
    if moment.astimezone(zone).replace(tzinfo=None) != wall.replace(tzinfo=None):
        raise ApiError(422, NO_SUCH_TIME)
    return moment


def expires_at(row: OutsideHoursRequest) -> datetime:
    """When the request's links stop working."""
    return row.created_at + EXPIRES_AFTER


def pending(now: datetime) -> dict[str, object]:
    """The filter of requests still waiting on their supervisor at `now`."""
    return {"answer__isnull": True, "created_at__gt": now - EXPIRES_AFTER}


def state_of(row: OutsideHoursRequest, now: datetime, mail: MailState) -> RequestState:
    """Where a request stands (`mail`: where its email is in our outbox)."""
    if row.answer is not None:
        return "declined" if row.answer is Answer.NOT_ME else row.answer.value  # type: ignore[return-value]
    if now >= expires_at(row):
        return "expired"
    if row.opened_at is not None:
        return "opened"
    return {"queued": "sent", "sent": "delivered", "undelivered": "undelivered"}[mail]


@dataclass(frozen=True, slots=True)
class ConfirmedEntry:
    """An entry a supervisor attested by email, as a service-hours record lists it."""

    id: int
    date: date
    start: datetime
    end: datetime
    hours: Decimal
    organization: str
    description: str
    service_type: str
    supervisor_name: str
    supervisor_role: str | None
    supervisor_email: str | None
    answered_at: datetime
    method: str = "email"


async def confirmed_entries(user_id: int) -> list[ConfirmedEntry]:
    """The account's requests confirmed or adjusted by their supervisor, oldest first."""
    rows = await OutsideHoursRequest.filter(
        user_id=user_id, answer__in=[Answer.CONFIRMED, Answer.ADJUSTED]).order_by("date", "id")
    return [ConfirmedEntry(
        id=row.id, date=row.date, start=row.starts_at, end=row.ends_at,
        hours=row.confirmed_hours if row.confirmed_hours is not None else row.hours,
        organization=row.organization, description=row.description,
        service_type=row.service_type, supervisor_name=row.supervisor_name,
        supervisor_role=row.supervisor_role, supervisor_email=row.supervisor_email,
        answered_at=row.answered_at or row.created_at) for row in rows]


async def exported(user_id: int) -> list[ExportedRequest]:
    """The account's requests with every column, for its data export."""
    return [ExportedRequest(
        organization=row.organization, date=row.date, start=row.starts_at, end=row.ends_at,
        hours=float(row.hours), description=row.description, service_type=row.service_type,
        supervisor_name=row.supervisor_name, supervisor_email=row.supervisor_email,
        honesty_accepted_at=row.honesty_accepted_at, not_relative=row.not_relative,
        created_at=row.created_at, opened_at=row.opened_at, reminded_at=row.reminded_at,
        answered_at=row.answered_at, answer=row.answer.value if row.answer else None,
        confirmed_hours=None if row.confirmed_hours is None else float(row.confirmed_hours),
        supervisor_role=row.supervisor_role, supervisor_note=row.supervisor_note,
        language=row.language)
        for row in await OutsideHoursRequest.filter(user_id=user_id).order_by("id")]
