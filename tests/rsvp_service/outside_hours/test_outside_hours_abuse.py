"""From the attacker's side: an hours request mails a typed-in address with a volunteer's name,
so only a verified account sends one, never to its own inbox (however spelt), never to an
address that answered "not me", a few a day per volunteer, per volunteer and supervisor's inbox
(keyed on the inbox, so one volunteer cannot shut it off for others), and a generous day's worth
per inbox from everyone; and a link without its exact token gains nothing."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
from mail_testkit import Mailbox, arrived, body
from organize_testkit import person
from outside_hours_testkit import ASKED, SUPERVISOR, ask, asked, states, volunteer

from rsvp_service import clock
from rsvp_service.accounts.models import User
from rsvp_service.outside_hours import routes, service, supervisor
from rsvp_service.outside_hours.models import Answer, BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS

pytestmark = pytest.mark.sqlite_only


async def test_a_stranger_or_an_unverified_account_sends_nothing(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    anonymous = await client.post("/api/me/outside-hours", json={})
    assert (anonymous.status_code, anonymous.json()["error"]) == (401, routes.SIGN_IN)
    unverified = await ask(client, await volunteer(settings, "eve", verified=False))
    assert (unverified.status_code, unverified.json()["error"]) == (403, routes.UNVERIFIED)
    assert await OutsideHoursRequest.all().count() == 0


@pytest.mark.parametrize("alias", [
    "mia@example.org", "MIA@Example.org", "mia+hours@example.org", " mia@example.org "])
async def test_the_volunteers_own_address_and_its_aliases_are_refused(
    client: httpx.AsyncClient, settings: Settings, alias: str,
) -> None:
    refused = await ask(client, await volunteer(settings, "mia"), supervisor=alias)
    assert (refused.status_code, refused.json()["error"]) == (422, service.OWN_ADDRESS)


async def test_gmail_dots_and_googlemail_are_one_inbox(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    user, headers = await person(settings, "ann")
    await User.filter(id=user.id).update(email="ann.lee@gmail.com")
    for alias in ("annlee@gmail.com", "a.n.n.l.e.e+x@googlemail.com"):
        refused = await ask(client, headers, supervisor=alias)
        assert (refused.status_code, refused.json()["error"]) == (422, service.OWN_ADDRESS)


async def test_per_volunteer_a_days_requests(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    for n in range(10):
        assert (await ask(client, mia, supervisor=f"boss{n}@example.net")).status_code == 201
    spent = await ask(client, mia, supervisor="boss10@example.net")
    assert (spent.status_code, spent.json()["error"]) == (429, TOO_MANY_REQUESTS)
    assert "Retry-After" in spent.headers
    # Another volunteer's budget is their own.
    assert (await ask(client, await volunteer(settings, "bo"))).status_code == 201


async def test_per_volunteer_and_inbox_keyed_on_the_inbox_not_the_spelling(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    spellings = ["dana.boss@shelter.example.org", "Dana.Boss+a@shelter.example.org",
                 "dana.boss+b@shelter.example.org"]
    for spelling in spellings[:2]:
        assert (await ask(client, mia, supervisor=spelling)).status_code == 201
    # Two wait at once per volunteer and inbox.
    waiting = await ask(client, mia, supervisor=spellings[2])
    assert (waiting.status_code, waiting.json()["error"]) == (
        429, service.PAIR_PENDING.format(count=2))
    await OutsideHoursRequest.all().update(answer=Answer.DECLINED)
    assert (await ask(client, mia, supervisor=spellings[2])).status_code == 201
    await OutsideHoursRequest.all().update(answer=Answer.DECLINED)
    # Three a day per volunteer and inbox, however spelt.
    fourth = await ask(client, mia, supervisor="dana.boss+c@shelter.example.org")
    assert (fourth.status_code, fourth.json()["error"]) == (429, TOO_MANY_REQUESTS)
    # Mia's spent pair leaves every other volunteer able to ask the same supervisor.
    for name in ("bo", "cy", "di"):
        other = await ask(client, await volunteer(settings, name), supervisor=SUPERVISOR)
        assert other.status_code == 201, other.text
    # And Mia herself may ask another supervisor.
    assert (await ask(client, mia, supervisor="lee@school.example.org")).status_code == 201


async def test_an_inbox_takes_a_generous_days_worth_from_everyone_together(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    for n in range(20):
        assert (await ask(client, await volunteer(settings, f"v{n}"))).status_code == 201
    over = await ask(client, await volunteer(settings, "v20"))
    assert (over.status_code, over.json()["error"]) == (429, TOO_MANY_REQUESTS)


async def test_waiting_requests_are_capped_per_volunteer_and_per_pair(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    mia = await volunteer(settings, "mia")
    first = await ask(client, mia, supervisor="first@example.net")
    assert first.status_code == 201
    row = await OutsideHoursRequest.get()
    # Waiting requests of earlier days, as stored: the day's limits do not see them.
    earlier = clock.now(settings) - timedelta(days=5)
    fields = {k: getattr(row, k) for k in (
        "user_id", "organization", "date", "starts_at", "ends_at", "hours", "description",
        "service_type", "supervisor_name", "honesty_accepted_at", "not_relative")}
    for n in range(service.PENDING_PER_VOLUNTEER - 1):
        await OutsideHoursRequest.create(**fields, supervisor_email=f"x{n}@example.net",
                                         supervisor_key=f"k{n}", created_at=earlier)
    full = await ask(client, mia, supervisor="another@example.net")
    assert (full.status_code, full.json()["error"]) == (429, service.TOO_MANY_PENDING.format(
        count=service.PENDING_PER_VOLUNTEER))

    key = service.supervisor_key(settings, "busy@example.net")
    await OutsideHoursRequest.filter(supervisor_key__in=["k0", "k1"]).update(supervisor_key=key)
    await OutsideHoursRequest.filter(supervisor_key__startswith="k").delete()
    again = await ask(client, mia, supervisor="busy+x@example.net")
    assert (again.status_code, again.json()["error"]) == (429, service.PAIR_PENDING.format(count=2))
    assert again.headers["Retry-After"] == "3600"
    # Others' waiting requests to that inbox do not hold Bo's back.
    assert (await ask(client, await volunteer(settings, "bo"),
                      supervisor="busy@example.net")).status_code == 201
    # Expired ones no longer count.
    await OutsideHoursRequest.filter(user_id=row.user_id, supervisor_key=key).update(
        created_at=earlier - timedelta(days=10))
    assert (await ask(client, mia, supervisor="busy@example.net")).status_code == 201


async def test_not_me_blocks_the_inbox_for_every_volunteer(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    done = await client.post("/api/hours-requests/not-me", json={"token": token})
    assert done.json() == {"answer": "not_me", "message": supervisor.NOT_ME}
    [blocked] = await BlockedSupervisor.all()
    assert SUPERVISOR not in blocked.key and "dana" not in blocked.key  # a keyed hash only
    row = await OutsideHoursRequest.get()
    assert (row.supervisor_email, row.supervisor_key) == (None, None)
    mia = await volunteer(settings, "mia2")
    assert await states(client, mia) == []
    for name, spelling in (("mia3", SUPERVISOR), ("bo", "Dana.Boss+again@shelter.example.org")):
        refused = await ask(client, await volunteer(settings, name), supervisor=spelling)
        assert (refused.status_code, refused.json()["error"]) == (403, service.BLOCKED)
    assert await OutsideHoursRequest.all().count() == 1


async def test_a_link_without_its_exact_token_gains_nothing(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings, "mia")
    row_id, mac = token.split("-")
    flipped = "a" if mac[0] != "a" else "b"
    for bad in (f"{row_id}-{flipped}{mac[1:]}", f"{int(row_id) + 1}-{mac}", token + "x", "1",
                f"{row_id}-{'a' * 32}"):
        for act in ("preview", "confirm", "adjust", "decline", "not-me"):
            sent = {"token": bad} | ({} if act == "preview" else {"hours": 1})
            refused = await client.post(f"/api/hours-requests/{act}", json=sent)
            assert (refused.status_code, refused.json()["error"]) == (404, supervisor.BAD_LINK)
    row = await OutsideHoursRequest.get()
    assert (row.answer, row.opened_at) == (None, None)
    assert await BlockedSupervisor.all().count() == 0


async def test_the_link_is_limited_per_ip(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    answers = [await client.post("/api/hours-requests/preview", json={"token": "1-x"})
               for _ in range(31)]
    assert [a.status_code for a in answers[-2:]] == [404, 429]


async def test_the_emails_say_who_asked_and_how_to_report_misuse(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    headers = await volunteer(settings, "mia")
    for injected in ("Eve\r\nBcc: a@b.c", "=?utf-8?q?Eve?="):
        refused = await ask(client, headers, supervisor_name=injected)
        assert refused.status_code == 422, refused.text
        assert refused.json()["error"].startswith("The field 'supervisor_name' is invalid")
    assert (await ask(client, headers, supervisor_name='Eve "The Boss" <x@evil.example>',
                      organization="<b>Org</b>")).status_code == 201
    [mail] = await arrived(mailbox, SUPERVISOR, ASKED)
    [to] = mail["To"].addresses
    assert (to.addr_spec, to.display_name) == (SUPERVISOR, 'Eve "The Boss" <x@evil.example>')
    assert "Bcc" not in mail
    text = body(mail)
    assert "Mia Park, a volunteer with a CivicSTL account" in text
    assert "Report misuse here" in text and "&act=not-me" in text
    html = mail.get_body(preferencelist=("html",))
    assert html is not None and "&lt;b&gt;Org&lt;/b&gt;" in html.get_content()
