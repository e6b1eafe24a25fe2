"""Response bodies of the impact and service-hours record endpoints (their wire names).

The request bodies (what a new record holds, the age bracket) are in impact/requests.py.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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


AgeBracket = Literal["11-15", "16-25", "26+"]


class PvsaLevel(_Answer):
    """One level of the President's Volunteer Service Award for a bracket."""

    level: Literal["bronze", "silver", "gold"]
    hours: int


class Pvsa(_Answer):
    """The PVSA within reach: hours attested in the last 12 months against the bracket's levels.

    `bracket` is null until the volunteer says it (then `levels`, `reached` and `next` are
    empty or null); `partners` are the organizations on CivicSTL that certify the award.
    """

    bracket: AgeBracket | None
    hours: float
    since: date
    levels: list[PvsaLevel]
    reached: PvsaLevel | None
    next: PvsaLevel | None
    hoursToNext: float | None
    partners: list[Organization]


class ServiceTypeHours(_Answer):
    """Hours served in one kind of service (all time)."""

    serviceType: str
    hours: float


class Impact(_Answer):
    """GET /api/me/impact: verified hours, events, organizations, attended slots and badges,
    the PVSA within reach and the hours per kind of service."""

    hours: float
    events: int
    organizations: int
    attended: list[AttendedSlot]
    badges: list[EarnedBadge]
    pvsa: Pvsa
    serviceTypes: list[ServiceTypeHours]


class Attestation(_Answer):
    """Who attests an entry: the organizer who checked the volunteer in at the event
    (`check-in`), or the supervisor who confirmed it from their email (`email`)."""

    method: Literal["check-in", "email"]
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
    # The entry's stable id: the slot's id for a check-in (the impact list's eventId).
    id: str | None = None
    # Set on records issued for the A+ Scholarship only: tutoring or mentoring.
    a_plus_eligible: bool | None = None


class HoursEntries(_Answer):
    """GET /api/me/hours-entries: the entries a record of the period would hold, with ids."""

    entries: list[RecordEntry]


class RecordPeriod(_Answer):
    """The period a record covers: `from` and `to` dates inclusive (null for `all`)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    kind: Literal["school-year", "last-12-months", "custom", "all"]
    start: date | None = Field(alias="from")
    end: date | None = Field(alias="to")


Purpose = Literal["school", "nhs", "pvsa", "a-plus", "other"]


class RecordSnapshot(_Answer):
    """What a record stores when it is issued: the name, the entries, period and purpose then.

    Records issued before issue 40's item 3 have no period nor purpose (null).
    """

    name: str
    entries: list[RecordEntry]
    period: RecordPeriod | None = None
    purpose: Purpose | None = None
    # The owner's language when it was issued: its PDF is written in it (English before 41).
    language: str = "en"


class Checked(_Answer):
    """What CivicSTL checked about a record's entries and what it did not, as sentences
    (the same words on the page, in the PDF and in the CSV), and the purpose's note."""

    checked: list[str]
    notChecked: list[str]
    note: str | None


class PublicRecord(_Answer):
    """A service-hours record as anyone with its code sees it (the issued snapshot)."""

    code: str
    name: str
    issuedAt: Moment
    hours: float
    entries: list[RecordEntry]
    revoked: bool
    period: RecordPeriod | None
    purpose: Purpose | None
    checked: Checked


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
    period: RecordPeriod | None
    purpose: Purpose | None


class AgeBracketSet(_Answer):
    """PUT /api/me/age-bracket: the bracket now kept (null: none)."""

    ageBracket: AgeBracket | None


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
