"""Progress on the dashboard: the PVSA level within reach, hours per kind of service, and the
age bracket the award's levels depend on (asked as a bracket, never a birth date).

Both read the one list of entries (impact/entries.py), so hours confirmed by email count here
as soon as they join it. Every entry there is attested: check-ins were made by an organizer
signed in for the organization, including those from before attesters were named (issue 40),
so they count too. The award's window is the last 12 months ending today.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from typing import Literal

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_
from rsvp_service.impact.bodies import (
    AgeBracket,
    AgeBracketSet,
    Pvsa,
    PvsaLevel,
    RecordEntry,
    ServiceTypeHours,
)
from rsvp_service.impact.requests import AgeBracketPayload, period_of, within
from rsvp_service.organize.bodies import Organization
from rsvp_service.web import contract
from rsvp_service.web.contract import ErrorBody, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

SIGN_IN = N_("Please log in to set your age bracket.")
# The award's hours for bronze, silver and gold by age bracket (presidentialserviceawards.gov).
LEVELS: dict[AgeBracket, tuple[int, int, int]] = {
    "11-15": (50, 75, 100), "16-25": (100, 175, 250), "26+": (100, 250, 500)}
NAMES: tuple[Literal["bronze", "silver", "gold"], ...] = ("bronze", "silver", "gold")


def pvsa(bracket: AgeBracket | None, entries: Sequence[RecordEntry], catalogue: Catalogue,
         today: date) -> Pvsa:
    """The PVSA progress over the last 12 months for a bracket (levels empty without one)."""
    window = period_of("last-12-months", None, None, today)
    exact = total(entry.hours for entry in entries if within(window, entry.date))
    levels = [PvsaLevel(level=name, hours=needed)
              for name, needed in zip(NAMES, LEVELS[bracket], strict=True)] if bracket else []
    reached = [level for level in levels if exact >= level.hours]
    ahead = [level for level in levels if exact < level.hours]
    assert window.start is not None
    return Pvsa(
        bracket=bracket, hours=float(exact), since=window.start, levels=levels,
        reached=reached[-1] if reached else None, next=ahead[0] if ahead else None,
        hoursToNext=float(ahead[0].hours - exact) if ahead else None,
        partners=[Organization(slug=slug, name=catalogue.organizations.get(slug, slug))
                  for slug in sorted(catalogue.pvsa_certifying)])


def total(hours: Iterable[float]) -> Decimal:
    """Entries' hours (hundredths each) added exactly: a float sum may fall short of a level."""
    return sum((Decimal(str(value)) for value in hours), Decimal(0))


def service_types(entries: Sequence[RecordEntry]) -> list[ServiceTypeHours]:
    """Hours per kind of service, most first (entries older than kinds count as `other`)."""
    totals: dict[str, Decimal] = defaultdict(Decimal)
    for entry in entries:
        totals[entry.service_type or "other"] += Decimal(str(entry.hours))
    return [ServiceTypeHours(serviceType=kind, hours=float(hours))
            for kind, hours in sorted(totals.items(), key=lambda item: (-item[1], item[0]))]


def bracket_of(user: User) -> AgeBracket | None:
    """The user's stored bracket (None when unset)."""
    return user.age_bracket  # type: ignore[return-value]


@endpoint("PUT", "/api/me/age-bracket", body=AgeBracketPayload, responses={200: AgeBracketSet},
          errors={401: ErrorBody}, auth="token",
          limits=(Limit("account-write", key="account"),),
          summary="Set (or clear, with null) the user's age bracket for the PVSA.")
async def set_age_bracket(request: Request, body: AgeBracketPayload) -> AgeBracketSet:
    """PUT /api/me/age-bracket: keep the signed-in volunteer's bracket (never a birth date)."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    await User.filter(id=user.id).update(age_bracket=body.ageBracket)
    return AgeBracketSet(ageBracket=body.ageBracket)


def routes() -> list[BaseRoute]:
    """Return the age-bracket route."""
    return contract.routes(set_age_bracket)
