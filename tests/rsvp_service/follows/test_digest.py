"""The weekly digest: follow, get it with the clock pinned, unsubscribe in one click, no more.

On SQLite and PostgreSQL: the once-per-week row, the outbox and the follows are SQL.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from follows_testkit import (
    BEFORE_SEND,
    DIGEST,
    FOREST,
    KEEN,
    WEEK_1,
    WEEK_2,
    digest_pass,
    follow_content,
    follows,
    one_click_target,
)
from mail_testkit import Mailbox, arrived, body
from organize_testkit import at, person
from service_testkit import CIVIC_NOW_OPEN
from starlette.applications import Starlette

from rsvp_service.app.app import create_app
from rsvp_service.follows.digest import digest_week
from rsvp_service.follows.models import DigestWeek, Follow
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=follow_content)

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
SUBJECT = "1 upcoming event from what you follow"


async def test_follow_digest_one_click_unsubscribe_then_no_more(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
) -> None:
    settings = make_settings(**DIGEST)
    async with make_client(settings) as client:
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        _, ann = await person(settings, "ann")
        assert (await client.post("/api/follows", json=KEEN, headers=ann)).status_code == 200

        at(app.state.settings, BEFORE_SEND)
        assert (await digest_pass(app)).queued == 0, "the digest went before its day and hour"
        at(app.state.settings, WEEK_1)
        assert (await digest_pass(app)).queued == 1
        [digest] = await arrived(mailbox, "ann@example.org", SUBJECT)
        text = body(digest)
        # KEEN's event within four weeks, not the one in July, nor another host's.
        assert "Tiny Workshop" in text
        assert "Inclusive Sports Clinic" not in text and "Forest Park Cleanup" not in text
        assert str(digest["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
        target = one_click_target(digest)
        assert target.startswith("/api/follows/unsubscribe?token=")
        assert "http://127.0.0.1:8000/follows#token=" in text  # the preferences page

        # As a mail client does it (RFC 8058): a form-encoded POST, no cookie, no Origin.
        answer = await client.post(target, content=b"List-Unsubscribe=One-Click",
                                   headers={"content-type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 200, answer.text
        assert answer.json()["message"].startswith("You are unsubscribed")
        assert await Follow.all().count() == 0  # at once

        # Next week there is something new (Ann's follow would have it), but no digest for her.
        _, ben = await person(settings, "ben")
        assert (await client.post("/api/follows", json=FOREST, headers=ben)).status_code == 200
        at(app.state.settings, WEEK_2)
        done = await digest_pass(app)
        assert (done.queued, done.decided) == (1, 1)
        await arrived(mailbox, "ben@example.org", SUBJECT)
        # The one digest queued this week was Ben's: Ann's outbox holds last week's alone.
        assert await OutboxMessage.filter(recipient="ann@example.org",
                                          kind="follow_digest").count() == 1
        assert len(mailbox.to("ann@example.org")) == 1


async def test_a_week_with_nothing_new_sends_nothing_but_is_decided(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
) -> None:
    settings = make_settings(**DIGEST)
    async with make_client(settings) as client:
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        _, ann = await person(settings, "ann")
        await follows(client, KEEN, headers=ann)
        at(app.state.settings, WEEK_1)
        assert (await digest_pass(app)).queued == 1
        at(app.state.settings, WEEK_2)
        done = await digest_pass(app)
        # The Workshop was in last week's digest; the Clinic is still more than 4 weeks away.
        assert (done.queued, done.decided) == (0, 1)
        assert await DigestWeek.filter(week="2025-W16", outbox_id=None).count() == 1
        assert (await digest_pass(app)).decided == 0  # decided once, not at every pass
        assert await OutboxMessage.filter(kind="follow_digest").count() == 1


async def test_exactly_once_per_week_across_two_workers_and_a_restart(
    make_settings: Callable[..., Settings], make_client: MakeClient,
) -> None:
    settings = make_settings(**DIGEST, civic_now=WEEK_1)
    names = ["ann", "ben", "cam", "dee", "eve", "fay"]
    async with make_client(settings) as client:
        for name in names:
            _, headers = await person(settings, name)
            await follows(client, KEEN, headers=headers)
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        # Two workers' passes at once: each follower is decided by one of them.
        first, second = await asyncio.gather(digest_pass(app), digest_pass(app))
        assert first.queued + second.queued == len(names)
    # A restart (the same database) finds every decision.
    restarted = create_app(settings)
    from app_testkit import running

    async with running(restarted, fresh=False):
        assert (await digest_pass(restarted)).queued == 0
        recipients = await OutboxMessage.filter(kind="follow_digest").values_list(
            "recipient", flat=True)
        assert sorted(recipients) == [f"{name}@example.org" for name in names]
        assert await DigestWeek.all().count() == len(names)


def test_the_week_and_its_send_moment_are_the_site_time_zone() -> None:
    from datetime import datetime

    # Sunday 23:30 in Chicago is already Monday in UTC: still the week before, not yet due.
    sunday = datetime.fromisoformat("2025-04-07T04:30:00+00:00")
    assert digest_week(sunday, "America/Chicago", "monday", 0) == ("2025-W14", True)
    monday = datetime.fromisoformat("2025-04-07T13:59:00+00:00")  # 8:59 in Chicago
    assert digest_week(monday, "America/Chicago", "monday", 9) == ("2025-W15", False)
    assert digest_week(datetime.fromisoformat(CIVIC_NOW_OPEN), "America/Chicago",
                       "thursday", 16) == ("2025-W14", False)
