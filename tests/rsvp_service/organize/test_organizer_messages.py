"""Organizers message a slot: preview, delivery through the outbox, waitlist option, limit, log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from conftest import Mailbox
from organize_testkit import KEEN, MakeClient, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.rsvps.models import OutboxMessage
from rsvp_service.settings import Settings

BODY = "Hi all,\nPark in the north lot.\n\nBring water & a hat <3"


def message(**more: Any) -> dict[str, Any]:
    """A message body as the organizer page sends it."""
    return {"subject": "Parking for Saturday", "body": BODY, "includeWaitlist": False,
            "preview": False} | more


async def test_preview_shows_the_email_and_sends_nothing(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    await rsvp(TINY_SLOT, "Wes", waitlist=True)
    outbox_before = await OutboxMessage.all().count()

    seated = await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers,
                               json=message(preview=True))
    everyone = await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers,
                                 json=message(preview=True, includeWaitlist=True))

    assert seated.status_code == 200
    preview = seated.json()
    assert preview["recipients"] == 2 and everyone.json()["recipients"] == 3
    assert preview["subject"] == "KEEN St. Louis: Parking for Saturday"
    assert preview["body"].startswith(BODY + "\n\n--\nKEEN St. Louis sent you this message")
    assert "Tiny Workshop, May 1, 2025, 6:00-7:00 PM." in preview["body"]
    assert await OutboxMessage.all().count() == outbox_before
    assert not await OrganizerMessage.all().exists()


async def test_send_reaches_each_person_once_and_is_logged(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    kim, headers = await person(settings, "kim", organizes=(KEEN,))
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    await rsvp(TINY_SLOT, "Wes", waitlist=True)
    await mailbox.wait_for(3)  # the RSVP emails
    preview = (await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers,
                                 json=message(preview=True, includeWaitlist=True))).json()

    response = await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers,
                                 json=message(includeWaitlist=True))

    assert response.status_code == 202
    assert response.json() == {"recipients": 3,
                               "message": "Your message is on its way to 3 people."}
    await mailbox.wait_for(6)
    sent = [m for m in mailbox.messages if m["Subject"] == preview["subject"]]
    assert sorted(m["To"].addresses[0].addr_spec for m in sent) == [
        "ann@example.org", "bo@example.org", "wes@example.org"]
    text = sent[0].get_body(("plain",))
    html = sent[0].get_body(("html",))
    assert text is not None and html is not None
    assert text.get_content().replace("\r\n", "\n") == preview["body"]
    assert "Bring water &amp; a hat &lt;3" in html.get_content()
    [logged] = await OrganizerMessage.all()
    assert (logged.sender_id, logged.slot_id, logged.organization, logged.subject, logged.body,
            logged.recipients, logged.include_waitlist) == (
        kim.id, TINY_SLOT, KEEN, "Parking for Saturday", BODY, 3, True)


async def test_sends_are_rate_limited_per_organizer(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    settings = make_settings(rate_limit_scale=0.2)  # 2 messages an hour
    async with make_client(settings) as client:
        _, headers = await person(settings, "kim", organizes=(KEEN,))
        await rsvp(TINY_SLOT, "Ann")
        path = slot_path(TINY_SLOT, "/messages")

        answers = [await client.post(path, headers=headers, json=message()) for _ in range(3)]
        preview = await client.post(path, headers=headers, json=message(preview=True))

        assert [a.status_code for a in answers] == [202, 202, 429]
        assert answers[2].json()["error"].startswith(
            "You have sent as many messages as we allow in an hour. Please wait ")
        assert int(answers[2].headers["retry-after"]) > 0
        assert preview.status_code == 200
        assert await OrganizerMessage.all().count() == 2


async def test_bad_messages_are_refused_and_nothing_is_queued(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    path = slot_path(TINY_SLOT, "/messages")
    nobody = await client.post(path, headers=headers, json=message())
    await rsvp(TINY_SLOT, "Ann")
    queued = await OutboxMessage.all().count()
    cases = [
        (message(subject=""), "The field 'subject' must not be empty."),
        (message(subject="   "), "The field 'subject' is invalid: it must not be blank."),
        (message(subject="Hi\nBcc: x@evil.org"),
         "The field 'subject' is invalid: it must not contain control characters or line "
         "breaks."),
        (message(subject="x" * 151), "The field 'subject' must be at most 150 characters long."),
        (message(body="x" * 5001), "The field 'body' must be at most 5000 characters long."),
        (message(body="a\x00b"), "The field 'body' is invalid: it must not contain control "
         "characters."),
        (message(html="<b>"), "The field 'html' is not allowed."),
        ({"subject": "Hi"}, "The field 'body' is required."),
    ]
    for body, sentence in cases:
        response = await client.post(path, headers=headers, json=body)
        assert (response.status_code, response.json()["error"]) == (422, sentence)

    assert nobody.status_code == 409
    assert nobody.json()["error"].startswith("Nobody on this slot's roster has an email address")
    assert await OutboxMessage.all().count() == queued
    assert not await OrganizerMessage.all().exists()
