"""RSVP endpoints: check, create, count, and the signed-in user's list."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from email_validator import SPECIAL_USE_DOMAIN_NAMES, EmailNotValidError, validate_email
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service import clock
from rsvp_service.auth.models import User
from rsvp_service.auth.tokens import user_from_request
from rsvp_service.errors import ApiError, read_json, validate_query
from rsvp_service.events import Catalogue, Slot
from rsvp_service.mail import confirmation
from rsvp_service.mail.outbox import deferred_mail, notify
from rsvp_service.models import Rsvp
from rsvp_service.ratelimit import TOO_MANY_REQUESTS, RateLimiter, client_ip
from rsvp_service.rsvp_store import NewRsvp, Outcome, RsvpStore
from rsvp_service.settings import Settings

UNKNOWN_EVENT = "There is no event with that eventId."
NO_GUEST_EVENT = "No event is open for RSVPs without an eventId."
PICK_A_SLOT = "This event has several time slots; send the eventId of one of them."
ENDED = "This event has ended."
SIGN_IN = "Please log in to RSVP for this event."
SIGN_IN_LIST = "Please log in to see your RSVPs."
ALREADY = "You have already RSVP'd to this event."
FULL = "This time slot is full."
CREATED = "You have RSVP'd! A confirmation email will be sent."
EVENT_ID_MAX = 200


# A plain ASCII address: dot-separated atoms of letters, digits, _ + - before the @, and
# hostname labels ending in a letters-only top-level domain after it. Every such address
# that also passes the length and reserved-name checks below is valid to email_validator,
# which normalizes it to itself; everything else goes to email_validator.
SIMPLE_ADDRESS = re.compile(
    r"[a-z0-9_+-]+(?:\.[a-z0-9_+-]+)*@((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]+)",
    re.ASCII | re.IGNORECASE,
)


def _simple_address(value: str) -> str | None:
    match = SIMPLE_ADDRESS.fullmatch(value)
    if match is None or len(value) > 254:
        return None
    address = value.lower()
    domain = match.group(1).lower()
    if (
        len(address) - len(domain) - 1 > 64
        or len(domain) > 253
        or "--" in domain  # Punycode and RFC 5890 R-LDH rules: leave them to the library
        or any(domain == name or domain.endswith(f".{name}") for name in SPECIAL_USE_DOMAIN_NAMES)
        or any(len(label) > 63 for label in domain.split("."))
    ):
        return None
    return address


def normalize_email(value: str) -> str:
    """Validate an address (syntax only) and return it normalized and lower-cased."""
    # email_validator takes ~45 us an address, as much as the rest of an RSVP's parsing.
    if (simple := _simple_address(value)) is not None:
        return simple
    try:
        result = validate_email(value, check_deliverability=False)
    except EmailNotValidError:
        raise ValueError("it must be a valid email address") from None
    return result.normalized.lower()


def _no_line_breaks(value: str) -> str:
    if "\r" in value or "\n" in value:
        raise ValueError("it must not contain line breaks")
    return value


class RsvpPayload(BaseModel):
    """Body of POST /api/rsvp (the popup form omits eventId)."""

    model_config = ConfigDict(str_strip_whitespace=True)

    eventId: str | None = Field(default=None, max_length=200)
    email: str = Field(max_length=254)
    firstName: str = Field(min_length=1, max_length=100)
    lastName: str = Field(default="", max_length=100)
    phone: str | None = Field(default=None, max_length=40)

    _emails = field_validator("email")(normalize_email)
    _names = field_validator("firstName", "lastName", "phone")(
        lambda value: value if value is None else _no_line_breaks(value)
    )

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


def _store(request: Request) -> RsvpStore:
    store: RsvpStore = request.app.state.rsvp_store
    return store


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
    """GET /api/rsvp/check: whether an email has RSVP'd to a slot (or any slot of an event)."""
    query = validate_query(request, CheckQuery, shape="error")
    slots = _slots_or_404(_catalogue(request), query.eventId)
    exists = await Rsvp.filter(event_id__in=[slot.id for slot in slots], email=query.email).exists()
    return JSONResponse({"hasRSVPed": exists})


def _count_event_id(request: Request) -> str | None:
    query: bytes = request.scope["query_string"]
    # The site always asks `?eventId=<slot or event id>`: take that without parsing when
    # nothing in it is escaped and its length is valid; anything else is parsed and validated.
    if query.startswith(b"eventId=") and not any(c in query for c in b"&%+"):
        event_id = query[8:].decode("latin-1")
        if 0 < len(event_id) <= EVENT_ID_MAX:
            return event_id
    return validate_query(request, CountQuery, shape="error").eventId


async def count_rsvps(request: Request) -> Response:
    """GET /api/rsvp: the RSVP count of a slot, of a whole event, or of the guest event."""
    slots = _slots_or_404(_catalogue(request), _count_event_id(request))
    count = await _store(request).count([slot.id for slot in slots])
    # The hottest answer of all, so written without a JSON encoder.
    return Response(b'{"count":%d}' % count, media_type="application/json")


async def create_rsvp(request: Request) -> Response:
    """POST /api/rsvp: store an RSVP, bump its slot's count and queue the confirmation."""
    settings: Settings = request.app.state.settings
    payload = await read_json(request, RsvpPayload, shape="error")
    slots = _slots_or_404(_catalogue(request), payload.eventId)
    if len(slots) > 1:
        raise ApiError(422, PICK_A_SLOT, shape="error")
    slot = slots[0]
    if clock.now(settings) >= slot.end:
        raise ApiError(410, ENDED, shape="error")
    user = await user_from_request(request)
    if slot.needs_account and user is None:
        raise ApiError(401, SIGN_IN, shape="error")
    # A signed-in RSVP is always for the account's own address.
    email = user.email if user is not None else payload.email
    await _check_rate_limit(request, email)
    if slot.capacity is not None and slot.capacity <= 0:
        raise ApiError(409, FULL, shape="error")
    now = datetime.now(UTC)
    facts = confirmation.confirmation_payload(
        slot, email=email, first_name=payload.firstName, last_name=payload.lastName, stamp=now
    )
    mail = deferred_mail(
        confirmation.KIND,
        facts,
        recipient=email,
        subject=f"Your RSVP: {slot.title}, {slot.date_text}",
    )
    outcome = await _store(request).add(
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
            mail=mail,
        )
    )
    if outcome is Outcome.DUPLICATE:
        raise ApiError(409, ALREADY, shape="error")
    if outcome is Outcome.FULL:
        raise ApiError(409, FULL, shape="error")
    notify(request)
    return JSONResponse(
        {"message": CREATED, "eventId": slot.id, "event": slot.event, "email": email},
        status_code=201,
    )


async def my_rsvps(request: Request) -> Response:
    """GET /api/me/rsvps: the signed-in user's RSVPs, newest first, for the dashboard."""
    user: User | None = await user_from_request(request)
    if user is None:
        raise ApiError(401, SIGN_IN_LIST, shape="error")
    catalogue = _catalogue(request)
    rows = await Rsvp.filter(user_id=user.id).order_by("-created_at", "-id")
    items = []
    for row in rows:
        slot = catalogue.slots.get(row.event_id)
        items.append(
            {
                "eventId": row.event_id,
                "event": row.event,
                "title": slot.title if slot else row.event,
                "time": slot.time if slot else "",
                "date_text": slot.date_text if slot else "",
                "location": slot.location if slot else "",
                "createdAt": row.created_at.isoformat(),
            }
        )
    return JSONResponse({"rsvps": items})


def routes() -> list[BaseRoute]:
    """Return the RSVP routes."""
    return [
        # The count first: it is the most frequent request of all.
        Route("/api/rsvp", count_rsvps, methods=["GET"]),
        Route("/api/rsvp", create_rsvp, methods=["POST"]),
        Route("/api/rsvp/check", check_rsvp, methods=["GET"]),
        Route("/api/me/rsvps", my_rsvps, methods=["GET"]),
    ]
