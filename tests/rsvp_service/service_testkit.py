"""Constants and the fixture events document shared by the RSVP service tests."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from typing import Any

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
CIVIC_NOW_OPEN = "2025-04-01T12:00:00-05:00"
TEST_SECRET_KEY = "test-secret-key-" + "x" * 40

GUEST_SLOT = "forest-park-cleanup-1-00pm-3-00pm"
CLINIC_SLOTS = [
    "inclusive-sports-clinic-1-00-1-50-pm",
    "inclusive-sports-clinic-2-00-2-50-pm",
    "inclusive-sports-clinic-3-00-3-50-pm",
]
TINY_SLOT = "tiny-workshop-6-00-7-00-pm"


def _slot(event: dict[str, Any], time: str, start: str, end: str, capacity: int | None) -> dict:
    slot_id = f"{event['slug']}-" + "-".join(time.lower().replace(":", " ").split())
    return {"id": slot_id, "time": time, "start": start, "end": end, "capacity": capacity}


def fixture_events() -> dict[str, Any]:
    """Return an events.json document shaped like the generator's output."""
    clinic = {
        "slug": "inclusive-sports-clinic",
        "title": "Inclusive Sports Clinic",
        "description": "Adaptive sports for every ability.",
        "host": {"slug": "keenstl", "name": "KEEN St. Louis", "link": "/keenstl"},
        "date": "2025-07-27",
        "date_text": "July 27, 2025",
        "time_text": "1:00-3:50 PM",
        "location": "Forest Park, St. Louis, MO",
        "rsvp": "account",
        "start": "2025-07-27T13:00:00-05:00",
        "end": "2025-07-27T15:50:00-05:00",
    }
    clinic["slots"] = [
        _slot(clinic, f"{h}:00-{h}:50 PM", f"2025-07-27T1{h + 2}:00:00-05:00",
              f"2025-07-27T1{h + 2}:50:00-05:00", None)
        for h in (1, 2, 3)
    ]
    cleanup = {
        "slug": "forest-park-cleanup",
        "title": "Forest Park Cleanup",
        "description": "Help keep Forest Park beautiful.",
        "host": {"slug": "forest-park-forever", "name": "Forest Park Forever", "link": "/fpf"},
        "date": "2025-04-27",
        "date_text": "April 27, 2025",
        "time_text": "1:00PM-3:00PM",
        "location": "Forest Park, St. Louis, MO",
        "rsvp": "guest",
        "start": "2025-04-27T13:00:00-05:00",
        "end": "2025-04-27T15:00:00-05:00",
    }
    cleanup["slots"] = [_slot(cleanup, "1:00PM-3:00PM", cleanup["start"], cleanup["end"], None)]
    tiny = {
        "slug": "tiny-workshop",
        "title": "Tiny Workshop",
        "description": "Only two seats.",
        "host": {"slug": "keenstl", "name": "KEEN St. Louis", "link": "/keenstl"},
        "date": "2025-05-01",
        "date_text": "May 1, 2025",
        "time_text": "6:00-7:00 PM",
        "location": "Central Library",
        "rsvp": "guest",
        "start": "2025-05-01T18:00:00-05:00",
        "end": "2025-05-01T19:00:00-05:00",
    }
    tiny["slots"] = [_slot(tiny, "6:00-7:00 PM", tiny["start"], tiny["end"], 2)]
    events = [cleanup, tiny, clinic]
    slots = {
        slot["id"]: {
            "event": event["slug"],
            "title": event["title"],
            "time": slot["time"],
            "date": event["date"],
            "date_text": event["date_text"],
            "timezone": "America/Chicago",
            "start": slot["start"],
            "end": slot["end"],
            "capacity": slot["capacity"],
            "rsvp": event["rsvp"],
            "location": event["location"],
            "host_name": event["host"]["name"],
        }
        for event in events
        for slot in event["slots"]
    }
    return {
        "timezone": "America/Chicago",
        "guest_rsvp_event": "forest-park-cleanup",
        "events": events,
        "slots": slots,
    }


async def eventually(check: Callable[[], Awaitable[bool]], seconds: float = 10.0) -> None:
    """Poll an async condition until it holds; fail after `seconds`."""
    for _ in range(int(seconds / 0.05)):
        if await check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"condition still false after {seconds} s")
