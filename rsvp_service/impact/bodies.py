"""Response bodies of the impact and service-hours record endpoints (their wire names).

None of these endpoints takes a body: the record ones name the record by the code in the path.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rsvp_service.organize.bodies import Organization
from rsvp_service.web.contract import ErrorBody, Moment


class _Answer(BaseModel):
    """Base of the answers: nothing but the declared fields goes out."""

    model_config = ConfigDict(extra="forbid")


class EarnedBadge(_Answer):
    """A badge, whether (and when) the volunteer earned it, and its emblem (SVG)."""

    id: str
    name: str
    description: str
    earned: bool
    earnedAt: Moment | None
    svg: str


class AttendedSlot(_Answer):
    """One slot the volunteer was checked in at; `eventId` is the slot's id."""

    eventId: str
    title: str
    organization: Organization
    date: str
    date_text: str
    hours: float


class Impact(_Answer):
    """GET /api/me/impact: verified hours, events, organizations, attended slots and badges."""

    hours: float
    events: int
    organizations: int
    attended: list[AttendedSlot]
    badges: list[EarnedBadge]


class Attestation(_Answer):
    """Who attests an entry: the organizer who checked the volunteer in, at the event."""

    method: Literal["check-in"]
    name: str
    role: str
    organization: str
    email: str | None
    at: Moment


class RecordEntry(_Answer):
    """One attended slot in a record, as it was when the record was issued.

    The fields after `hours` came with issue 40: records issued before have none of them, and
    their entries still load (and verify) with the defaults.
    """

    title: str
    organization: str
    date: str
    date_text: str
    hours: float
    time: str | None = None
    start: Moment | None = None
    end: Moment | None = None
    service_type: str | None = None
    attestation: Attestation | None = None


class RecordSnapshot(_Answer):
    """What a record stores when it is issued: the name and the entries then."""

    name: str
    entries: list[RecordEntry]


class PublicRecord(_Answer):
    """A service-hours record as anyone with its code sees it (the issued snapshot)."""

    code: str
    name: str
    issuedAt: Moment
    hours: float
    entries: list[RecordEntry]
    revoked: bool


class RecordCreated(_Answer):
    """POST /api/me/hours-records: the new record, its code and its public link."""

    code: str
    url: str
    record: PublicRecord


class RecordListing(_Answer):
    """One of the volunteer's records in their list."""

    code: str
    url: str
    issuedAt: Moment
    revoked: bool
    hours: float


class MyRecords(_Answer):
    """GET /api/me/hours-records: newest first."""

    records: list[RecordListing]


class RecordNowRevoked(_Answer):
    """POST /api/me/hours-records/{code}/revoke."""

    message: str
    revoked: Literal[True]


class RecordRevoked(ErrorBody):
    """410 from a revoked record's public link: the sentence, and `revoked: true`."""

    revoked: Literal[True]
