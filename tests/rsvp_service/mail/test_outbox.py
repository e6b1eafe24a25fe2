"""The outbox sender: dead letters, the CLI, claims under a slow server, outages, shutdown."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest
from aiosmtplib import (
    SMTPAuthenticationError,
    SMTPDataError,
    SMTPRecipientRefused,
    SMTPRecipientsRefused,
)
from app_testkit import running
from mail_testkit import ServerMailbox, SmtpServer, queue, recipients, smtp_server
from service_testkit import a_full_pass, command_env, eventually, run_command

from rsvp_service.app import app as app_module
from rsvp_service.mail import outbox as outbox_module
from rsvp_service.mail.failures import describe, is_connection_error, is_permanent
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import OutboxSender
from rsvp_service.mail.transports import make_transport
from rsvp_service.settings import Settings
from tests.ports import free_port

MakeSettings = Callable[..., Settings]


async def test_a_refused_recipient_is_a_dead_letter_listed_and_retried_by_the_cli(
    make_settings: MakeSettings, caplog: pytest.LogCaptureFixture
) -> None:
    handler = ServerMailbox(refuse="nobody@")
    with smtp_server(handler) as port:
        settings = make_settings(smtp_port=port)
        app = app_module.create_app(settings)
        async with running(app):
            with caplog.at_level(logging.INFO, logger="rsvp_service.mail.outbox"):
                dead_id, sent_id = await queue(app, "nobody@example.org", "ann@example.org")
                await eventually(OutboxMessage.filter(id=dead_id, dead_at__isnull=False).exists)
            await eventually(OutboxMessage.filter(id=sent_id, sent_at__isnull=False).exists)
            # What the message was made of is not kept once it went out.
            assert (await OutboxMessage.get(id=sent_id)).payload == {}

            dead = await OutboxMessage.get(id=dead_id)
            # A 5xx is final at once: one attempt, no next attempt, the reason kept.
            assert dead.attempts == 1
            assert dead.next_attempt_at is None and dead.sent_at is None
            assert dead.last_error is not None and "550" in dead.last_error
            assert "nobody@example.org" not in dead.last_error
            assert f"Mail #{dead_id} (rsvp_confirmation) is a dead letter" in caplog.text
            assert "nobody@example.org" not in caplog.text

            env = command_env(settings)
            listing = run_command(env, "outbox", "dead")
            assert listing.returncode == 0, listing.stderr
            key = [str(dead_id), "rsvp_confirmation"]
            [row] = [line for line in listing.stdout.splitlines() if line.split()[:2] == key]
            assert "550" in row
            assert "1 dead message(s)." in listing.stdout
            assert "nobody@example.org" not in listing.stdout
            pending = run_command(env, "outbox", "pending")
            assert "0 pending message(s)." in pending.stdout

            handler.refuse = ""
            retried = run_command(env, "outbox", "retry", str(dead_id))
            assert retried.returncode == 0, retried.stderr
            assert f"Message #{dead_id} is queued again" in retried.stdout
            await handler.wait_for(2)
            await eventually(OutboxMessage.filter(id=dead_id, sent_at__isnull=False).exists)
            assert recipients(handler) == {"nobody@example.org": 1, "ann@example.org": 1}

            again = run_command(env, "outbox", "retry", str(dead_id))
            assert again.returncode == 1
            assert f"Message #{dead_id} was already sent" in again.stderr
            missing = run_command(env, "outbox", "retry", "999999")
            assert missing.returncode == 1
            assert "There is no outbox message #999999" in missing.stderr


async def test_nothing_is_retried_forever(make_settings: MakeSettings) -> None:
    settings = make_settings(smtp_port=free_port(), outbox_max_attempts=3)
    app = app_module.create_app(settings)
    async with running(app):
        [message_id] = await queue(app, "ann@example.org")
        await eventually(OutboxMessage.filter(id=message_id, dead_at__isnull=False).exists)
        await a_full_pass(app.state.outbox)  # one that found it dead: no fourth attempt

        dead = await OutboxMessage.get(id=message_id)
        assert dead.attempts == 3
        assert dead.connection_failed
        assert dead.last_error is not None
        assert dead.last_error.startswith("Gave up after 3 attempts.")


async def test_international_addresses_need_smtputf8_or_become_dead_letters(
    make_settings: MakeSettings,
) -> None:
    plain = ServerMailbox()
    # aiosmtpd's Controller offers SMTPUTF8 unless told not to.
    with smtp_server(plain, enable_SMTPUTF8=False) as port:
        app = app_module.create_app(make_settings(smtp_port=port))
        async with running(app):
            refused, idna = await queue(app, "zoë@example.org", "ann@bücher.example")
            await eventually(OutboxMessage.filter(id=refused, dead_at__isnull=False).exists)
            await eventually(OutboxMessage.filter(id=idna, sent_at__isnull=False).exists)
            dead = await OutboxMessage.get(id=refused)
            assert dead.attempts == 1
            assert dead.last_error is not None and "SMTPUTF8" in dead.last_error
    # The domain went out as IDNA, which every server accepts.
    assert recipients(plain) == {"ann@xn--bcher-kva.example": 1}

    utf8 = ServerMailbox()
    with smtp_server(utf8, enable_SMTPUTF8=True) as port:
        app = app_module.create_app(make_settings(smtp_port=port))
        async with running(app):
            [sent] = await queue(app, "zoë@example.org")
            [message] = await utf8.wait_for(1)
            await eventually(OutboxMessage.filter(id=sent, sent_at__isnull=False).exists)
    assert recipients(utf8) == {"zoë@example.org": 1}
    # The header is raw UTF-8 (RFC 6532), which the parser keeps as escaped bytes.
    to = message["To"].addresses[0].addr_spec.encode("ascii", "surrogateescape").decode()
    assert to == "zoë@example.org"


async def test_two_senders_and_a_slow_server_send_each_message_once(
    make_settings: MakeSettings,
) -> None:
    # Each delivery takes 0.2 s; all of them take far longer than one 1 s lease.
    handler = ServerMailbox(delay=0.2)
    emails = [f"slow{n}@example.org" for n in range(12)]
    with smtp_server(handler) as port:
        # One delivery at a time in each: under a 0.5 s deadline, a loaded machine would
        # otherwise hold a message that ran past it during DATA as uncertain.
        settings = make_settings(smtp_port=port, outbox_lease_seconds=1.0, mail_senders=1)
        app = app_module.create_app(settings)
        async with running(app):
            second = OutboxSender(settings, make_transport(settings), lambda: app.state.catalogue)
            second.start()
            try:
                await queue(app, *emails)
                second.wake()

                async def all_sent() -> bool:
                    return await OutboxMessage.filter(sent_at__isnull=True).count() == 0

                await eventually(all_sent, seconds=30)
                # Each sender finished a pass begun after the last row was sent: a wrongly
                # repeated delivery would have arrived by now.
                await a_full_pass(app.state.outbox)
                await a_full_pass(second)
            finally:
                await second.stop()

    assert recipients(handler) == Counter(emails)
    assert len(handler.messages) == len(emails)
    assert len({m["Message-ID"] for m in handler.messages}) == len(emails)


async def test_a_success_brings_forward_mail_held_up_by_an_outage(
    make_settings: MakeSettings,
) -> None:
    port = free_port()
    # Retries half a minute apart: without bringing forward, nothing would go for 30 s.
    settings = make_settings(
        smtp_port=port, outbox_retry_base_seconds=30, outbox_retry_max_seconds=60
    )
    app = app_module.create_app(settings)
    async with running(app):
        held = [f"held{n}@example.org" for n in range(4)]
        await queue(app, *held)

        async def all_failed_once() -> bool:
            return await OutboxMessage.filter(attempts=1, connection_failed=True).count() == 4

        await eventually(all_failed_once)
        later = datetime.now(UTC) + timedelta(seconds=20)
        assert await OutboxMessage.filter(next_attempt_at__gt=later).count() == 4
        retry_at = dict(await OutboxMessage.all().values_list("id", "next_attempt_at"))

        server = SmtpServer(port)
        server.start()
        try:
            await queue(app, "fresh@example.org")
            await server.mailbox.wait_for(5, seconds=10)
        finally:
            server.stop()

        async def held_sent() -> bool:
            return await OutboxMessage.filter(id__in=list(retry_at), sent_at__isnull=False
                                              ).count() == len(retry_at)

        await eventually(held_sent)
        sent_at = dict(await OutboxMessage.filter(id__in=list(retry_at))
                       .values_list("id", "sent_at"))

    assert recipients(server.mailbox) == Counter([*held, "fresh@example.org"])
    # Brought forward: each went out before the retry it had been given after the outage.
    assert all(sent_at[key] < retry_at[key] for key in retry_at), (sent_at, retry_at)


async def test_shutdown_finishes_the_message_in_hand(make_settings: MakeSettings) -> None:
    handler = ServerMailbox()
    handler.release = threading.Event()
    with smtp_server(handler) as port:
        # One sender: the second message must still be waiting when the first is in hand.
        app = app_module.create_app(make_settings(smtp_port=port, mail_senders=1))
        async with running(app):
            first, second = await queue(app, "first@example.org", "second@example.org")
            # The server holds its answer to the first message's DATA: the message is in hand.
            assert await asyncio.to_thread(handler.holding.wait, 30)
            stopping = asyncio.create_task(app.state.outbox.stop())
            await asyncio.sleep(0)  # stop() runs to its first wait, the sender told to stop ...
            handler.release.set()  # ... and only then does the server answer
            await stopping

            done = await OutboxMessage.get(id=first)
            waiting = await OutboxMessage.get(id=second)
    assert done.sent_at is not None and done.claim is None
    assert waiting.sent_at is None and waiting.claim is None and waiting.attempts == 0
    assert recipients(handler) == {"first@example.org": 1}


async def test_shutdown_releases_a_delivery_that_takes_too_long(
    make_settings: MakeSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outbox_module, "SHUTDOWN_GRACE", 0.2)
    handler = ServerMailbox(delay=3.0)
    with smtp_server(handler) as port:
        app = app_module.create_app(make_settings(smtp_port=port))
        async with running(app):
            [message_id] = await queue(app, "stuck@example.org")
            await eventually(OutboxMessage.filter(id=message_id, claim__isnull=False).exists)
            await app.state.outbox.stop()

            released = await OutboxMessage.get(id=message_id)
    # Given back for the next process, the interrupted attempt not counted.
    assert released.sent_at is None and released.dead_at is None
    assert released.claim is None and released.claimed_until is None
    assert released.attempts == 0
    assert handler.messages == []


def test_only_answers_about_the_message_itself_are_final() -> None:
    refused = SMTPRecipientRefused(550, "5.1.1 <ann@example.org>: unknown", "<ann@example.org>")
    busy = SMTPRecipientRefused(450, "4.2.1 <ann@example.org>: try later", "<ann@example.org>")
    assert is_permanent(SMTPRecipientsRefused([refused]))
    assert not is_permanent(SMTPRecipientsRefused([busy]))
    assert is_permanent(SMTPDataError(554, "5.7.1 spam"))
    assert not is_permanent(SMTPDataError(451, "4.3.0 queue full"))
    # A wrong password is the server's setup, not the message's: retried, bounded.
    assert not is_permanent(SMTPAuthenticationError(535, "5.7.8 bad credentials"))
    assert not is_permanent(ConnectionRefusedError(111, "Connection refused"))
    assert is_connection_error(ConnectionRefusedError(111, "Connection refused"))
    assert not is_connection_error(SMTPDataError(451, "4.3.0 queue full"))
    assert describe(SMTPRecipientsRefused([refused])) == (
        "The mail server answered 550 5.1.1 <[address]>: unknown"
    )
