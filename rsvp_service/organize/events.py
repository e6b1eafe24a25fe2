"""Organizer endpoints to look with: the organizer's events with their slots' counts, and a roster.

Writes (check-in, walk-ins, hours) are in `checkin`, the CSV export in `roster_csv` and
messages in `organizer_messages`; all of them check the role the same way (`roles`).
"""

from __future__ import annotations

from datetime import datetime

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service import clock
from rsvp_service.events import Catalogue, Slot
from rsvp_service.organize.roles import require_organizer
from rsvp_service.organize.roster import roster, slot_for_organizer, slot_summaries


def _event(catalogue: Catalogue, slug: str, slots: list[Slot], now: datetime,
           summaries: dict[str, dict[str, object]]) -> dict[str, object]:
    first = slots[0]
    host = catalogue.event_hosts.get(slug, "")
    return {
        "slug": slug,
        "title": first.title,
        "organization": {"slug": host, "name": catalogue.organizations.get(host, first.host_name)},
        "date": first.date,
        "date_text": first.date_text,
        "past": max(slot.end for slot in slots) <= now,
        "path": first.path,
        "slots": [summaries[slot.id] for slot in slots],
    }


async def my_events(request: Request) -> Response:
    """GET /api/organize/events: the events the person organizes, upcoming first, then past."""
    organizer = await require_organizer(request)
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(request.app.state.settings)
    events = {
        slug: sorted((catalogue.slots[slot_id] for slot_id in slot_ids), key=lambda s: s.start)
        for slug, slot_ids in catalogue.event_slots.items()
        if slot_ids and organizer.may_organize(catalogue.event_hosts.get(slug, ""))
    }
    summaries = await slot_summaries([slot for slots in events.values() for slot in slots], now)
    listed = [_event(catalogue, slug, slots, now, summaries) for slug, slots in events.items()]
    starts = {slug: slots[0].start for slug, slots in events.items()}
    upcoming = sorted((e for e in listed if not e["past"]), key=lambda e: starts[str(e["slug"])])
    past = sorted((e for e in listed if e["past"]), key=lambda e: starts[str(e["slug"])],
                  reverse=True)
    return JSONResponse({"events": upcoming + past})


async def slot_roster(request: Request) -> Response:
    """GET /api/organize/slots/{slot_id}: the slot with its counts and its roster."""
    _organizer, slot = await slot_for_organizer(request)
    now = clock.now(request.app.state.settings)
    summary = (await slot_summaries([slot], now))[slot.id]
    people = await roster(slot)
    return JSONResponse({
        "slot": {**summary, "event": {"slug": slot.event, "title": slot.title,
                                      "date_text": slot.date_text, "location": slot.location}},
        "attendees": [entry.as_json(slot, now) for entry in people],
    })


def routes() -> list[BaseRoute]:
    """Return the organizer's read-only routes."""
    return [
        Route("/api/organize/events", my_events, methods=["GET"]),
        Route("/api/organize/slots/{slot_id}", slot_roster, methods=["GET"]),
    ]
