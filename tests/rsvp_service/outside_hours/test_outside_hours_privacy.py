"""Hours requests are in the volunteer's export with every column; deleting the account deletes
them and their queued emails, and a pending request's link then answers that it is not valid."""

from __future__ import annotations

import httpx
import pytest
from mail_testkit import Mailbox, arrived, token_in
from outside_hours_testkit import ASKED, LINK, SUPERVISOR, ask, pass_after, volunteer
from starlette.applications import Starlette

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.outside_hours import supervisor
from rsvp_service.outside_hours.bodies import ExportedRequest
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.settings import Settings

pytestmark = pytest.mark.sqlite_only
SITE = {"Origin": "http://127.0.0.1:8000"}


async def test_the_export_lists_requests_and_deletion_ends_them(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings)
    assert (await ask(client, headers)).status_code == 201
    token = token_in((await arrived(mailbox, SUPERVISOR, ASKED))[0], LINK)
    await client.post("/api/hours-requests/preview", json={"token": token})

    export = (await client.get("/api/me/export", headers=headers)).json()
    [exported] = export["outside_hours"]
    assert set(exported) == set(ExportedRequest.model_fields)
    assert exported | {"supervisor_email": SUPERVISOR, "organization": "Northside Food Pantry",
                       "hours": 3.0, "answer": None, "not_relative": True,
                       "language": "en"} == exported
    assert exported["opened_at"] is not None

    # The reminder is queued and not yet sent when the account goes.
    await pass_after(app, settings, 3)
    deleted = await client.post("/api/me/delete", json={"confirm": "DELETE"},
                                headers={**headers, **SITE})
    assert deleted.status_code == 200, deleted.text
    assert await OutsideHoursRequest.all().count() == 0
    assert await OutboxMessage.filter(kind="outside_hours_request", sent_at=None).count() == 0
    gone = await client.post("/api/hours-requests/confirm", json={"token": token})
    assert (gone.status_code, gone.json()["error"]) == (404, supervisor.BAD_LINK)
