"""Cancelling an RSVP from the link in any of its emails (preview changes nothing) or the dashboard.

The link carries a random token in its URL fragment; the page posts it here. Only its hash is
stored (`CancelToken`), each tied to one RSVP, good for cancelling that RSVP and nothing else.
"""

from __future__ import annotations

from pydantic import BaseModel, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service import clock
from rsvp_service.accounts.tokens import user_from_request
from rsvp_service.events import Catalogue
from rsvp_service.mail.outbox import notify
from rsvp_service.organize.models import Attendance
from rsvp_service.rsvps.models import CancelToken, Rsvp, RsvpStatus
from rsvp_service.rsvps.store import (
    CancelOutcome,
    cancel_rsvp,
    hash_token,
    waitlist_position,
)
from rsvp_service.settings import Settings
from rsvp_service.web.errors import ApiError, read_json
from rsvp_service.web.ratelimit import client_ip, enforce

BAD_LINK = ("This cancel link is not valid. "
            "Please use the link in your most recent email from CivicSTL.")
ALREADY_CANCELLED = "This RSVP was already cancelled. There is nothing more to do."
STARTED = ("This time slot has already started, so it can no longer be cancelled online. "
           "Please contact the organizer.")
CHECKED_IN = ("You are already checked in to this time slot, so it can no longer be cancelled. "
              "Please tell the organizer if you have to leave.")
CANCELLED = "Your spot is cancelled. We have emailed you a confirmation."
SIGN_IN = "Please log in to cancel your RSVP."
SIGN_IN_CALENDAR = "Please log in to download your calendar file."
NO_SUCH_RSVP = "There is no RSVP with that id. Reload your dashboard and try again."
NOT_YOURS = "This RSVP belongs to someone else, so you cannot cancel it."


class TokenPayload(BaseModel):
    """Body of the cancel endpoints: the token from the link's fragment."""

    token: str = Field(min_length=1, max_length=200)


async def _rsvp_for_token(request: Request) -> Rsvp:
    await enforce(request, "rsvp-cancel", client_ip(request), shape="error")
    payload = await read_json(request, TokenPayload, shape="error")
    found = await CancelToken.get_or_none(token_hash=hash_token(payload.token)).select_related(
        "rsvp")
    if found is None:
        raise ApiError(404, BAD_LINK, shape="error")
    rsvp: Rsvp = found.rsvp
    return rsvp


async def describe_rsvp(catalogue: Catalogue, row: Rsvp) -> dict[str, object]:
    """Return what the cancel page and the dashboard show about one RSVP."""
    slot = catalogue.slots.get(row.slot_id)
    position = None
    if row.status is RsvpStatus.WAITLISTED and row.waitlist_ticket is not None:
        position = await waitlist_position(row.slot_id, row.waitlist_ticket)
    return {
        "event": slot.title if slot else row.event,
        "date_text": slot.date_text if slot else "",
        "time": slot.time if slot else "",
        "location": slot.location if slot else "",
        "status": row.status.value,
        "position": position,
        # The slot record's path: a series date links to its own page.
        "path": slot.path if slot else f"/events/{row.event}",
    }


async def preview(request: Request) -> Response:
    """POST /api/rsvp/cancel/preview: what the link would cancel (changes nothing)."""
    row = await _rsvp_for_token(request)
    return JSONResponse(await describe_rsvp(request.app.state.catalogue, row))


async def cancel_row(request: Request, row: Rsvp) -> Response:
    """Cancel one RSVP (promoting the waitlist) and answer in the cancel endpoints' shape."""
    settings: Settings = request.app.state.settings
    catalogue: Catalogue = request.app.state.catalogue
    if row.status is RsvpStatus.CANCELLED:
        raise ApiError(410, ALREADY_CANCELLED, shape="error")
    # Check-in opens before the start; a walk-in is checked in from the moment it exists.
    if row.status is RsvpStatus.WALK_IN or await Attendance.exists(
            rsvp_id=row.id, checked_in_at__isnull=False):
        raise ApiError(410, CHECKED_IN, shape="error")
    slot = catalogue.slots.get(row.slot_id)
    now = clock.now(settings)
    if slot is None or now >= slot.start:
        raise ApiError(410, STARTED, shape="error")
    result = await cancel_rsvp(row.id, capacity=slot.capacity, now=now)
    if result.outcome is CancelOutcome.ALREADY:
        raise ApiError(410, ALREADY_CANCELLED, shape="error")
    notify(request)
    return JSONResponse({"message": CANCELLED, "status": "cancelled"})


async def cancel(request: Request) -> Response:
    """POST /api/rsvp/cancel: cancel the RSVP the link's token names."""
    return await cancel_row(request, await _rsvp_for_token(request))


async def _my_rsvp(request: Request, sign_in: str) -> Rsvp:
    """The signed-in user's RSVP named by the path (401, 404, 403 otherwise)."""
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, sign_in, shape="error")
    row = await Rsvp.get_or_none(id=request.path_params["rsvp_id"])
    if row is None:
        raise ApiError(404, NO_SUCH_RSVP, shape="error")
    # A guest RSVP made with the account's address is theirs once the address is verified.
    theirs = row.user_id == user.id or (user.is_verified and row.email == user.email)
    if not theirs:
        raise ApiError(403, NOT_YOURS, shape="error")
    return row


async def cancel_mine(request: Request) -> Response:
    """POST /api/me/rsvps/<id>/cancel: the signed-in volunteer cancels one of their RSVPs."""
    return await cancel_row(request, await _my_rsvp(request, SIGN_IN))


async def calendar_mine(request: Request) -> Response:
    """GET /api/me/rsvps/<id>/calendar.ics: the slot of one of the user's RSVPs, as iCalendar."""
    row = await _my_rsvp(request, SIGN_IN_CALENDAR)
    catalogue: Catalogue = request.app.state.catalogue
    slot = catalogue.slots.get(row.slot_id)
    if slot is None:
        raise ApiError(404, NO_SUCH_RSVP, shape="error")
    return Response(catalogue.calendar(slot), media_type="text/calendar; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{slot.event}.ics"'})


def routes() -> list[BaseRoute]:
    """Return the cancel routes (from an email link, and from the dashboard)."""
    return [
        Route("/api/rsvp/cancel/preview", preview, methods=["POST"]),
        Route("/api/rsvp/cancel", cancel, methods=["POST"]),
        Route("/api/me/rsvps/{rsvp_id:id}/cancel", cancel_mine, methods=["POST"]),
        Route("/api/me/rsvps/{rsvp_id:id}/calendar.ics", calendar_mine, methods=["GET"]),
    ]
