"""From the attacker's side: consent requests carry a volunteer's name to a typed-in address, so
only a verified account sends one, never to its own mailbox, and each sender's requests to one
guardian and in all are limited; counted as the emails the real SMTP server received."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import httpx
import pytest
from app_testkit import client_for
from consent_testkit import LINK, consent_content, minor
from mail_testkit import Mailbox, arrived, token_in
from organize_testkit import person
from service_testkit import CLINIC_SLOTS, eventually
from starlette.applications import Starlette

from rsvp_service.consent.models import GuardianConsent
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.routes import GUARDIAN_IS_YOU, MINOR_SIGN_IN, MINOR_VERIFY
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS

pytestmark = [pytest.mark.sqlite_only, pytest.mark.events(write=consent_content)]

ASK = "Guardian consent asked"
TARGET = "stranger@example.net"


def async_true(check: Callable[[], bool]) -> Callable[[], Awaitable[bool]]:
    """An async form of a plain check, for `eventually`."""

    async def run() -> bool:
        return check()

    return run


def asks(mailbox: Mailbox, address: str) -> int:
    """Consent emails the SMTP server received for the address."""
    return sum(str(m["Subject"]).startswith(ASK) for m in mailbox.to(address))


async def ask_as(client: httpx.AsyncClient, settings: Settings, name: str, guardian: str,
                 slot: str = CLINIC_SLOTS[0]) -> httpx.Response:
    """A new verified account `name` asks `guardian` to consent to its RSVP to `slot`."""
    _, headers = await person(settings, name)
    return await client.post("/api/rsvp", headers=headers,
                             json=minor(name, guardian=guardian, eventId=slot))


async def witness(client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox) -> None:
    """A request that is allowed, delivered: mail queued before it has had its turn."""
    assert (await ask_as(client, settings, "wit", "witness@example.net")).status_code == 201
    await arrived(mailbox, "witness@example.net", ASK)


async def test_only_a_verified_account_sends_a_consent_request(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    workshop = await client.post("/api/rsvp", json=minor("eve", guardian=TARGET))
    assert (workshop.status_code, workshop.json()) == (401, {"error": MINOR_SIGN_IN})
    _, unverified = await person(settings, "eve", verified=False)
    made = await client.post("/api/rsvp", json=minor("eve", guardian=TARGET), headers=unverified)
    assert (made.status_code, made.json()) == (403, {"error": MINOR_VERIFY})

    await witness(client, settings, mailbox)
    assert asks(mailbox, TARGET) == 0
    assert not await OutboxMessage.exists(recipient=TARGET)


@pytest.mark.parametrize("guardian", ["kid+mom@example.org", "KID+dad@Example.org"])
async def test_a_minor_cannot_approve_their_own_request_through_a_tag(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings, guardian: str,
) -> None:
    refused = await ask_as(client, settings, "kid", guardian)
    assert (refused.status_code, refused.json()) == (422, {"error": GUARDIAN_IS_YOU})
    assert await GuardianConsent.all().count() == 0
    await witness(client, settings, mailbox)
    assert asks(mailbox, guardian.lower()) == 0


async def test_gmail_dots_are_the_same_mailbox(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    user, headers = await person(settings, "kid")
    await user.__class__.filter(id=user.id).update(email="kid.lee@gmail.com")
    refused = await client.post("/api/rsvp", headers=headers, json=minor(
        "kid", guardian="k.i.d.l.e.e+mom@googlemail.com", eventId=CLINIC_SLOTS[0]))
    assert (refused.status_code, refused.json()) == (422, {"error": GUARDIAN_IS_YOU})


async def test_one_sender_reaches_one_guardian_three_times_an_hour_and_others_still_can(
    app: Starlette, mailbox: Mailbox, settings: Settings,
) -> None:
    async with (client_for(app, "203.0.113.66") as spammer,
                client_for(app, "198.51.100.5") as family):
        sent = [await ask_as(spammer, settings, f"spam{i}", TARGET) for i in range(3)]
        assert [answer.status_code for answer in sent] == [201, 201, 201]
        # Spelt another way, the same inbox: limited.
        limited = await ask_as(spammer, settings, "spam3", "Stranger+x@example.net")
        assert (limited.status_code, limited.json()) == (429, {"error": TOO_MANY_REQUESTS})
        # The guardian's own child, elsewhere, is not blocked by the spammer.
        own = await ask_as(family, settings, "child", TARGET)
        assert own.status_code == 201, own.text
        await witness(family, settings, mailbox)
    await eventually(async_true(lambda: asks(mailbox, TARGET) >= 4))
    assert asks(mailbox, TARGET) == 4
    assert await GuardianConsent.filter(guardian_email=TARGET).count() == 4


async def test_one_sender_sends_ten_consent_requests_an_hour_in_all(
    app: Starlette, mailbox: Mailbox, settings: Settings,
) -> None:
    async with client_for(app, "203.0.113.66") as spammer:
        answers = [await ask_as(spammer, settings, f"spam{i}", f"target{i}@example.net")
                   for i in range(11)]
    assert [answer.status_code for answer in answers] == [201] * 10 + [429]
    async with client_for(app, "192.0.2.1") as other:
        await witness(other, settings, mailbox)
    assert sum(asks(mailbox, f"target{i}@example.net") for i in range(11)) == 10
    assert asks(mailbox, "target10@example.net") == 0


async def test_strangers_can_spend_a_guardians_daily_cap_but_not_for_a_child_it_approved(
    app: Starlette, mailbox: Mailbox, settings: Settings,
) -> None:
    _, kid = await person(settings, "kid")
    async with client_for(app, "192.0.2.1") as home:
        asked = await home.post("/api/rsvp", headers=kid,
                                json=minor("kid", guardian=TARGET, eventId=CLINIC_SLOTS[0]))
        assert asked.status_code == 201, asked.text
        [mail] = await arrived(mailbox, TARGET, ASK)
        approved = await home.post("/api/consent/approve", json={"token": token_in(mail, LINK)})
        assert approved.status_code == 200, approved.text

    # Strangers with verified accounts on four networks spend the rest of the day's ten.
    answers = []
    for network in range(4):
        async with client_for(app, f"203.0.113.{network + 1}") as stranger:
            answers += [(await ask_as(stranger, settings, f"s{network}x{i}", TARGET)).status_code
                        for i in range(3)]
    assert answers == [201] * 9 + [429] * 3
    async with client_for(app, "198.51.100.5") as newcomer:
        assert (await ask_as(newcomer, settings, "newkid", TARGET)).status_code == 429

    # The child the guardian approved before still reaches them.
    async with client_for(app, "192.0.2.1") as home:
        again = await home.post("/api/rsvp", headers=kid,
                                json=minor("kid", guardian=TARGET, eventId=CLINIC_SLOTS[1]))
    assert again.status_code == 201, again.text
    await eventually(async_true(lambda: asks(mailbox, TARGET) >= 11))
    async with client_for(app, "192.0.2.9") as other:
        await witness(other, settings, mailbox)
    assert asks(mailbox, TARGET) == 11
