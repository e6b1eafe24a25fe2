"""Request bodies of the impact endpoints, and the period a record's request names, in dates.

A period is read by the service clock in the catalogue's time zone: a school year runs from
August 1 to July 31 and is the one containing today, the last 12 months end today, a custom
period is the volunteer's two dates (inclusive), and `all` has no bounds.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rsvp_service.i18n import N_
from rsvp_service.impact.bodies import AgeBracket, Purpose, RecordPeriod

PeriodKind = Literal["school-year", "last-12-months", "custom", "all"]
# About five years: a custom period longer than high school and a gap year is a mistake.
LONGEST = timedelta(days=5 * 366)
# How many entries a record may name: more than a volunteer serves in years of weekends.
MOST_ENTRIES = 1000
IN_THE_FUTURE = N_("The period cannot end after today. Choose an end date of today or earlier.")
PERIOD_ASKS = N_(
    "A custom period needs both a from date and a to date; other periods take "
    "neither. Choose the dates again.")


class RecordRequest(BaseModel):
    """POST /api/me/hours-records: what the record covers (no body: every verified entry)."""

    model_config = ConfigDict(extra="forbid")

    period: PeriodKind = Field(
        default="all", description="`school-year`: August 1 to July 31, the school year "
        "containing today by the service's clock and time zone; `last-12-months`: the 12 "
        "months ending today; `custom`: `from` to `to` inclusive (at most about five years, "
        "ending today at the latest); `all` (the default): every verified entry.")
    start: date | None = Field(default=None, alias="from",
                               description="With `custom` only: the first day.")
    end: date | None = Field(default=None, alias="to",
                             description="With `custom` only: the last day.")
    purpose: Purpose | None = Field(
        default=None, description="What the record is for: `school` service, `nhs`, `pvsa`, "
        "`a-plus` (tutoring and mentoring entries are marked) or `other`.")
    entries: list[Annotated[str, Field(max_length=200)]] | None = Field(
        default=None, min_length=1, max_length=MOST_ENTRIES,
        description="The ids of the entries to include (GET /api/me/hours-entries lists "
        "them); every entry of the period when absent.")

    @model_validator(mode="after")
    def _dates(self) -> Self:
        if (self.period == "custom") != (self.start is not None and self.end is not None) or (
                self.period != "custom" and (self.start or self.end)):
            raise ValueError(PERIOD_ASKS)
        if self.start and self.end:
            if self.start > self.end:
                raise ValueError("The period's from date comes after its to date. Swap them.")
            if self.end - self.start > LONGEST:
                raise ValueError("A custom period can cover at most five years. Choose a "
                                 "shorter one, or issue one record for each part.")
        return self


class EntriesQuery(BaseModel):
    """GET /api/me/hours-entries: the period (as a record's request names it)."""

    model_config = ConfigDict(extra="forbid")

    period: PeriodKind = "all"
    start: date | None = Field(default=None, alias="from")
    end: date | None = Field(default=None, alias="to")

    def record_request(self) -> RecordRequest:
        """The same period as a record's request (validated as one)."""
        return RecordRequest.model_validate(
            {"period": self.period, "from": self.start, "to": self.end})


class AgeBracketPayload(BaseModel):
    """PUT /api/me/age-bracket: the volunteer's age bracket (never a birth date); null clears it."""

    model_config = ConfigDict(extra="forbid")

    ageBracket: AgeBracket | None


def _year_ago(today: date) -> date:
    """The day after the same date a year before (February 29 counts from March 1)."""
    try:
        return today.replace(year=today.year - 1) + timedelta(days=1)
    except ValueError:
        return date(today.year - 1, 3, 1)


def period_of(kind: PeriodKind, start: date | None, end: date | None,
              today: date) -> RecordPeriod:
    """The dates a period covers on `today` (validated bodies only: custom has both dates)."""
    if kind == "school-year":
        first = date(today.year if today.month >= 8 else today.year - 1, 8, 1)
        return RecordPeriod(kind=kind, start=first, end=date(first.year + 1, 7, 31))
    if kind == "last-12-months":
        return RecordPeriod(kind=kind, start=_year_ago(today), end=today)
    if kind == "custom":
        return RecordPeriod(kind=kind, start=start, end=end)
    return RecordPeriod(kind=kind, start=None, end=None)


def within(period: RecordPeriod, day: str) -> bool:
    """Whether an entry's date (ISO) falls in the period."""
    when = date.fromisoformat(day)
    return ((period.start is None or period.start <= when)
            and (period.end is None or when <= period.end))
