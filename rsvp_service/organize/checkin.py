"""Check-in on the day: check in by id or code, undo, add a walk-in, and set a person's hours.

Each person of a slot has at most one attendance row (unique on the RSVP). A check-in inserts
it if missing (INSERT ... ON CONFLICT DO NOTHING) and then sets `checked_in_at` only where it
is still NULL, so two check-ins of one person at once, or a retried one, credit once and
answer the same. A walk-in is an RSVP row of its own kind (never holding a seat, so capacity
does not apply), written by the RSVP store with its check-in in one transaction; its
`clientId` makes a retried request find it again.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service import clock
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.accounts.payloads import has_control_characters, no_encoded_words
from rsvp_service.events import Catalogue, Slot
from rsvp_service.organize.models import Attendance
from rsvp_service.organize.roles import Organizer
from rsvp_service.organize.roster import (
    person,
    slot_for_organizer,
    slot_length_hours,
    window_problem,
)
from rsvp_service.rsvps import codes as checkin_codes
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.rsvps.store import NewWalkIn, add_walk_in
from rsvp_service.web.errors import ApiError, read_json

NOT_ON_ROSTER = ("That code is not on this slot's roster. "
                 "Check the code, or add the person as a walk-in.")
NOT_ON_ROSTER_ID = ("That person is not on this slot's roster. "
                    "Reload the roster, or add them as a walk-in.")
ID_OR_CODE = "Send either the attendee's id or their check-in code, not both."
WAITLISTED = ("{name} is on this slot's waitlist, not its roster, so they cannot be checked in. "
              "Add them as a walk-in if there is room.")
NOT_CHECKED_IN = "{name} is not checked in. Check them in before setting their hours."
QUARTER_HOURS = "The field 'hours' must be a multiple of 0.25 (a quarter hour)."
MAX_ID = 2**63 - 1


def _one_line(value: str | None) -> str | None:
    if value is not None and has_control_characters(value):
        raise ValueError("it must not contain control characters or line breaks")
    return value


class CheckinPayload(BaseModel):
    """Body of POST .../checkins: the attendee's id or their check-in code."""

    model_config = ConfigDict(extra="forbid")

    attendee: int | None = Field(default=None, gt=0, le=MAX_ID, strict=True)
    code: str | None = Field(default=None, min_length=1, max_length=20)


class AttendeePayload(BaseModel):
    """Body of POST .../checkins/undo."""

    model_config = ConfigDict(extra="forbid")

    attendee: int = Field(gt=0, le=MAX_ID, strict=True)


class HoursPayload(BaseModel):
    """Body of POST .../hours: hours for one checked-in person, in quarter hours."""

    model_config = ConfigDict(extra="forbid")

    attendee: int = Field(gt=0, le=MAX_ID, strict=True)
    hours: float = Field(gt=0, le=24, strict=True, allow_inf_nan=False)


class WalkInPayload(BaseModel):
    """Body of POST .../walkins: a name, an optional email, and the page's id for retries."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=100)
    email: str | None = Field(default=None, max_length=254)
    clientId: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")

    _names = field_validator("name")(_one_line)
    _plain_names = field_validator("name")(no_encoded_words)

    @field_validator("email")
    @classmethod
    def _email(cls, value: str | None) -> str | None:
        return normalize_email(value) if value else None


def _open_or_409(slot: Slot, now: datetime) -> None:
    problem = window_problem(slot, now)
    if problem is not None:
        raise ApiError(409, problem, shape="error")


async def _on_roster(slot: Slot, payload: CheckinPayload) -> Rsvp:
    """The RSVP of the slot the id or code names: 404 unless on the roster, 409 if waiting."""
    if payload.code is not None:
        code = checkin_codes.parse(payload.code)
        row = await Rsvp.get_or_none(event_id=slot.id, checkin_code=code) if code else None
    else:
        row = await Rsvp.get_or_none(id=payload.attendee, event_id=slot.id)
    if row is None or row.status is RsvpStatus.CANCELLED:
        raise ApiError(404, NOT_ON_ROSTER if payload.code is not None else NOT_ON_ROSTER_ID,
                       shape="error")
    if row.status is RsvpStatus.WAITLISTED:
        raise ApiError(409, WAITLISTED.format(name=_name(row)), shape="error")
    return row


def _name(row: Rsvp) -> str:
    return f"{row.first_name} {row.last_name}".strip() or "This person"


async def check_in(slot: Slot, catalogue: Catalogue, row: Rsvp, by: Organizer,
                   now: datetime) -> None:
    """Check the person in (once, however many times or at once this is called)."""
    hours = Decimal(str(slot_length_hours(slot)))
    await Attendance.bulk_create([Attendance(
        rsvp_id=row.id, slot_id=slot.id, event=slot.event, organization=catalogue.host_of(slot),
        checked_in_at=now, hours=hours, checked_in_by_id=by.user.id,
    )], ignore_conflicts=True)
    await Attendance.filter(rsvp_id=row.id, checked_in_at__isnull=True).update(
        checked_in_at=now, hours=hours, checked_in_by_id=by.user.id)


async def _answer(slot: Slot, row: Rsvp, now: datetime, status: int = 200) -> Response:
    entry = await person(slot, row)
    return JSONResponse({"attendee": entry.as_json(slot, now)}, status_code=status)


async def checkins(request: Request) -> Response:
    """POST /api/organize/slots/{slot_id}/checkins: check a person in by id or code."""
    organizer, slot = await slot_for_organizer(request)
    payload = await read_json(request, CheckinPayload, shape="error")
    if (payload.attendee is None) == (payload.code is None):
        raise ApiError(422, ID_OR_CODE, shape="error")
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    row = await _on_roster(slot, payload)
    await check_in(slot, request.app.state.catalogue, row, organizer, now)
    return await _answer(slot, row, now)


async def undo(request: Request) -> Response:
    """POST /api/organize/slots/{slot_id}/checkins/undo: take a check-in back (idempotent)."""
    _organizer, slot = await slot_for_organizer(request)
    payload = await read_json(request, AttendeePayload, shape="error")
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    row = await _on_roster(slot, CheckinPayload(attendee=payload.attendee))
    await Attendance.filter(rsvp_id=row.id).update(checked_in_at=None, hours=None)
    return await _answer(slot, row, now)


async def walk_in(request: Request) -> Response:
    """POST /api/organize/slots/{slot_id}/walkins: add someone at the door, checked in at once."""
    organizer, slot = await slot_for_organizer(request)
    payload = await read_json(request, WalkInPayload, shape="error")
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    earlier = await Attendance.get_or_none(slot_id=slot.id, client_id=payload.clientId)
    if earlier is not None:
        return await _answer(slot, await Rsvp.get(id=earlier.rsvp_id), now)
    if payload.email is not None:
        # Someone with a seat who reached the door without their code is checked in as such.
        booked = await Rsvp.get_or_none(event_id=slot.id, active_email=payload.email,
                                        status=RsvpStatus.CONFIRMED)
        if booked is not None:
            await check_in(slot, catalogue, booked, organizer, now)
            return await _answer(slot, booked, now)

    async def checked_in(connection: BaseDBAsyncClient, row: Rsvp) -> None:
        await Attendance.create(
            rsvp_id=row.id, slot_id=slot.id, event=slot.event,
            organization=catalogue.host_of(slot), checked_in_at=now,
            hours=Decimal(str(slot_length_hours(slot))), walk_in=True,
            client_id=payload.clientId, checked_in_by_id=organizer.user.id,
            using_db=connection)

    row = await add_walk_in(NewWalkIn(slot_id=slot.id, event=slot.event, email=payload.email,
                                      name=payload.name, created_at=now), checked_in)
    if row is None:
        # The same walk-in sent twice at once: the first one's row is the answer.
        earlier = await Attendance.get(slot_id=slot.id, client_id=payload.clientId)
        return await _answer(slot, await Rsvp.get(id=earlier.rsvp_id), now)
    return await _answer(slot, row, now, status=201)


async def set_hours(request: Request) -> Response:
    """POST /api/organize/slots/{slot_id}/hours: set a checked-in person's hours for the slot."""
    _organizer, slot = await slot_for_organizer(request)
    payload = await read_json(request, HoursPayload, shape="error")
    if (payload.hours * 4) != int(payload.hours * 4):
        raise ApiError(422, QUARTER_HOURS, shape="error")
    row = await _on_roster(slot, CheckinPayload(attendee=payload.attendee))
    changed = await Attendance.filter(rsvp_id=row.id, checked_in_at__isnull=False).update(
        hours=Decimal(str(payload.hours)))
    if not changed:
        raise ApiError(409, NOT_CHECKED_IN.format(name=_name(row)), shape="error")
    return await _answer(slot, row, clock.now(request.app.state.settings))


def routes() -> list[BaseRoute]:
    """Return the check-in routes."""
    base = "/api/organize/slots/{slot_id}"
    return [
        Route(f"{base}/checkins", checkins, methods=["POST"]),
        Route(f"{base}/checkins/undo", undo, methods=["POST"]),
        Route(f"{base}/walkins", walk_in, methods=["POST"]),
        Route(f"{base}/hours", set_hours, methods=["POST"]),
    ]
