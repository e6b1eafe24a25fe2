"""Helpers for the organizer and impact tests: people with roles, RSVPs, and moving the clock.

The fixture events: KEEN St. Louis (`keenstl`) hosts TINY_SLOT (capacity 2, May 1 2025
6-7 PM) and the three CLINIC_SLOTS (July 27 2025, 50 minutes each, accounts only); Forest
Park Forever (`forest-park-forever`) hosts GUEST_SLOT (April 27 2025, 1-3 PM).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from math import ceil
from typing import Any

import httpx
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT, token_header

from rsvp_service.accounts.models import User
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.store import NewRsvp, add_rsvp
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import LIMITS

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
KEEN = "keenstl"
FOREST = "forest-park-forever"
# Moments inside each slot's check-in window (it opens 60 minutes before the start).
DURING_TINY = "2025-05-01T18:10:00-05:00"
DURING_GUEST = "2025-04-27T13:30:00-05:00"
DURING_CLINIC = "2025-07-27T13:20:00-05:00"
HOST_OF = {TINY_SLOT: KEEN, GUEST_SLOT: FOREST, **dict.fromkeys(CLINIC_SLOTS, KEEN)}
EVENT_OF = {TINY_SLOT: "tiny-workshop", GUEST_SLOT: "forest-park-cleanup",
            **dict.fromkeys(CLINIC_SLOTS, "inclusive-sports-clinic")}
CAPACITY_OF = {TINY_SLOT: 2}


async def person(settings: Settings, name: str, *, admin: bool = False,
                 organizes: tuple[str, ...] = (), verified: bool = True,
                 ) -> tuple[User, dict[str, str]]:
    """Create an account (admin, or organizer of some organizations) and its token header."""
    user = await User.create(name=f"{name.title()} Park", email=f"{name}@example.org",
                             is_verified=verified, role="admin" if admin else "volunteer")
    for slug in organizes:
        await OrganizerGrant.create(user_id=user.id, organization=slug,
                                    granted_at=datetime.now(UTC))
    return user, await token_header(settings, user.id)


async def rsvp(slot: str, name: str, *, user: User | None = None, last: str = "Lee",
               phone: str | None = "314-555-0100", waitlist: bool = False,
               guests: tuple[str, ...] = ()) -> Rsvp:
    """Store an RSVP through the RSVP store (as POST /api/rsvp does) and return its row."""
    email = user.email if user is not None else f"{name.lower()}@example.org"
    await add_rsvp(NewRsvp(
        slot_id=slot, event=EVENT_OF[slot], email=email, first_name=name, last_name=last,
        phone=phone, user_id=user.id if user else None, capacity=CAPACITY_OF.get(slot),
        created_at=datetime.now(UTC), waitlist=waitlist, guests=guests))
    return await Rsvp.get(slot_id=slot, active_email=email)


def at(settings: Settings, moment: str) -> None:
    """Move the service clock (CIVIC_NOW) of a running app to the moment given."""
    settings.civic_now = datetime.fromisoformat(moment)


def slot_path(slot: str, rest: str = "") -> str:
    """The organizer API path of a slot (and what follows it)."""
    return f"/api/organize/slots/{slot}{rest}"


def by_name(attendees: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A roster's attendees keyed by name."""
    return {entry["name"]: entry for entry in attendees}


# A twentieth of the per-account write limit: small enough that spending it never outlasts the
# limit's minute on a loaded machine.
WRITES_SCALE = 0.05
WRITES_BUDGET = ceil(int(LIMITS["account-write"].split("/")[0]) * WRITES_SCALE)


async def account_writes(make_settings: Callable[..., Settings], make_client: MakeClient,
                         method: str, path: str, body: dict[str, Any]) -> tuple[list[int], int]:
    """Spend one account's (scaled) write limit and one more; return its statuses and then the
    status of a neighbour's same request (the same IP, another account)."""
    settings = make_settings(rate_limit_scale=WRITES_SCALE)
    async with make_client(settings) as client:
        _, stolen = await person(settings, "mallory")
        _, neighbour = await person(settings, "nina")
        answers = [await client.request(method, path, headers=stolen, json=body)
                   for _ in range(WRITES_BUDGET + 1)]
        theirs = await client.request(method, path, headers=neighbour, json=body)
    return [answer.status_code for answer in answers], theirs.status_code


def over_the_limit(ok: int) -> list[int]:
    """The statuses of spending the scaled write limit and one more: `ok` each time, then 429."""
    return [ok] * WRITES_BUDGET + [429]
