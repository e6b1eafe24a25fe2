"""Request and response bodies of the volunteer's own-data endpoints: export and delete.

The export keeps the snake_case names it has always had (it is a file for the person, not an
API the site reads), and `eventId` where it names a slot.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rsvp_service.impact.bodies import RecordSnapshot
from rsvp_service.outside_hours.bodies import ExportedRequest
from rsvp_service.web.contract import Moment


class _Answer(BaseModel):
    """Base of the answers: nothing but the declared fields goes out."""

    model_config = ConfigDict(extra="forbid")


class DeletePayload(BaseModel):
    """Body of POST /api/me/delete: the password, or "DELETE" for accounts without one."""

    # Unknown fields are ignored, as they always were (not refused): the site may send more.
    password: str | None = Field(default=None, max_length=1024)
    confirm: str | None = Field(default=None, max_length=20)


class Deleted(_Answer):
    """POST /api/me/delete: a sentence saying the account is gone."""

    message: str


class ExportAccount(_Answer):
    """The account itself (never its password hash)."""

    id: int
    name: str
    email: str
    role: str
    is_verified: bool
    created_at: Moment
    age_bracket: str | None = Field(description="The PVSA age bracket the person gave.")
    language: str = Field(description="The account's language: its emails are written in it.")


class ExportRsvp(_Answer):
    """One RSVP of the person, with what it said and when things happened to it."""

    eventId: str
    event: str
    title: str
    status: str
    position: int | None
    first_name: str
    last_name: str
    phone: str | None
    created_at: Moment
    cancelled_at: Moment | None
    confirmed_at: Moment | None
    reminder_queued_at: Moment | None
    language: str = Field(
        description="The language the RSVP was made in: its emails are written in it.")


class ExportSession(_Answer):
    """One sign-in (a refresh-token family): when it began, ends, and whether it still works."""

    created_at: Moment
    expires_at: Moment
    revoked: bool


class ExportCheckIn(_Answer):
    """One check-in of the person, with its hours."""

    eventId: str
    event: str
    organization: str
    checked_in_at: Moment | None
    walk_in: bool
    hours: float | None
    hours_reason: str | None = Field(
        default=None, description="The organizer's reason for the hours, when one was given.")
    # Who attests the entry and what it was (issue 40), as kept with it; null on older rows.
    attested_name: str | None = None
    attested_role: str | None = None
    attested_email: str | None = None
    attested_organization: str | None = None
    service_type: str | None = None
    starts_at: Moment | None = None
    ends_at: Moment | None = None


class ExportHoursRecord(_Answer):
    """One service-hours record the person issued, with its snapshot."""

    issued_at: Moment
    revoked_at: Moment | None
    hours: float
    record: RecordSnapshot
    credential_id: str = Field(description="The id of the record's Open Badges credential "
                               "(the same at every download).")
    credential_status: str = Field(description="Where the credential's status is published: "
                                   "revoked once the record is revoked or the account deleted.")


class ExportRole(_Answer):
    """One organizer role the person holds."""

    organization: str
    granted_at: Moment


class ExportMessage(_Answer):
    """One message the person sent as an organizer."""

    eventId: str
    subject: str
    body: str
    recipients: int
    sent_at: Moment


class ExportFollow(_Answer):
    """An organization or cause the person follows (for the weekly digest)."""

    kind: str = Field(description="organization or cause.")
    target: str = Field(description="The organization's slug or the cause's name.")
    created_at: Moment
    confirmed_at: Moment | None
    language: str = Field(
        description="The language of the address's follows: its digests are written in it.")


class ExportConsent(_Answer):
    """A guardian's consent asked for one of the person's RSVPs: who, when, and the answer."""

    eventId: str
    guardian_email: str
    requested_at: Moment
    expires_at: Moment
    decided_at: Moment | None
    decision: str | None = Field(description="approved, declined, or null while awaited.")
    released_at: Moment | None = Field(
        description="When the held seat was released (declined, or not approved in time).")
    language: str = Field(description="The language the guardian's email is written in.")


class ExportGivenConsent(_Answer):
    """A consent the person was asked for as a guardian: for which slot, when, and the answer."""

    eventId: str
    title: str
    requested_at: Moment
    expires_at: Moment
    decided_at: Moment | None
    decision: str | None = Field(description="approved, declined, or null while awaited.")


class Export(_Answer):
    """GET /api/me/export: everything stored about the person, as a JSON download."""

    account: ExportAccount
    rsvps: list[ExportRsvp]
    sessions: list[ExportSession]
    check_ins: list[ExportCheckIn]
    hours_records: list[ExportHoursRecord]
    organizer_roles: list[ExportRole]
    messages_sent: list[ExportMessage]
    follows: list[ExportFollow]
    guardian_consents: list[ExportConsent]
    consents_given_as_guardian: list[ExportGivenConsent] = Field(
        description="Consents the person's verified address was asked for as a guardian, for "
        "someone else's RSVP.")
    outside_hours: list[ExportedRequest] = Field(
        description="Hours served elsewhere that the person asked a supervisor to confirm.")
