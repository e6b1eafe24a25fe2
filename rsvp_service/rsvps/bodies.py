"""Request and response bodies of the RSVP endpoints (create, count, check, list, cancel).

Request bodies ignore unknown fields, as they always have; the wire names are the site's
(camelCase, and `date_text` as the catalogue writes it).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.config import JsonDict

from generator.models import MAX_GUESTS
from rsvp_service.accounts.bodies import has_control_characters, no_encoded_words
from rsvp_service.accounts.emails import normalize_email, optional_email
from rsvp_service.consent.bodies import ConsentState
from rsvp_service.web.contract import STRIPPED, ErrorBody, Moment

EVENT_ID_MAX = 200
EMAIL: JsonDict = {"format": "email"}


def _no_line_breaks(value: str) -> str:
    if has_control_characters(value):
        raise ValueError("it must not contain control characters or line breaks")
    return value


class Guest(BaseModel):
    """One person an RSVP brings along; the name is optional."""

    model_config = STRIPPED

    name: str = Field(default="", max_length=100,
                      description="Shown on the roster; empty: listed as a guest of the person.")

    _names = field_validator("name")(_no_line_breaks)
    _plain_names = field_validator("name")(no_encoded_words)


class RsvpPayload(BaseModel):
    """Body of POST /api/rsvp (the popup form omits eventId)."""

    model_config = STRIPPED

    eventId: str | None = Field(default=None, max_length=EVENT_ID_MAX)
    email: str = Field(max_length=254, json_schema_extra=EMAIL)
    firstName: str = Field(min_length=1, max_length=100)
    lastName: str = Field(default="", max_length=100)
    phone: str | None = Field(default=None, max_length=40)
    waitlist: bool = False
    # The event's `max_guests_per_rsvp` limits it (checked by the endpoint, which knows the slot).
    guests: list[Guest] = Field(
        default=[], max_length=MAX_GUESTS,
        description="People the person brings: each takes a seat, and the party is seated or "
        "waitlisted whole.")

    under18: bool = Field(
        default=False, description="The person is under 18: on an event that asks for a "
        "guardian's consent, guardianEmail is then required and the seat is held until the "
        "guardian approves.")
    guardianEmail: str | None = Field(
        default=None, max_length=254, json_schema_extra=EMAIL,
        description="A parent's or guardian's address (not the person's own), sent the consent "
        "link.")

    _emails = field_validator("email")(normalize_email)
    _names = field_validator("firstName", "lastName", "phone")(
        lambda value: value if value is None else _no_line_breaks(value)
    )
    _plain_names = field_validator("firstName", "lastName")(no_encoded_words)

    _guardian_emails = field_validator("guardianEmail")(optional_email)

    @field_validator("phone")
    @classmethod
    def _empty_phone_is_none(cls, value: str | None) -> str | None:
        return value or None


class CheckQuery(BaseModel):
    """Query of GET /api/rsvp/check."""

    eventId: str = Field(min_length=1, max_length=EVENT_ID_MAX)
    email: str = Field(max_length=254, json_schema_extra=EMAIL)

    _emails = field_validator("email")(normalize_email)


class CountQuery(BaseModel):
    """Query of GET /api/rsvp (no eventId means the guest-RSVP event)."""

    eventId: str | None = Field(default=None, min_length=1, max_length=EVENT_ID_MAX)


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HasRsvped(_Answer):
    """Whether the user has RSVP'd to the slot (or to any slot of the event)."""

    hasRSVPed: bool


class Count(_Answer):
    """Seats taken (guests included), capacity (null: unlimited), spots left and RSVPs waiting."""

    count: int = Field(ge=0)
    capacity: int | None = Field(ge=0)
    remaining: int | None = Field(ge=0)
    waitlist: int = Field(ge=0)


class RsvpConfirmed(_Answer):
    """A confirmed RSVP (a confirmation email is queued)."""

    status: Literal["confirmed"]
    message: str
    eventId: str
    event: str
    email: str
    consent: Literal["awaiting"] | None = Field(
        default=None, description="awaiting: the seat is held until the guardian, who was "
        "emailed a link, approves; null when no guardian's consent was asked.")


class RsvpWaitlisted(_Answer):
    """A place on the slot's waitlist."""

    status: Literal["waitlisted"]
    position: int = Field(ge=1)
    message: str
    eventId: str
    event: str
    email: str


class OnWaitlist(ErrorBody):
    """409: already on this slot's waitlist, at this position."""

    position: int = Field(ge=1)


class SlotFull(ErrorBody):
    """409: the slot is full; send waitlist: true to join its waitlist."""

    full: Literal[True]


class MyRsvp(_Answer):
    """One of the signed-in user's live RSVPs, with what the dashboard shows of its slot."""

    id: int
    status: Literal["confirmed", "waitlisted"]
    position: int | None = Field(ge=1)
    eventId: str
    event: str
    title: str
    date: str
    date_text: str
    time: str
    location: str
    start: Moment | None
    end: Moment | None
    path: str
    past: bool
    createdAt: Moment
    code: str | None = Field(pattern=r"^[0-9A-Z-]{9}$")
    qr: str | None = Field(
        pattern=r"^data:image/svg\+xml",
        description="The check-in code as a QR code (an SVG data: URI), for a confirmed RSVP "
        "that is still upcoming.")
    checkedIn: bool = Field(description="Checked in at the door (then it cannot be cancelled).")
    consent: ConsentState | None = Field(
        description="A guardian's consent for this RSVP: awaiting (the seat is "
        "held), approved or declined; null when none was asked for.")


class MyRsvps(_Answer):
    """The signed-in user's live RSVPs: upcoming soonest first, then past newest first."""

    rsvps: list[MyRsvp]


class CancelPreview(_Answer):
    """What a cancel link would cancel."""

    event: str
    date_text: str
    time: str
    location: str
    status: Literal["confirmed", "waitlisted", "cancelled", "walk_in"]
    position: int | None = Field(ge=1)
    path: str


class Cancelled(_Answer):
    """The RSVP is cancelled (and its confirmation queued)."""

    message: str
    status: Literal["cancelled"]
