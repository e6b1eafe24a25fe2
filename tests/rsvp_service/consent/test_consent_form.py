"""The guardian's consent page with JavaScript off: its link carries the token in the query and
its two buttons (name="answer") post to the link's own URL; a GET decides nothing."""

from __future__ import annotations

import httpx
import pytest
from consent_testkit import GUARDIAN, LINK, consent_content, minor_rsvps
from form_testkit import sentence
from mail_testkit import Mailbox, arrived, token_in

from rsvp_service.consent.forms import PICK_ONE, UNREAD_LINK
from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.consent.routes import APPROVED, BAD_LINK, DECLINED, USED
from rsvp_service.rsvps.models import RsvpStatus
from rsvp_service.settings import Settings
from rsvp_service.web.forms import FOREIGN_FORM

pytestmark = [pytest.mark.sqlite_only, pytest.mark.events(write=consent_content)]


async def asked(client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
                name: str = "mia") -> str:
    """A minor RSVPs; return the token of the guardian's link (in its query)."""
    assert (await minor_rsvps(client, settings, name)).status_code == 201
    [mail] = await arrived(mailbox, GUARDIAN, "Guardian consent asked")
    return token_in(mail, LINK)


async def state() -> tuple[Decision | None, RsvpStatus]:
    record = await GuardianConsent.get().select_related("rsvp")
    return record.decision, record.rsvp.status


async def test_the_guardian_approves_with_the_pages_button(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings)

    for refused, status, said in (({"answer": "maybe"}, 422, PICK_ONE),
                                  ({"go": ""}, 422, PICK_ONE)):
        page = await client.post(f"/consent?token={token}", data=refused)
        assert (page.status_code, sentence(page)) == (status, said)
    foreign = await client.post(f"/consent?token={token}", data={"answer": "approve"},
                                headers={"origin": "null", "sec-fetch-site": "cross-site"})
    assert (foreign.status_code, sentence(foreign)) == (403, FOREIGN_FORM)
    assert await state() == (None, RsvpStatus.CONFIRMED)

    page = await client.post(f"/consent?token={token}", data={"answer": "approve"})
    assert (page.status_code, sentence(page)) == (200, APPROVED)
    assert await state() == (Decision.APPROVED, RsvpStatus.CONFIRMED)
    again = await client.post(f"/consent?token={token}", data={"answer": "decline"})
    assert (again.status_code, sentence(again)) == (410, USED)
    assert await state() == (Decision.APPROVED, RsvpStatus.CONFIRMED)


async def test_the_guardian_declines_and_a_bad_link_is_refused(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings)
    bad = await client.post(f"/consent?token={token}x", data={"answer": "decline"})
    assert (bad.status_code, sentence(bad)) == (404, BAD_LINK)
    missing = await client.post("/consent", data={"answer": "decline"})
    assert (missing.status_code, sentence(missing)) == (422, UNREAD_LINK)

    page = await client.post(f"/consent?token={token}", data={"answer": "decline"})
    assert (page.status_code, sentence(page)) == (200, DECLINED)
    assert await state() == (Decision.DECLINED, RsvpStatus.CANCELLED)
