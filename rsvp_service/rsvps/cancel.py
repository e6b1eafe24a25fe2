"""Cancelling an RSVP from the link in any of its emails (preview changes nothing) or the dashboard.

The link carries a random token in its URL's query (older links: its fragment); the page posts it
here, or its form posts to its own URL (rsvps/forms.py). Only its hash is stored (`CancelToken`),
each tied to one RSVP, good for cancelling that RSVP and nothing else.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import hash_opaque_token, signed_in
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_, current
from rsvp_service.i18n.dates import long_date
from rsvp_service.mail.outbox import notify
from rsvp_service.rsvps.bodies import Cancelled, CancelPreview
from rsvp_service.rsvps.models import Attendance, CancelToken, Rsvp, RsvpStatus
from rsvp_service.rsvps.store import (
    CancelOutcome,
    cancel_rsvp,
    waitlist_position,
)
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, LinkToken, Media, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

BAD_LINK = N_(
    "This cancel link is not valid. "
    "Please use the link in your most recent email from CivicSTL.")
ALREADY_CANCELLED = N_("This RSVP was already cancelled. There is nothing more to do.")
STARTED = N_(
    "This time slot has already started, so it can no longer be cancelled online. "
    "Please contact the organizer.")
CHECKED_IN = N_(
    "You are already checked in to this time slot, so it can no longer be cancelled. "
    "Please tell the organizer if you have to leave.")
CANCELLED = N_("Your spot is cancelled. We have emailed you a confirmation.")
SIGN_IN = N_("Please log in to cancel your RSVP.")
SIGN_IN_CALENDAR = N_("Please log in to download your calendar file.")
NO_SUCH_RSVP = N_("There is no RSVP with that id. Reload your dashboard and try again.")
NOT_YOURS = N_("This RSVP belongs to someone else, so you cannot cancel it.")


async def _rsvp_for_token(body: LinkToken) -> Rsvp:
    found = await CancelToken.get_or_none(token_hash=hash_opaque_token(body.token)).select_related(
        "rsvp")
    if found is None:
        raise ApiError(404, BAD_LINK)
    rsvp: Rsvp = found.rsvp
    return rsvp


async def describe_rsvp(catalogue: Catalogue, row: Rsvp) -> CancelPreview:
    """Return what the cancel page and the dashboard show about one RSVP."""
    # Its words in the request's language; its times are the same in every one.
    slot = catalogue.in_language(current()).slots.get(row.slot_id)
    position = None
    if row.status is RsvpStatus.WAITLISTED and row.waitlist_ticket is not None:
        position = await waitlist_position(row.slot_id, row.waitlist_ticket)
    return CancelPreview(
        event=slot.title if slot else row.event,
        date_text=long_date(slot.start) if slot else "",
        time=slot.time if slot else "",
        location=slot.location if slot else "",
        status=row.status.value,
        position=position,
        # The slot record's path: a series date links to its own page.
        path=slot.path if slot else f"/events/{row.event}",
    )


BY_LINK_ERRORS = {404: ErrorBody, 429: ErrorBody}
LIMITS = (Limit("rsvp-cancel", key="ip"),)


@endpoint("POST", "/api/rsvp/cancel/preview", body=LinkToken,
          responses={200: CancelPreview}, errors=BY_LINK_ERRORS, limits=LIMITS,
          summary="What the cancel link's token would cancel; changes nothing.")
async def preview(request: Request, body: LinkToken) -> CancelPreview:
    """What the link would cancel (changes nothing)."""
    return await describe_rsvp(request.app.state.catalogue, await _rsvp_for_token(body))


async def cancel_row(request: Request, row: Rsvp) -> Cancelled:
    """Cancel one RSVP (promoting the waitlist) and answer in the cancel endpoints' shape."""
    settings: Settings = request.app.state.settings
    catalogue: Catalogue = request.app.state.catalogue
    if row.status is RsvpStatus.CANCELLED:
        raise ApiError(410, ALREADY_CANCELLED)
    # Check-in opens before the start; a walk-in is checked in from the moment it exists.
    if row.status is RsvpStatus.WALK_IN or await Attendance.exists(
            rsvp_id=row.id, checked_in_at__isnull=False):
        raise ApiError(410, CHECKED_IN)
    slot = catalogue.slots.get(row.slot_id)
    now = clock.now(settings)
    if slot is None or now >= slot.start:
        raise ApiError(410, STARTED)
    result = await cancel_rsvp(row.id, capacity=slot.capacity, now=now)
    if result.outcome is CancelOutcome.ALREADY:
        raise ApiError(410, ALREADY_CANCELLED)
    notify(request)
    return Cancelled(message=CANCELLED, status="cancelled")


@endpoint("POST", "/api/rsvp/cancel", body=LinkToken, responses={200: Cancelled},
          errors={**BY_LINK_ERRORS, 410: ErrorBody}, limits=LIMITS,
          summary="Cancel the RSVP of the cancel link's token; frees the seat and promotes the "
          "first person on the waitlist.")
async def cancel(request: Request, body: LinkToken) -> Cancelled:
    """Cancel the RSVP the link's token names."""
    return await cancel_row(request, await _rsvp_for_token(body))


async def _my_rsvp(request: Request, user: User) -> Rsvp:
    """The signed-in user's RSVP named by the path (404, 403 otherwise)."""
    row = await Rsvp.get_or_none(id=request.path_params["rsvp_id"])
    if row is None:
        raise ApiError(404, NO_SUCH_RSVP)
    # A guest RSVP made with the account's address is theirs once the address is verified.
    theirs = row.user_id == user.id or (user.is_verified and row.email == user.email)
    if not theirs:
        raise ApiError(403, NOT_YOURS)
    return row


MINE_ERRORS = {401: ErrorBody, 403: ErrorBody, 404: ErrorBody}


@endpoint("POST", "/api/me/rsvps/{rsvp_id:id}/cancel", responses={200: Cancelled},
          errors={**MINE_ERRORS, 410: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("account-write", key="account"),),
          summary="Cancel one of the signed-in user's RSVPs (incl. guest RSVPs with their "
          "verified address); promotes the waitlist like the email link.")
async def cancel_mine(request: Request) -> Cancelled:
    """The signed-in volunteer cancels one of their RSVPs."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    return await cancel_row(request, await _my_rsvp(request, user))


@endpoint("GET", "/api/me/rsvps/{rsvp_id:id}/calendar.ics",
          responses={200: Media("text/calendar")}, errors=MINE_ERRORS, auth="token",
          summary="The slot of one of the signed-in user's RSVPs as an iCalendar file "
          "(METHOD:CANCEL, STATUS:CANCELLED once the RSVP is cancelled).")
async def calendar_mine(request: Request) -> Response:
    """The slot of one of the user's RSVPs, as iCalendar (its cancellation once cancelled)."""
    row = await _my_rsvp(request, await signed_in(request, SIGN_IN_CALENDAR))
    catalogue: Catalogue = request.app.state.catalogue
    slot = catalogue.slots.get(row.slot_id)
    if slot is None:
        raise ApiError(404, NO_SUCH_RSVP)
    settings: Settings = request.app.state.settings
    ics = catalogue.calendar(slot, clock.now(settings),
                             cancelled=row.status is RsvpStatus.CANCELLED)
    return Response(ics, media_type="text/calendar; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{slot.event}.ics"'})


def routes() -> list[BaseRoute]:
    """Return the cancel routes (from an email link, and from the dashboard)."""
    return contract.routes(preview, cancel, cancel_mine, calendar_mine)
