"""Helpers of the consent tests: events that ask for a guardian's consent, a minor's RSVP, the
consent link in the guardian's email, and the release pass run at a moved clock.

The fixture events with `guardian_consent` on the two-seat Tiny Workshop (guest RSVPs) and on
the Inclusive Sports Clinic (account RSVPs); the Forest Park Cleanup does not ask.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
from organize_testkit import person
from service_testkit import TINY_SLOT, fixture_events, write_content
from starlette.applications import Starlette

from rsvp_service import clock
from rsvp_service.consent.release import ConsentReleaser
from rsvp_service.settings import Settings

LINK = re.compile(r"/consent\?token=([0-9]+-[a-z2-7]+)")
GUARDIAN = "parent@example.net"


def consent_content(folder: Path) -> Path:
    """Write the fixture events.json, with guardian consent asked on the workshop and the clinic.

    A test module runs on it by `pytest.mark.events(write=consent_content)`.
    """
    events = fixture_events()
    for record in events["slots"].values():
        record["guardian_consent"] = record["event"] in {"tiny-workshop",
                                                       "inclusive-sports-clinic"}
    return write_content(folder, events)


def minor(name: str, guardian: str = GUARDIAN, **more: Any) -> dict[str, Any]:
    """A minor's RSVP to the two-seat workshop, with a guardian's address."""
    return {"eventId": TINY_SLOT, "email": f"{name}@example.org", "firstName": name.title(),
            "lastName": "Lee", "under18": True, "guardianEmail": guardian} | more


async def minor_rsvps(client: httpx.AsyncClient, settings: Settings, name: str,
                      **more: Any) -> httpx.Response:
    """`name` (a new verified account: minors need one) posts `minor(name, **more)`."""
    _, headers = await person(settings, name)
    return await client.post("/api/rsvp", json=minor(name, **more), headers=headers)


async def release_after(app: Starlette, settings: Settings, hours: float) -> None:
    """Run one pass of the release job with the clock moved `hours` past the pinned moment."""
    later = clock.now(settings) + timedelta(hours=hours)
    moved = settings.model_copy(update={"civic_now": later})
    releaser = ConsentReleaser(moved, lambda: app.state.catalogue, lambda: None)
    await releaser.run_pass()
