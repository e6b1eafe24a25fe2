"""Request and response bodies of hours served elsewhere: the volunteer's request and list, and
the supervisor's page (what is asked, and the answer)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.models import ServiceType
from rsvp_service.accounts.bodies import has_control_characters, no_encoded_words
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.i18n import N_
from rsvp_service.web.contract import STRIPPED

# Where a request stands, as the volunteer sees it ("delivered": our outbox sent the email;
# "undelivered": the outbox gave up on it or holds it for an operator).
RequestState = Literal["sent", "delivered", "undelivered", "opened", "confirmed", "adjusted",
                       "declined", "expired", "withdrawn"]
Clock = str  # "HH:MM", 24-hour
# Reasons of a refused field, as the field's sentence completes them ("… is invalid: <reason>.").
ONE_LINE = N_("it must not contain control characters or line breaks.")
NO_LINKS = N_("it must not contain a web address; please describe it in words.")


def one_line(value: str) -> str:
    """Return text for one line (a name, an organization), refusing control characters."""
    if has_control_characters(value):
        raise ValueError(ONE_LINE.rstrip("."))
    return value


# Web addresses: a scheme, "www.", or a host with a common top-level domain or a path. A request
# mails a stranger, so a link in it would be a phishing link carried by our domain's mail.
WEB_ADDRESS = re.compile(
    r"https?:|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:[a-z]{2,}/|(?:com|org|net|edu|gov|io|co|"
    r"us|info|biz|me|ly|app|xyz|site|online|link|click|top|ru|cn|tk)\b)", re.IGNORECASE)


def no_web_address(value: str) -> str:
    """Return text that holds no web address (a link in our email to a stranger)."""
    if WEB_ADDRESS.search(value):
        raise ValueError(NO_LINKS.rstrip("."))
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", **STRIPPED)


class NewOutsideHours(_Strict):
    """Hours served outside CivicSTL, for the named supervisor to confirm."""

    organization: str = Field(min_length=1, max_length=200)
    date: dt.date = Field(description="The day served (not in the future, within 12 months).")
    start: Clock = Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$",
                         description="Start time, HH:MM (24-hour), local time.")
    end: Clock = Field(pattern=r"^([01][0-9]|2[0-3]):[0-5][0-9]$",
                       description="End time, HH:MM (24-hour), the same day.")
    description: str = Field(min_length=1, max_length=1000, description="What you did.")
    service_type: ServiceType = "other"
    supervisor_name: str = Field(min_length=1, max_length=200)
    supervisor_email: str = Field(min_length=3, max_length=320)
    honesty: Literal[True] = Field(description="I confirm these hours are true and complete.")
    not_relative: Literal[True] = Field(description="The supervisor is an adult who is not my "
                                        "relative.")

    _emails = field_validator("supervisor_email")(normalize_email)
    _lines = field_validator("organization", "supervisor_name")(one_line)
    _no_links = field_validator("organization", "description")(no_web_address)
    # The supervisor's name goes into the To header: no encoded words (mail programs decode them).
    _plain = field_validator("supervisor_name")(no_encoded_words)


class OutsideHoursItem(BaseModel):
    """One request as its volunteer sees it."""

    model_config = ConfigDict(extra="forbid")

    id: int
    organization: str
    date: dt.date
    start: dt.datetime
    end: dt.datetime
    hours: float = Field(description="As asked.")
    confirmed_hours: float | None = Field(description="As the supervisor confirmed them.")
    description: str
    service_type: str
    supervisor_name: str
    state: RequestState
    created_at: dt.datetime
    answered_at: dt.datetime | None
    supervisor_role: str | None
    supervisor_note: str | None


class MyOutsideHours(BaseModel):
    """The volunteer's requests, newest first."""

    model_config = ConfigDict(extra="forbid")

    requests: list[OutsideHoursItem]


class Withdrawn(BaseModel):
    """The request is withdrawn: its link now says so."""

    model_config = ConfigDict(extra="forbid")

    message: str


class HoursAskedPreview(BaseModel):
    """What the supervisor's link asks, and whether it still can be answered."""

    model_config = ConfigDict(extra="forbid")

    volunteer: str
    organization: str
    date: dt.date
    time: str
    hours: float
    description: str
    service_type: str
    supervisor_name: str
    state: Literal["awaiting", "answered", "expired", "withdrawn"]


class SupervisorAnswer(_Strict):
    """The supervisor's answer: one model for all four buttons (the form posts any of them)."""

    token: str = Field(min_length=1, max_length=200, description="The link's token.")
    hours: float | None = Field(default=None, gt=0, le=24,
                                description="Adjust: the hours served, more than 0, at most 24.")
    role: str | None = Field(default=None, max_length=200, description="Your role there.")
    note: str | None = Field(default=None, max_length=1000,
                             description="A note (adjust) or a reason (decline).")

    _lines = field_validator("role")(lambda value: value if value is None else one_line(value))


class Answered(BaseModel):
    """The answer is recorded."""

    model_config = ConfigDict(extra="forbid")

    answer: Literal["confirmed", "adjusted", "declined", "not_me"]
    message: str


class ExportedRequest(BaseModel):
    """One request in the account's export: every column stored."""

    model_config = ConfigDict(extra="forbid")

    organization: str
    date: dt.date
    start: dt.datetime
    end: dt.datetime
    hours: float
    description: str
    service_type: str
    supervisor_name: str
    supervisor_email: str | None = Field(description="Kept while the request waits, and with "
                                         "confirmed hours; forgotten when it ends otherwise.")
    honesty_accepted_at: dt.datetime
    not_relative: bool
    created_at: dt.datetime
    opened_at: dt.datetime | None
    reminded_at: dt.datetime | None
    answered_at: dt.datetime | None
    answer: str | None
    confirmed_hours: float | None
    supervisor_role: str | None
    supervisor_note: str | None
    language: str = Field(description="The language the supervisor's email is written in.")
