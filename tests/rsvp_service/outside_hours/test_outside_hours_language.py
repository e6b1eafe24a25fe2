"""Hours asked in Spanish: the supervisor's email gives its date in Spanish (read from the raw
bytes with the compat32 parser), and a supervisor's refused adjustment is answered in the
language of their page."""

from __future__ import annotations

import httpx
from mail_testkit import Mailbox, read_raw
from outside_hours_testkit import LINK, SUPERVISOR, ask, volunteer
from service_testkit import eventually

from rsvp_service.i18n import gettext, speaking
from rsvp_service.outside_hours import supervisor
from rsvp_service.settings import Settings

SPANISH = {"Accept-Language": "es"}


async def test_a_request_made_in_spanish_is_asked_and_refused_in_spanish(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings)
    created = await ask(client, {**headers, **SPANISH})
    assert created.status_code == 201, created.text

    async def mailed() -> bool:
        return bool(mailbox.to(SUPERVISOR))
    await eventually(mailed)
    headers, parts = read_raw(mailbox.raw[-1])
    assert headers["Content-Language"] == "es"
    text = parts["text/plain"]
    assert "viernes, 28 de marzo de 2025" in text and "Friday" not in text
    found = LINK.search(text)
    assert found, text

    # The request asked 3 hours: 4 are refused in the page's language, with the number in.
    refused = await client.post("/api/hours-requests/adjust", headers=SPANISH,
                                json={"token": found.group(1), "hours": 4})
    with speaking("es"):
        spanish = gettext(supervisor.ADJUST_TOO_MANY).format(hours="3")
    assert spanish != supervisor.ADJUST_TOO_MANY.format(hours="3")
    assert (refused.status_code, refused.json()["error"]) == (422, spanish)
