"""From the attacker's side, what a request's end leaves behind: "not me" closes every request
waiting on that inbox (and no reminder goes to it), a request that ends without confirmed hours
leaves the supervisor's address in no outbox row, and an account three owners answered "not me"
to may send no more requests (the operator's log names neither address nor person)."""

from __future__ import annotations

import logging

import httpx
import pytest
from mail_testkit import Mailbox, arrived, recipients, token_in
from outside_hours_testkit import ASKED, LINK, SUPERVISOR, ask, asked, pass_after, states, volunteer
from service_testkit import eventually
from starlette.applications import Starlette

from rsvp_service import clock
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.outside_hours import service
from rsvp_service.outside_hours.models import Answer, BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings

pytestmark = pytest.mark.sqlite_only
KIND = "outside_hours_request"


async def addressed(address: str) -> int:
    """How many outbox rows still hold the address."""
    return await OutboxMessage.filter(kind=KIND, recipient=address).count()


async def all_sent() -> bool:
    """Whether every queued email of a request left the outbox."""
    return not await OutboxMessage.filter(kind=KIND, sent_at=None).exists()


async def test_not_me_closes_every_waiting_request_to_the_inbox(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    bo = await volunteer(settings, "bo")
    assert (await ask(client, bo, supervisor="Dana.Boss+x@shelter.example.org")).status_code \
        == 201
    token = await asked(client, mailbox, settings, "mia")
    await eventually(all_sent)
    done = await client.post("/api/hours-requests/not-me", json={"token": token})
    assert done.status_code == 200, done.text
    rows = await OutsideHoursRequest.all()
    assert {(row.answer, row.supervisor_email, row.supervisor_key) for row in rows} == {
        (Answer.NOT_ME, None, None)}
    assert await states(client, bo) == ["declined"]
    # The inbox is not reminded of anything, and holds no address in the outbox.
    await pass_after(app, settings, 4)
    await eventually(all_sent)
    assert recipients(mailbox)[SUPERVISOR] == 1
    assert await addressed(SUPERVISOR) == 0
    assert await addressed("dana.boss+x@shelter.example.org") == 0
    # Bo's request closed by Mia's supervisor's answer does not count against Bo.
    assert (await ask(client, bo, supervisor="lee@school.example.org")).status_code == 201


async def test_a_blocked_inbox_is_not_reminded(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    await asked(client, mailbox, settings, "mia")
    # Blocked by another path (an earlier answer): the waiting request is skipped.
    key = (await OutsideHoursRequest.get()).supervisor_key
    assert key is not None
    await BlockedSupervisor.create(key=key, blocked_at=clock.now(settings))
    await pass_after(app, settings, 4)
    assert (await OutsideHoursRequest.get()).reminded_at is None
    assert await OutboxMessage.filter(kind=KIND).count() == 1


@pytest.mark.parametrize("ending", ["decline", "not-me", "withdraw", "expire"])
async def test_an_unconfirmed_end_forgets_the_address_in_the_outbox(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
    ending: str,
) -> None:
    mia = await volunteer(settings, "mia")
    assert (await ask(client, mia)).status_code == 201
    [mail] = await arrived(mailbox, SUPERVISOR, ASKED)
    token = token_in(mail, LINK)
    await eventually(all_sent)
    # The reminder is queued (and not yet sent: the sender is not woken) when the request ends.
    await pass_after(app, settings, 3)
    assert await OutboxMessage.filter(kind=KIND).count() == 2
    row = await OutsideHoursRequest.get()
    if ending == "withdraw":
        done = await client.post(f"/api/me/outside-hours/{row.id}/withdraw", headers=mia)
        assert done.status_code == 200, done.text
    elif ending == "expire":
        await pass_after(app, settings, 14)
    else:
        done = await client.post(f"/api/hours-requests/{ending}", json={"token": token})
        assert done.status_code == 200, done.text
    await eventually(all_sent)
    assert await addressed(SUPERVISOR) == 0
    # Sent: kept with a blank address; unsent: withdrawn, never sent.
    kept = await OutboxMessage.filter(kind=KIND).values_list("recipient", flat=True)
    assert set(kept) == {""}
    assert recipients(mailbox)[SUPERVISOR] == len(kept)


async def test_a_confirmed_request_keeps_its_address(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    await eventually(all_sent)
    assert (await client.post("/api/hours-requests/confirm",
                              json={"token": token})).status_code == 200
    assert await addressed(SUPERVISOR) == 1


async def test_three_not_me_answers_stop_the_account(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
    caplog: pytest.LogCaptureFixture,
) -> None:
    mia = await volunteer(settings, "mia")
    for n in range(3):
        address = f"stranger{n}@example.net"
        assert (await ask(client, mia, supervisor=address)).status_code == 201
        [mail] = await arrived(mailbox, address, ASKED)
        token = token_in(mail, LINK)
        assert (await client.post("/api/hours-requests/not-me",
                                  json={"token": token})).status_code == 200
    with caplog.at_level(logging.WARNING):
        stopped = await ask(client, mia, supervisor="another@example.net")
    assert stopped.status_code == 403
    assert stopped.json()["error"].startswith(
        "This account may send no more hours requests: 3 people it asked answered")
    assert await OutsideHoursRequest.all().count() == 3
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "refused an hours request" in logged
    for private in ("another@example.net", "Mia", "mia@example.org", "stranger"):
        assert private not in logged
    # Another volunteer is not held to Mia's answers.
    assert (await ask(client, await volunteer(settings, "bo"),
                      supervisor="another@example.net")).status_code == 201


async def test_the_accounts_limit_is_spent_before_the_block_list_is_read(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    # Probing ten addresses that would be refused as blocked spends the day's requests.
    await BlockedSupervisor.create(key=service.supervisor_key(settings, SUPERVISOR),
                                   blocked_at=clock.now(settings))
    for _ in range(10):
        refused = await ask(client, mia)
        assert (refused.status_code, refused.json()["error"]) == (403, service.BLOCKED)
    spent = await ask(client, mia)
    assert spent.status_code == 429


async def test_the_volunteer_sees_an_undelivered_email_and_the_supervisors_role_and_note(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    assert (await ask(client, mia, supervisor="nobody@example.net")).status_code == 201
    await eventually(all_sent)
    # The outbox gave up on it (a dead letter), or holds it for an operator.
    for given_up in ({"dead_at": clock.now(settings)}, {"held_at": clock.now(settings)}):
        await OutboxMessage.filter(recipient="nobody@example.net").update(
            **{"sent_at": None, "dead_at": None, "held_at": None} | given_up)
        assert await states(client, mia) == ["undelivered"]

    assert (await ask(client, mia)).status_code == 201
    token = token_in((await arrived(mailbox, SUPERVISOR, ASKED))[0], LINK)
    done = await client.post("/api/hours-requests/adjust", json={
        "token": token, "hours": 2, "role": "Shift lead", "note": "Left at 11."})
    assert done.status_code == 200, done.text
    listed = await client.get("/api/me/outside-hours", headers=mia)
    item = listed.json()["requests"][0]
    assert (item["state"], item["supervisor_role"], item["supervisor_note"]) == (
        "adjusted", "Shift lead", "Left at 11.")
