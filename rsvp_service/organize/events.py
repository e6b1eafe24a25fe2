"""Organizer endpoints to look with: the organizer's events with their slots' counts, and a roster.

Writes (check-in, walk-ins, hours) are in `checkin`, removals and blocks in `removals`, the
CSV export in `roster_csv` and messages in `messages`; all of them check the role the same way
(`roles`).
"""

from __future__ import annotations

from datetime import datetime

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.events import Catalogue, Slot
from rsvp_service.follows.store import follower_counts
from rsvp_service.organize.bodies import (
    EventBrief,
    Organization,
    OrganizedEvent,
    OrganizedEvents,
    RosterSlot,
    SlotRoster,
    SlotSummary,
)
from rsvp_service.organize.messages import reply_choices
from rsvp_service.organize.roles import require_organizer
from rsvp_service.organize.roster import roster, slot_for_organizer, slot_summaries
from rsvp_service.web import contract
from rsvp_service.web.contract import ErrorBody, endpoint


def _event(catalogue: Catalogue, slug: str, slots: list[Slot], now: datetime,
           summaries: dict[str, SlotSummary], followers: dict[str, int]) -> OrganizedEvent:
    first = slots[0]
    host = catalogue.event_hosts.get(slug, "")
    return OrganizedEvent(
        slug=slug,
        title=first.title,
        organization=Organization(slug=host,
                                  name=catalogue.organizations.get(host, first.host_name)),
        date=first.date,
        date_text=first.date_text,
        past=max(slot.end for slot in slots) <= now,
        path=first.path,
        series=catalogue.occurrences[slug].series,
        slots=[summaries[slot.id] for slot in slots],
        followers=followers.get(host, 0),
    )


@endpoint("GET", "/api/organize/events", responses={200: OrganizedEvents},
          errors={401: ErrorBody, 403: ErrorBody}, auth="token",
          summary="The events the user organizes with their slots' counts: upcoming, then past.")
async def my_events(request: Request) -> OrganizedEvents:
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
    followers = await follower_counts(catalogue.event_hosts.get(slug, "") for slug in events)
    listed = [_event(catalogue, slug, slots, now, summaries, followers)
              for slug, slots in events.items()]
    starts = {slug: slots[0].start for slug, slots in events.items()}
    upcoming = sorted((e for e in listed if not e.past), key=lambda e: starts[e.slug])
    past = sorted((e for e in listed if e.past), key=lambda e: starts[e.slug], reverse=True)
    return OrganizedEvents(events=upcoming + past)


@endpoint("GET", "/api/organize/slots/{slot_id}", responses={200: SlotRoster},
          errors={401: ErrorBody, 403: ErrorBody, 404: ErrorBody}, auth="token",
          summary="A slot's counts and roster.")
async def slot_roster(request: Request) -> SlotRoster:
    """GET /api/organize/slots/{slot_id}: the slot with its counts and its roster."""
    organizer, slot = await slot_for_organizer(request)
    now = clock.now(request.app.state.settings)
    summary = (await slot_summaries([slot], now))[slot.id]
    people = await roster(slot)
    event = EventBrief(slug=slot.event, title=slot.title, date_text=slot.date_text,
                       location=slot.location)
    catalogue: Catalogue = request.app.state.catalogue
    return SlotRoster(slot=RosterSlot(**summary.model_dump(), event=event),
                      attendees=[entry.attendee(slot, now) for entry in people],
                      replies=reply_choices(organizer, catalogue, catalogue.host_of(slot)))


def routes() -> list[BaseRoute]:
    """Return the organizer's read-only routes."""
    return contract.routes(my_events, slot_roster)
