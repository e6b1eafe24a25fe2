"""Request and response bodies of the organizer, roles and admin endpoints (their wire names).

Requests refuse unknown fields; answers are checked against these models before they leave.
Times are `Moment`s: written by `isoformat()` (e.g. `+00:00`, never `Z`), as they always were.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.models import MAX_GUESTS
from rsvp_service.accounts.bodies import has_control_characters, no_encoded_words
from rsvp_service.accounts.emails import normalize_email, optional_email
from rsvp_service.consent.bodies import ConsentState
from rsvp_service.mail.rsvp_notices import RemovalReason
from rsvp_service.web.contract import STRIPPED, Moment
from rsvp_service.web.paths import MAX_ID

AttendeeId = Annotated[int, Field(gt=0, le=MAX_ID, strict=True)]
RosterStatus = Literal["confirmed", "waitlisted", "checked_in", "no_show"]


class _Answer(BaseModel):
    """Base of the answers: nothing but the declared fields goes out."""

    model_config = ConfigDict(extra="forbid")


# Requests.

def _one_line(value: str | None) -> str | None:
    if value is not None and has_control_characters(value):
        raise ValueError("it must not contain control characters or line breaks")
    return value


def _plain(value: str, *, multiline: bool) -> str:
    """Return the text (line breaks as LF), refusing control characters besides LF and tab."""
    if multiline:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    checked = value.replace("\n", "").replace("\t", "") if multiline else value
    if has_control_characters(checked):
        raise ValueError("it must not contain control characters" +
                         ("" if multiline else " or line breaks"))
    return value


class GrantPayload(BaseModel):
    """Body of POST /api/admin/organizers and /api/admin/organizers/revoke."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    email: str = Field(min_length=1, max_length=320)
    organization: str = Field(min_length=1, max_length=100)

    _emails = field_validator("email")(normalize_email)


class CheckinPayload(BaseModel):
    """Body of POST .../checkins: the attendee's id or their check-in code (one of the two)."""

    model_config = ConfigDict(extra="forbid")

    attendee: AttendeeId | None = None
    code: str | None = Field(default=None, min_length=1, max_length=20)
    present: int | None = Field(
        default=None, ge=1, le=MAX_GUESTS + 1,
        description="How many of the RSVP's party came (the person and their guests); "
        "omitted: the whole party. Sent again, it corrects the number.")


class AttendeePayload(BaseModel):
    """Body of POST .../checkins/undo."""

    model_config = ConfigDict(extra="forbid")

    attendee: AttendeeId


class HoursPayload(BaseModel):
    """Body of POST .../hours: hours for one checked-in person, in quarter hours."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    attendee: AttendeeId
    hours: float = Field(gt=0, le=24, strict=True, allow_inf_nan=False)
    reason: str | None = Field(
        default=None, min_length=1, max_length=500,
        description="Why the hours are what they are; required for more than the slot's "
        "length (such as setting up before the start). Shown on the roster and its CSV.")

    _reasons = field_validator("reason")(_one_line)


class WalkInPayload(BaseModel):
    """Body of POST .../walkins: a name, an optional email, and the page's id for retries."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    name: str = Field(min_length=1, max_length=100)
    email: str | None = Field(default=None, max_length=254)
    clientId: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")

    _names = field_validator("name")(_one_line)
    _plain_names = field_validator("name")(no_encoded_words)

    _emails = field_validator("email")(optional_email)


class RemovePayload(BaseModel):
    """Body of POST .../removals: the RSVP to remove, and whether to block its address too."""

    model_config = ConfigDict(extra="forbid")

    attendee: AttendeeId
    reason: RemovalReason | None = Field(
        default=None, description="Why, as the email to the person says it: `duplicate` (it "
        "repeated another RSVP of theirs), `requirements` (it did not meet the event's), "
        "`fewer_spots` (the slot has fewer spots than planned); omitted: no reason given.")
    block: bool = Field(
        default=False, description="Also block the RSVP's address from the hosting "
        "organization's events, removing its other live RSVPs to their upcoming slots.")


class BlockPayload(BaseModel):
    """Body of POST .../blocks: the address to block, and whether to remove its live RSVPs."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    email: str = Field(min_length=1, max_length=320)
    removeRsvps: bool = Field(
        default=False, description="Also remove the address's live RSVPs to the "
        "organization's slots that have not started (each person is told by email).")

    _emails = field_validator("email")(normalize_email)


class UnblockPayload(BaseModel):
    """Body of POST .../unblock: the address to let RSVP again."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    email: str = Field(min_length=1, max_length=320)

    _emails = field_validator("email")(normalize_email)


class MessagePayload(BaseModel):
    """Body of POST .../messages: plain-text subject and body, and what to do with them."""

    model_config = ConfigDict(extra="forbid")

    subject: str = Field(min_length=1, max_length=150)
    body: str = Field(min_length=1, max_length=5000)
    includeWaitlist: bool = False
    preview: bool = False
    # Where replies go: the sender's own verified address, or the organization's listed contact.
    # A choice, never an address: nobody can have replies sent to an address of their own making.
    replyTo: Literal["me", "organization"] = Field(
        default="me", description="Where replies go: `me`, the sender's own verified address, "
        "or `organization`, the contact email its profile lists.")

    @field_validator("subject")
    @classmethod
    def _subject(cls, value: str) -> str:
        cleaned = no_encoded_words(_plain(value, multiline=False).strip())
        if not cleaned:
            raise ValueError("it must not be blank")
        return cleaned

    @field_validator("body")
    @classmethod
    def _body(cls, value: str) -> str:
        cleaned = _plain(value, multiline=True).strip("\n")
        if not cleaned.strip():
            raise ValueError("it must not be blank")
        return cleaned


# Answers.

class Organization(_Answer):
    """An organization: its slug and its name."""

    slug: str
    name: str


class MyRoles(_Answer):
    """GET /api/me/roles."""

    admin: bool
    organizations: list[Organization]


class OrganizerEntry(_Answer):
    """One organizer grant as the admin endpoints list it."""

    email: str
    name: str
    organization: Organization
    grantedAt: Moment


class Organizers(_Answer):
    """GET /api/admin/organizers."""

    organizers: list[OrganizerEntry]


class Granted(_Answer):
    """POST /api/admin/organizers: the new grant and a sentence saying so."""

    organizer: OrganizerEntry
    message: str


class Message(_Answer):
    """A sentence saying what was done."""

    message: str


class SlotSummary(_Answer):
    """A slot's times, capacity and counts (confirmed, waitlist, checked in)."""

    id: str
    time: str
    start: Moment
    end: Moment
    capacity: int | None
    confirmed: int
    waitlist: int
    checkedIn: int
    checkinOpen: bool


class OrganizedEvent(_Answer):
    """One event the person organizes, with its slots."""

    slug: str
    title: str
    organization: Organization
    date: str
    date_text: str
    past: bool
    path: str
    # The slug of the series this event is one date of (null for a one-off): the page groups by it.
    series: str | None
    slots: list[SlotSummary]
    followers: int = Field(description="How many people follow the hosting organization (a "
                           "number only: who they are is not shown).")


class OrganizedEvents(_Answer):
    """GET /api/organize/events: upcoming soonest first, then past newest first."""

    events: list[OrganizedEvent]


class EventBrief(_Answer):
    """The event a roster's slot belongs to."""

    slug: str
    title: str
    date_text: str
    location: str


class RosterSlot(SlotSummary):
    """A slot's summary with its event."""

    event: EventBrief


class Attendee(_Answer):
    """One person on a slot's roster (an RSVP or a walk-in)."""

    id: int
    name: str
    email: str | None
    phone: str | None
    rsvpAt: Moment
    status: RosterStatus
    position: int | None
    walkIn: bool
    checkedInAt: Moment | None
    hours: float | None
    hoursReason: str | None = Field(
        default=None, description="The organizer's reason for the hours, when one was given.")
    partySize: int = Field(ge=1, description="Seats the RSVP takes: the person and guests.")
    guests: list[str] = Field(
        description="The guests' names, or 'Guest 1 of <name>' for one not named.")
    present: int | None = Field(
        ge=1, description="How many of the party are checked in (null: not checked in).")
    consent: ConsentState | None = Field(
        description="A guardian's consent for a minor: awaiting, approved or declined; null "
        "when none was asked for.")


class ReplyChoices(_Answer):
    """Where replies to a message about the slot may go: the organizer's own address, and the
    organization's contact email (null when its profile lists none)."""

    me: str
    organization: str | None


class SlotRoster(_Answer):
    """GET /api/organize/slots/{slot_id}: the slot's counts, its roster, where replies may go."""

    slot: RosterSlot
    attendees: list[Attendee]
    replies: ReplyChoices


class AttendeeAnswer(_Answer):
    """The person a check-in, undo, walk-in or hours change was about, as they are now."""

    attendee: Attendee
    warning: str | None = Field(
        description="A sentence the organizer should read, such as a missing guardian's "
        "consent (the check-in is made all the same).")


class MessagePreview(_Answer):
    """POST .../messages with preview: how many it would reach and what they would read."""

    recipients: int
    subject: str
    body: str
    replyTo: str = Field(description="The address replies to the message go to.")


class MessageSent(_Answer):
    """POST .../messages: how many it is on its way to, as a sentence too."""

    recipients: int
    message: str


class Removed(_Answer):
    """POST .../removals: what was removed and who moved up, as a sentence too."""

    removed: int = Field(description="RSVPs removed (more than one when the address was "
                         "blocked and had others to the organization's events).")
    promoted: int = Field(description="Waiting parties moved up into the freed seats.")
    blocked: bool
    message: str


class BlockEntry(_Answer):
    """One blocked address of an organization."""

    email: str
    blockedAt: Moment


class Blocks(_Answer):
    """GET .../blocks: the organization's blocked addresses, newest first."""

    organization: Organization
    blocks: list[BlockEntry]


class Blocked(_Answer):
    """POST .../blocks: the block, how many live RSVPs it removed, and a sentence."""

    block: BlockEntry
    removed: int
    message: str
