"""GET /api/me/impact: the dashboard's numbers, badges and progress, from one list of entries.

Hours, events, organizations and badges count check-ins at CivicSTL's events (impact/summary.py);
the PVSA and the hours per kind of service read the record entries (impact/entries.py), which
add the hours served elsewhere that a supervisor confirmed by email.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_
from rsvp_service.impact.badges import badge_list
from rsvp_service.impact.bodies import Impact
from rsvp_service.impact.entries import listed_entries
from rsvp_service.impact.progress import bracket_of, pvsa, service_types
from rsvp_service.impact.summary import attended, total_hours
from rsvp_service.web import contract
from rsvp_service.web.contract import ErrorBody, endpoint

SIGN_IN = N_("Please log in to see your impact.")


@endpoint("GET", "/api/me/impact", responses={200: Impact}, errors={401: ErrorBody},
          auth="token",
          summary="Hours, events, organizations, attended slots, badges, PVSA and service types.")
async def my_impact(request: Request) -> Impact:
    """GET /api/me/impact: hours, events, organizations, attended slots, badges and progress."""
    user = await signed_in(request, SIGN_IN)
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(request.app.state.settings)
    entries = await attended(user, catalogue, now)
    listed = await listed_entries(user, catalogue, entries)
    today = now.astimezone(ZoneInfo(catalogue.timezone)).date()
    return Impact(
        hours=float(total_hours(entries)),
        events=len({entry.event for entry in entries}),
        organizations=len({entry.organization for entry in entries}),
        attended=[entry.listed() for entry in entries],
        badges=badge_list([entry.step() for entry in entries]),
        pvsa=pvsa(bracket_of(user), listed, catalogue, today),
        serviceTypes=service_types(listed),
    )


def routes() -> list[BaseRoute]:
    """Return the impact route."""
    return contract.routes(my_impact)
