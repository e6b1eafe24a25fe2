"""The follows page's buttons with JavaScript off: confirm and unsubscribe post to the link's own
URL (`/follows?confirm=`, `/follows?unsubscribe=`); the other button does nothing."""

from __future__ import annotations

import httpx
import pytest
from follows_testkit import CONFIRM, KEEN, follow_content, follows
from form_testkit import sentence
from mail_testkit import Mailbox, arrived, token_in
from organize_testkit import person

from rsvp_service.follows.forms import NO_LINK, WRONG_BUTTON
from rsvp_service.follows.models import Follow, Follower
from rsvp_service.follows.preferences import UNSUBSCRIBED
from rsvp_service.follows.routes import BAD_LINK, CONFIRMED
from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.settings import Settings
from rsvp_service.web.forms import FOREIGN_FORM

pytestmark = [pytest.mark.sqlite_only, pytest.mark.events(write=follow_content)]


async def test_a_guest_confirms_with_the_pages_button(
    client: httpx.AsyncClient, mailbox: Mailbox,
) -> None:
    await follows(client, KEEN, email="gus@example.org")
    [mail] = await arrived(mailbox, "gus@example.org", "")
    token = token_in(mail, CONFIRM)

    wrong = await client.post(f"/follows?confirm={token}", data={"act": "unsubscribe"})
    assert (wrong.status_code, sentence(wrong)) == (422, WRONG_BUTTON["confirm"])
    foreign = await client.post(f"/follows?confirm={token}", data={"act": "confirm"},
                                headers={"origin": "https://evil.example"})
    assert (foreign.status_code, sentence(foreign)) == (403, FOREIGN_FORM)
    assert await Follow.filter(confirmed_at__isnull=False).count() == 0

    page = await client.post(f"/follows?confirm={token}", data={"act": "confirm"})
    assert (page.status_code, sentence(page)) == (200, CONFIRMED)
    assert await Follow.filter(confirmed_at__isnull=False).count() == 1


async def test_unsubscribing_with_the_pages_button(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, headers = await person(settings, "ann")
    await follows(client, KEEN, headers=headers)
    ann = await Follower.get(email="ann@example.org")
    token = tokens.sign(settings, Purpose.UNSUBSCRIBE, ann.id, ann.email)
    # The digest's List-Unsubscribe URL opened in a browser leads to the page, token in query.
    opened = await client.get(f"/api/follows/unsubscribe?token={token}")
    assert opened.headers["location"] == f"http://127.0.0.1:8000/follows?unsubscribe={token}"

    preferences = tokens.sign(settings, Purpose.PREFERENCES, ann.id, ann.email)
    wrong = await client.post(f"/follows?unsubscribe={token}", data={"act": "confirm"})
    assert (wrong.status_code, sentence(wrong)) == (422, WRONG_BUTTON["unsubscribe"])
    # A preferences link's token cannot stand in for an unsubscribe link's.
    forged = await client.post(f"/follows?unsubscribe={preferences}",
                               data={"act": "unsubscribe"})
    assert (forged.status_code, sentence(forged)) == (404, BAD_LINK)
    nothing = await client.post("/follows", data={"act": "unsubscribe"})
    assert (nothing.status_code, sentence(nothing)) == (404, NO_LINK)
    assert await Follow.filter(follower_id=ann.id).count() == 1

    page = await client.post(f"/follows?unsubscribe={token}", data={"act": "unsubscribe"})
    assert (page.status_code, sentence(page)) == (200, UNSUBSCRIBED)
    assert await Follow.filter(follower_id=ann.id).count() == 0
