"""Organizers message a slot: preview, delivery through the outbox, waitlist option, limit, log."""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage
from typing import Any

import httpx
from mail_testkit import Mailbox
from organize_testkit import FOREST, KEEN, MakeClient, person, rsvp, slot_path
from service_testkit import GUEST_SLOT, KEEN_CONTACT, TINY_SLOT

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.organize.roles import NOT_VERIFIED
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
    assert preview["replyTo"] == "kim@example.org"
    assert "Replies to this email go to Kim Park at kim@example.org." in preview["body"]
    assert f"To reach KEEN St. Louis, write to {KEEN_CONTACT}." in preview["body"]
    assert "are not read" not in preview["body"]
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


def replies_to(copy: EmailMessage) -> tuple[str, str]:
    """The name and address of the delivered message's one Reply-To."""
    [address] = copy["Reply-To"].addresses
    return address.display_name, address.addr_spec


async def send_and_receive(client: httpx.AsyncClient, mailbox: Mailbox, headers: dict[str, str],
                           **more: Any) -> tuple[dict[str, Any], list[EmailMessage]]:
    """Preview and send a message to TINY_SLOT's two people; return the preview and the copies
    delivered (after the two RSVP emails)."""
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    path = slot_path(TINY_SLOT, "/messages")
    preview = await client.post(path, headers=headers, json=message(preview=True, **more))
    sent = await client.post(path, headers=headers, json=message(**more))
    assert (preview.status_code, sent.status_code) == (200, 202)
    messages = await mailbox.wait_for(4)
    return preview.json(), [m for m in messages if m["Subject"] == preview.json()["subject"]]


async def test_replies_go_to_the_sender_by_default(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))

    preview, sent = await send_and_receive(client, mailbox, headers)

    assert preview["replyTo"] == "kim@example.org"
    assert len(sent) == 2
    for copy in sent:
        assert replies_to(copy) == ("Kim Park", "kim@example.org")
        assert copy["From"] == settings.mail_from
        text = copy.get_body(("plain",))
        assert text is not None and text.get_content().replace("\r\n", "\n") == preview["body"]
    others = [m for m in mailbox.messages if m not in sent]
    assert len(others) == 2 and all(m["Reply-To"] is None for m in others)


async def test_replies_go_to_the_organization_when_the_organizer_chooses(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))

    preview, sent = await send_and_receive(client, mailbox, headers, replyTo="organization")

    assert preview["replyTo"] == KEEN_CONTACT
    assert f"Replies to this email go to KEEN St. Louis at {KEEN_CONTACT}." in preview["body"]
    # The contact is named once: replies already go to it.
    assert "To reach" not in preview["body"] and "kim@example.org" not in preview["body"]
    assert [replies_to(copy) for copy in sent] == [("KEEN St. Louis", KEEN_CONTACT)] * 2
    html = sent[0].get_body(("html",))
    assert html is not None and f'<a href="mailto:{KEEN_CONTACT}">' in html.get_content()


async def test_the_roster_says_where_replies_may_go(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN, FOREST))

    keen = await client.get(slot_path(TINY_SLOT), headers=headers)
    forest = await client.get(slot_path(GUEST_SLOT), headers=headers)

    assert keen.json()["replies"] == {"me": "kim@example.org", "organization": KEEN_CONTACT}
    assert forest.json()["replies"] == {"me": "kim@example.org", "organization": None}


async def test_replies_go_nowhere_else_and_nothing_is_queued(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN, FOREST))
    _, una = await person(settings, "una", organizes=(KEEN,), verified=False)
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(GUEST_SLOT, "Bo")
    queued = await OutboxMessage.all().count()
    cases = [
        (kim, TINY_SLOT, message(replyTo="evil@evil.example"), 422,
         "The field 'replyTo' must be 'me' or 'organization'."),
        (kim, TINY_SLOT, message(replyTo={"email": "evil@evil.example"}), 422,
         "The field 'replyTo' must be 'me' or 'organization'."),
        (kim, GUEST_SLOT, message(replyTo="organization"), 409,
         "Forest Park Forever lists no contact email, so replies cannot go to the organization. "
         "Have replies come to your own address, or ask an editor to add the organization's "
         "email to its profile. Nothing was sent."),
        (una, TINY_SLOT, message(), 403, NOT_VERIFIED),
        (una, TINY_SLOT, message(replyTo="organization"), 403, NOT_VERIFIED),
    ]
    for headers, slot, body, status, sentence in cases:
        for preview in (True, False):
            response = await client.post(slot_path(slot, "/messages"), headers=headers,
                                         json=body | {"preview": preview})
            assert (response.status_code, response.json()["error"]) == (status, sentence)

    assert await OutboxMessage.all().count() == queued
    assert not await OrganizerMessage.all().exists()
