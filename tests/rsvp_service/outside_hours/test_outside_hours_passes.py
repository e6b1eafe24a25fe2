"""A request unanswered 3 days after it was sent gets one reminder; after 14 days it expires,
the volunteer sees it expired, the supervisor's address is forgotten and the link says so.
The clock is moved, never slept on."""

from __future__ import annotations

import httpx
import pytest
from mail_testkit import Mailbox, arrived, recipients, token_in
from outside_hours_testkit import (
    ASKED,
    LINK,
    SUPERVISOR,
    ask,
    asked,
    pass_after,
    states,
    volunteer,
)
from service_testkit import eventually
from starlette.applications import Starlette

from rsvp_service.outside_hours import supervisor
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.settings import Settings

pytestmark = pytest.mark.sqlite_only
REMINDER = f"Reminder: {ASKED}"


async def test_one_reminder_after_three_days(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings)
    assert (await ask(client, headers)).status_code == 201
    answered = await asked(client, mailbox, settings, "bo", supervisor="lee@school.example.org")
    assert (await client.post("/api/hours-requests/confirm",
                              json={"token": answered})).status_code == 200
    await arrived(mailbox, SUPERVISOR, ASKED)

    await pass_after(app, settings, 2.9)
    assert (await OutsideHoursRequest.get(supervisor_name="Dana Boss", user__name="Mia Park")
            ).reminded_at is None
    for days in (3, 3.5, 5):
        await pass_after(app, settings, days)
    [reminder] = await arrived(mailbox, SUPERVISOR, REMINDER)
    assert str(reminder["Subject"]) == "Reminder: Action requested: confirm hours for Mia Park"

    async def both() -> bool:
        return recipients(mailbox)[SUPERVISOR] == 2
    await eventually(both)
    # The answered request is reminded of never; the waiting one once.
    assert recipients(mailbox)["lee@school.example.org"] == 1
    assert await states(client, headers) == ["delivered"]


async def test_a_request_expires_after_fourteen_days(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings)
    assert (await ask(client, headers)).status_code == 201
    token = token_in((await arrived(mailbox, SUPERVISOR, ASKED))[0], LINK)
    await pass_after(app, settings, 13.9)
    assert (await OutsideHoursRequest.get()).answer is None
    await pass_after(app, settings, 14)
    row = await OutsideHoursRequest.get()
    assert (row.answer, row.supervisor_email, row.supervisor_key) == ("expired", None, None)
    assert await states(client, headers) == ["expired"]
    late = await client.post("/api/hours-requests/confirm", json={"token": token})
    assert (late.status_code, late.json()["error"]) == (410, supervisor.EXPIRED)
    preview = await client.post("/api/hours-requests/preview", json={"token": token})
    assert preview.json()["state"] == "expired"
