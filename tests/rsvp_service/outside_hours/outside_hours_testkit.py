"""Helpers of the outside-hours tests: a volunteer's request, the supervisor's email and the
token of its link, and the reminder and expiry pass run at a moved clock.

The pinned clock (CIVIC_NOW_OPEN) is Tuesday 1 April 2025, noon in St. Louis; the requests are
for the Friday before.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import httpx
from mail_testkit import Mailbox, arrived, token_in
from organize_testkit import person
from starlette.applications import Starlette

from rsvp_service import clock
from rsvp_service.outside_hours.passes import OutsideHoursPass
from rsvp_service.settings import Settings

LINK = re.compile(r"/hours-request\?token=([0-9]+-[a-z2-7]+)&act=confirm")
SUPERVISOR = "dana.boss@shelter.example.org"
ASKED = "Action requested: confirm hours for"


def outside(supervisor: str = SUPERVISOR, **more: Any) -> dict[str, Any]:
    """A request body: three hours at a food pantry last Friday."""
    return {"organization": "Northside Food Pantry", "date": "2025-03-28", "start": "09:00",
            "end": "12:00", "description": "Sorted donations and packed boxes.",
            "service_type": "food_security", "supervisor_name": "Dana Boss",
            "supervisor_email": supervisor, "honesty": True, "not_relative": True} | more


async def volunteer(settings: Settings, name: str = "mia", **more: Any) -> dict[str, str]:
    """A new verified account's token header (its address: `name`@example.org)."""
    _, headers = await person(settings, name, **more)
    return headers


async def ask(client: httpx.AsyncClient, headers: dict[str, str], **more: Any) -> httpx.Response:
    """POST one request for the signed-in volunteer."""
    return await client.post("/api/me/outside-hours", json=outside(**more), headers=headers)


async def asked(client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
                name: str = "mia", supervisor: str = SUPERVISOR) -> str:
    """`name` asks the supervisor; return the token of the emailed link."""
    response = await ask(client, await volunteer(settings, name), supervisor=supervisor)
    assert response.status_code == 201, response.text
    [mail] = await arrived(mailbox, supervisor, ASKED)
    return token_in(mail, LINK)


async def states(client: httpx.AsyncClient, headers: dict[str, str]) -> list[str]:
    """The states of the volunteer's requests, newest first."""
    response = await client.get("/api/me/outside-hours", headers=headers)
    assert response.status_code == 200, response.text
    return [item["state"] for item in response.json()["requests"]]


async def pass_after(app: Starlette, settings: Settings, days: float) -> None:
    """Run one reminder and expiry pass with the clock moved `days` past the pinned moment."""
    later = clock.now(settings) + timedelta(days=days)
    moved = settings.model_copy(update={"civic_now": later})
    await OutsideHoursPass(moved, lambda: app.state.catalogue, lambda: None).run_pass()
