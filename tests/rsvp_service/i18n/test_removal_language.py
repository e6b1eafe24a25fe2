"""A removal notice is written in the RSVP's language, whatever the organizer's (issue 41)."""

from __future__ import annotations

import httpx
from mail_testkit import Mailbox, arrived, body
from organize_testkit import KEEN, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings


async def test_a_removal_notice_is_in_the_rsvps_language(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann = await rsvp(TINY_SLOT, "Ann")
    await Rsvp.filter(id=ann.id).update(language="es")

    removed = await client.post(slot_path(TINY_SLOT, "/removals"),
                                headers={**kim, "Accept-Language": "bs"},
                                json={"attendee": ann.id, "reason": "duplicate"})

    assert removed.status_code == 200
    assert removed.headers["content-language"] == "bs"
    [notice] = await arrived(mailbox, "ann@example.org", "Se eliminó tu inscripción")
    assert notice["Content-Language"] == "es"
    assert ("El motivo del organizador: repetía otra inscripción tuya para este evento."
            in " ".join(body(notice).split()))
