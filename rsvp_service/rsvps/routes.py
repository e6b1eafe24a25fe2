"""RSVP endpoints: check, create, count, and the signed-in user's list."""

from __future__ import annotations

from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.expressions import Q

from rsvp_service import clock
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.accounts.models import User
from rsvp_service.accounts.payloads import has_control_characters, no_encoded_words
from rsvp_service.accounts.tokens import user_from_request
from rsvp_service.events import Catalogue, Slot
from rsvp_service.mail.outbox import notify
from rsvp_service.ops.metrics import RSVPS
from rsvp_service.organize.models import Attendance
from rsvp_service.rsvps import codes as checkin_codes
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.rsvps.store import NewRsvp, Outcome, add_rsvp, tally, waitlist_position
from rsvp_service.settings import Settings
from rsvp_service.web.errors import ApiError, read_json, validate_query
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS, RateLimiter, client_ip, enforce

UNKNOWN_EVENT = "There is no event with that eventId."
NO_GUEST_EVENT = "No event is open for RSVPs without an eventId."
PICK_A_SLOT = "This event has several time slots; send the eventId of one of them."
ENDED = "This event has ended."
SIGN_IN = "Please log in to RSVP for this event."
SIGN_IN_LIST = "Please log in to see your RSVPs."
SIGN_IN_CHECK = "Please log in to see whether you have RSVP'd."
OWN_ADDRESS_ONLY = "You can only check the RSVPs of your own email address."
ALREADY = "You have already RSVP'd to this event."
FULL = "This time slot is full. Join the waitlist?"
ON_WAITLIST = "You are already on the waitlist for this time slot (#{position})."
CREATED = "You have RSVP'd! A confirmation email will be sent."
WAITLISTED = "You are #{position} on the waitlist. We will email you if a spot opens up."
EVENT_ID_MAX = 200
# RSVPs a volunteer holds (walk-ins are in their impact instead, not in their RSVPs).
LIVE = (RsvpStatus.CONFIRMED, RsvpStatus.WAITLISTED)


def _no_line_breaks(value: str) -> str:
    if has_control_characters(value):
        raise ValueError("it must not contain control characters or line breaks")
    return value


class RsvpPayload(BaseModel):
    """Body of POST /api/rsvp (the popup form omits eventId)."""

    model_config = ConfigDict(str_strip_whitespace=True)

    eventId: str | None = Field(default=None, max_length=200)
    email: str = Field(max_length=254)
    firstName: str = Field(min_length=1, max_length=100)
    lastName: str = Field(default="", max_length=100)
    phone: str | None = Field(default=None, max_length=40)
    waitlist: bool = False

    _emails = field_validator("email")(normalize_email)
    _names = field_validator("firstName", "lastName", "phone")(
        lambda value: value if value is None else _no_line_breaks(value)
    )
    _plain_names = field_validator("firstName", "lastName")(no_encoded_words)

    @field_validator("phone")
    @classmethod
    def _empty_phone_is_none(cls, value: str | None) -> str | None:
        return value or None


class CheckQuery(BaseModel):
    """Query of GET /api/rsvp/check."""

    eventId: str = Field(min_length=1, max_length=200)
    email: str = Field(max_length=254)

    _emails = field_validator("email")(normalize_email)


class CountQuery(BaseModel):
    """Query of GET /api/rsvp (no eventId means the guest-RSVP event)."""

    eventId: str | None = Field(default=None, min_length=1, max_length=EVENT_ID_MAX)


def _catalogue(request: Request) -> Catalogue:
    catalogue: Catalogue = request.app.state.catalogue
    return catalogue


def _slots_or_404(catalogue: Catalogue, event_id: str | None) -> list[Slot]:
    if event_id is None:
        slots = catalogue.guest_slots
        if not slots:
            raise ApiError(404, NO_GUEST_EVENT, shape="error")
        return slots
    slots = catalogue.slots_for(event_id)
    if not slots:
        raise ApiError(404, UNKNOWN_EVENT, shape="error")
    return slots


async def _check_rate_limit(request: Request, email: str) -> None:
    limiter: RateLimiter | None = getattr(request.app.state, "rate_limiter", None)
    if limiter is None:
        return
    retry_after = await limiter.hit("rsvp-ip", client_ip(request))
    if retry_after is None:
        retry_after = await limiter.hit("rsvp-email", email)
    if retry_after is not None:
        raise ApiError(
            429, TOO_MANY_REQUESTS, shape="error", headers={"Retry-After": str(retry_after)}
        )


async def check_rsvp(request: Request) -> Response:
    """GET /api/rsvp/check: whether the signed-in user has RSVP'd to a slot (or an event)."""
    # Only about one's own address: answering for any address would tell anyone who RSVP'd.
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, SIGN_IN_CHECK, shape="error")
    await enforce(request, "rsvp-check", str(user.id), shape="error")
    query = validate_query(request, CheckQuery, shape="error")
    if query.email != user.email:
        raise ApiError(403, OWN_ADDRESS_ONLY, shape="error")
    slots = _slots_or_404(_catalogue(request), query.eventId)
    exists = await Rsvp.filter(
        slot_id__in=[slot.id for slot in slots], active_email=user.email
    ).exists()
    return JSONResponse({"hasRSVPed": exists})


async def rsvp_count(request: Request) -> Response:
    """GET /api/rsvp: confirmed RSVPs, spots left and waitlist of a slot, event or guest event."""
    query = validate_query(request, CountQuery, shape="error")
    slots = _slots_or_404(_catalogue(request), query.eventId)
    counts = await tally([slot.id for slot in slots])
    capacities = [slot.capacity for slot in slots]
    capacity = None if None in capacities else sum(c for c in capacities if c is not None)
    remaining = None if capacity is None else max(capacity - counts.count, 0)
    return JSONResponse({"count": counts.count, "capacity": capacity, "remaining": remaining,
                         "waitlist": counts.waitlist})


async def create_rsvp(request: Request) -> Response:
    """POST /api/rsvp: store an RSVP, bump its slot's count and queue the confirmation."""
    settings: Settings = request.app.state.settings
    payload = await read_json(request, RsvpPayload, shape="error")
    slots = _slots_or_404(_catalogue(request), payload.eventId)
    if len(slots) > 1:
        raise ApiError(422, PICK_A_SLOT, shape="error")
    slot = slots[0]
    # The one clock: the RSVP's time decides, with the slot's, whether it gets a reminder.
    now = clock.now(settings)
    if now >= slot.end:
        raise ApiError(410, ENDED, shape="error")
    user = await user_from_request(request)
    if slot.needs_account and user is None:
        raise ApiError(401, SIGN_IN, shape="error")
    # A signed-in RSVP is always for the account's own address.
    email = user.email if user is not None else payload.email
    await _check_rate_limit(request, email)
    placement = await add_rsvp(
        NewRsvp(
            slot_id=slot.id,
            event=slot.event,
            email=email,
            first_name=payload.firstName,
            last_name=payload.lastName,
            phone=payload.phone,
            user_id=user.id if user is not None else None,
            capacity=slot.capacity,
            created_at=now,
            waitlist=payload.waitlist,
        )
    )
    RSVPS.labels(placement.outcome.value).inc()
    position = placement.position
    if placement.outcome is Outcome.DUPLICATE:
        if position is not None:
            return JSONResponse({"error": ON_WAITLIST.format(position=position),
                                 "position": position}, status_code=409)
        raise ApiError(409, ALREADY, shape="error")
    if placement.outcome is Outcome.FULL:
        return JSONResponse({"error": FULL, "full": True}, status_code=409)
    notify(request)
    answer = {"eventId": slot.id, "event": slot.event, "email": email}
    if placement.outcome is Outcome.WAITLISTED:
        return JSONResponse(
            {"status": "waitlisted", "position": position,
             "message": WAITLISTED.format(position=position), **answer},
            status_code=201,
        )
    return JSONResponse({"status": "confirmed", "message": CREATED, **answer}, status_code=201)


def mine(user: User) -> Q:
    """The RSVPs that are the user's: their own, and guest ones with their verified address."""
    owned = Q(user_id=user.id)
    return owned | Q(email=user.email) if user.is_verified else owned


async def my_rsvps(request: Request) -> Response:
    """GET /api/me/rsvps: the user's live RSVPs, upcoming first (soonest first), then past."""
    user: User | None = await user_from_request(request)
    if user is None:
        raise ApiError(401, SIGN_IN_LIST, shape="error")
    catalogue = _catalogue(request)
    now = clock.now(request.app.state.settings)
    rows = await Rsvp.filter(mine(user), status__in=LIVE).order_by("-created_at", "-id")
    checked_in = set(await Attendance.filter(
        rsvp_id__in=[row.id for row in rows], checked_in_at__isnull=False,
    ).values_list("rsvp_id", flat=True))
    upcoming: list[tuple[datetime, dict[str, object]]] = []
    past: list[tuple[datetime, dict[str, object]]] = []
    for row in rows:
        slot = catalogue.slots.get(row.slot_id)
        position = None
        if row.status is RsvpStatus.WAITLISTED and row.waitlist_ticket is not None:
            position = await waitlist_position(row.slot_id, row.waitlist_ticket)
        is_past = slot is None or slot.end <= now
        code = row.checkin_code if row.status is RsvpStatus.CONFIRMED else None
        item = {
            "id": row.id,
            "status": row.status.value,
            "position": position,
            "eventId": row.slot_id,
            "event": row.event,
            "title": slot.title if slot else row.event,
            "date": slot.date if slot else "",
            "date_text": slot.date_text if slot else "",
            "time": slot.time if slot else "",
            "location": slot.location if slot else "",
            "start": slot.start.isoformat() if slot else None,
            "end": slot.end.isoformat() if slot else None,
            "path": slot.path if slot else f"/events/{row.event}",
            "past": is_past,
            "createdAt": row.created_at.isoformat(),
            "code": checkin_codes.display(code) if code else None,
            "qr": checkin_codes.qr_svg_uri(code) if code and not is_past else None,
            "checkedIn": row.id in checked_in,
        }
        # A slot gone from events.json sorts as the oldest past RSVP.
        when = slot.start if slot else datetime.min.replace(tzinfo=UTC)
        (past if is_past else upcoming).append((when, item))
    upcoming.sort(key=lambda pair: pair[0])
    past.sort(key=lambda pair: pair[0], reverse=True)
    return JSONResponse({"rsvps": [item for _, item in upcoming + past]})


def routes() -> list[BaseRoute]:
    """Return the RSVP routes."""
    return [
        Route("/api/rsvp", rsvp_count, methods=["GET"]),
        Route("/api/rsvp", create_rsvp, methods=["POST"]),
        Route("/api/rsvp/check", check_rsvp, methods=["GET"]),
        Route("/api/me/rsvps", my_rsvps, methods=["GET"]),
    ]
