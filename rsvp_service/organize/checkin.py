"""Check-in on the day: check in by id or code, undo, add a walk-in, and set a person's hours.

Each person of a slot has at most one attendance row (unique on the RSVP). A check-in inserts
it if missing (INSERT ... ON CONFLICT DO NOTHING) and then sets `checked_in_at` only where it
is still NULL, so two check-ins of one person at once, or a retried one, credit once and
answer the same. A walk-in is an RSVP row of its own kind (never holding a seat, so capacity
does not apply), written by the RSVP store with its check-in in one transaction; its
`clientId` makes a retried request find it again.

An RSVP with guests is checked in as one party: its attendance row counts how many of the party
came (`present`, the whole party unless the organizer says fewer). Guests have no account,
address or hours of their own, so a row per guest would hold nothing but that mark; the count
is what the organizer sees and what the slot's headcount adds up.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service import clock
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, gettext
from rsvp_service.organize.attest import attestation
from rsvp_service.organize.bodies import (
    AttendeeAnswer,
    AttendeePayload,
    CheckinPayload,
    HoursPayload,
    WalkInPayload,
)
from rsvp_service.organize.roles import Organizer
from rsvp_service.organize.roster import (
    display_name,
    person,
    slot_for_organizer,
    slot_length_hours,
    window_problem,
)
from rsvp_service.rsvps import codes as checkin_codes
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus
from rsvp_service.rsvps.store import NewWalkIn, add_walk_in
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

NO_CONSENT = N_(
    "{name} is checked in, but their guardian has not approved. Ask for a parent's or "
    "guardian's consent before they take part.")
NOT_ON_ROSTER = N_(
    "That code is not on this slot's roster. "
    "Check the code, or add the person as a walk-in.")
NOT_ON_ROSTER_ID = N_(
    "That person is not on this slot's roster. "
    "Reload the roster, or add them as a walk-in.")
ID_OR_CODE = N_("Send either the attendee's id or their check-in code, not both.")
WAITLISTED = N_(
    "{name} is on this slot's waitlist, not its roster, so they cannot be checked in. "
    "Add them as a walk-in if there is room.")
NOT_CHECKED_IN = N_("{name} is not checked in. Check them in before setting their hours.")
QUARTER_HOURS = N_("The field 'hours' must be a multiple of 0.25 (a quarter hour).")
OVER_LENGTH = N_(
    "{hours} is more than this slot's {length}. Send at most {length}, or say why in "
    "'reason' (such as setting up before the start).")
TOO_MANY_PRESENT = N_(
    "{name}'s party has {size}, so at most {size} can be checked in. "
    "Send a smaller number in 'present'.")
ON_SLOT = {401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody}
WRITES = (Limit("account-write", key="account"),)


def _open_or_409(slot: Slot, now: datetime) -> None:
    problem = window_problem(slot, now)
    if problem is not None:
        raise ApiError(409, problem)


async def _on_roster(slot: Slot, payload: CheckinPayload) -> Rsvp:
    """The RSVP of the slot the id or code names: 404 unless on the roster, 409 if waiting."""
    if payload.code is not None:
        code = checkin_codes.parse(payload.code)
        row = await Rsvp.get_or_none(slot_id=slot.id, checkin_code=code) if code else None
    else:
        row = await Rsvp.get_or_none(id=payload.attendee, slot_id=slot.id)
    if row is None or row.status is RsvpStatus.CANCELLED:
        raise ApiError(404, NOT_ON_ROSTER if payload.code is not None else NOT_ON_ROSTER_ID)
    if row.status is RsvpStatus.WAITLISTED:
        raise ApiError(409, gettext(WAITLISTED).format(name=display_name(row)))
    return row


async def check_in(slot: Slot, catalogue: Catalogue, row: Rsvp, by: Organizer,
                   now: datetime, present: int | None = None) -> None:
    """Check the person in (once, however many times or at once this is called)."""
    hours = Decimal(str(slot_length_hours(slot)))
    members = row.party_size if present is None else present
    attested = attestation(catalogue, slot, by)
    await Attendance.bulk_create([Attendance(
        rsvp_id=row.id, slot_id=slot.id, event=slot.event, organization=catalogue.host_of(slot),
        checked_in_at=now, hours=hours, checked_in_by_id=by.user.id, present=members,
        **attested,
    )], ignore_conflicts=True)
    # The first check-in that lands attests the entry; a repeated one leaves it as it was.
    await Attendance.filter(rsvp_id=row.id, checked_in_at__isnull=True).update(
        checked_in_at=now, hours=hours, hours_reason=None, checked_in_by_id=by.user.id,
        present=members, **attested)
    if present is not None:
        # A number sent with a repeated check-in corrects how many of the party came.
        await Attendance.filter(rsvp_id=row.id).update(present=present)


async def _answer(slot: Slot, row: Rsvp, now: datetime, *, warn: bool = False) -> AttendeeAnswer:
    entry = await person(slot, row)
    warning = None
    if warn and entry.consent in ("awaiting", "declined"):
        warning = gettext(NO_CONSENT).format(name=display_name(row))
    return AttendeeAnswer(attendee=entry.attendee(slot, now), warning=warning)


@endpoint("POST", "/api/organize/slots/{slot_id}/checkins", body=CheckinPayload,
          responses={200: AttendeeAnswer}, errors=ON_SLOT, auth="token", limits=WRITES,
          summary="Check a person in by id or check-in code (idempotent).")
async def checkins(request: Request, body: CheckinPayload) -> AttendeeAnswer:
    """POST /api/organize/slots/{slot_id}/checkins: check a person in by id or code."""
    organizer, slot = await slot_for_organizer(request)
    await enforce(request, "account-write", str(organizer.user.id))
    if (body.attendee is None) == (body.code is None):
        raise ApiError(422, ID_OR_CODE)
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    row = await _on_roster(slot, body)
    if body.present is not None and body.present > row.party_size:
        size = "1 person" if row.party_size == 1 else f"{row.party_size} people"
        raise ApiError(422, gettext(TOO_MANY_PRESENT).format(name=display_name(row), size=size))
    await check_in(slot, request.app.state.catalogue, row, organizer, now, body.present)
    return await _answer(slot, row, now, warn=True)


@endpoint("POST", "/api/organize/slots/{slot_id}/checkins/undo", body=AttendeePayload,
          responses={200: AttendeeAnswer}, errors=ON_SLOT, auth="token", limits=WRITES,
          summary="Take a check-in back (idempotent).")
async def undo(request: Request, body: AttendeePayload) -> AttendeeAnswer:
    """POST /api/organize/slots/{slot_id}/checkins/undo: take a check-in back (idempotent)."""
    organizer, slot = await slot_for_organizer(request)
    await enforce(request, "account-write", str(organizer.user.id))
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    row = await _on_roster(slot, CheckinPayload(attendee=body.attendee))
    await Attendance.filter(rsvp_id=row.id).update(checked_in_at=None, hours=None,
                                                   hours_reason=None)
    return await _answer(slot, row, now)


@endpoint("POST", "/api/organize/slots/{slot_id}/walkins", body=WalkInPayload,
          responses={201: AttendeeAnswer, 200: AttendeeAnswer}, errors=ON_SLOT, auth="token",
          limits=WRITES,
          summary="Add a walk-in, checked in at once (201); a retried clientId, or the address "
          "of a booked person, answers that person (200).")
async def walk_in(request: Request, body: WalkInPayload) -> Reply[AttendeeAnswer]:
    """POST /api/organize/slots/{slot_id}/walkins: add someone at the door, checked in at once."""
    organizer, slot = await slot_for_organizer(request)
    await enforce(request, "account-write", str(organizer.user.id))
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(request.app.state.settings)
    _open_or_409(slot, now)
    earlier = await Attendance.get_or_none(slot_id=slot.id, client_id=body.clientId)
    if earlier is not None:
        return Reply(await _answer(slot, await Rsvp.get(id=earlier.rsvp_id), now), status=200)
    if body.email is not None:
        # Someone with a seat who reached the door without their code is checked in as such.
        booked = await Rsvp.get_or_none(slot_id=slot.id, active_email=body.email,
                                        status=RsvpStatus.CONFIRMED)
        if booked is not None:
            await check_in(slot, catalogue, booked, organizer, now)
            return Reply(await _answer(slot, booked, now), status=200)

    async def checked_in(connection: BaseDBAsyncClient, row: Rsvp) -> None:
        await Attendance.create(
            rsvp_id=row.id, slot_id=slot.id, event=slot.event,
            organization=catalogue.host_of(slot), checked_in_at=now,
            hours=Decimal(str(slot_length_hours(slot))), walk_in=True,
            client_id=body.clientId, checked_in_by_id=organizer.user.id,
            **attestation(catalogue, slot, organizer), using_db=connection)

    row = await add_walk_in(NewWalkIn(slot_id=slot.id, event=slot.event, email=body.email,
                                      name=body.name, created_at=now), checked_in)
    if row is None:
        # The same walk-in sent twice at once: the first one's row is the answer.
        earlier = await Attendance.get(slot_id=slot.id, client_id=body.clientId)
        return Reply(await _answer(slot, await Rsvp.get(id=earlier.rsvp_id), now), status=200)
    return Reply(await _answer(slot, row, now), status=201)


@endpoint("POST", "/api/organize/slots/{slot_id}/hours", body=HoursPayload,
          responses={200: AttendeeAnswer}, errors=ON_SLOT, auth="token", limits=WRITES,
          summary="Set a checked-in person's hours for the slot (quarter hours, up to the "
          "slot's length, or up to 24 with a reason).")
async def set_hours(request: Request, body: HoursPayload) -> AttendeeAnswer:
    """POST /api/organize/slots/{slot_id}/hours: set a checked-in person's hours for the slot."""
    organizer, slot = await slot_for_organizer(request)
    await enforce(request, "account-write", str(organizer.user.id))
    if (body.hours * 4) != int(body.hours * 4):
        raise ApiError(422, QUARTER_HOURS)
    length = slot_length_hours(slot)
    if body.hours > length and body.reason is None:
        raise ApiError(422, gettext(OVER_LENGTH).format(hours=_hours(body.hours),
                                                        length=_hours(length)))
    row = await _on_roster(slot, CheckinPayload(attendee=body.attendee))
    changed = await Attendance.filter(rsvp_id=row.id, checked_in_at__isnull=False).update(
        hours=Decimal(str(body.hours)), hours_reason=body.reason)
    if not changed:
        raise ApiError(409, gettext(NOT_CHECKED_IN).format(name=display_name(row)))
    return await _answer(slot, row, clock.now(request.app.state.settings))


def _hours(value: float) -> str:
    return f"{value:g} hour" if value == 1 else f"{value:g} hours"


def routes() -> list[BaseRoute]:
    """Return the check-in routes."""
    return contract.routes(checkins, undo, walk_in, set_hours)
