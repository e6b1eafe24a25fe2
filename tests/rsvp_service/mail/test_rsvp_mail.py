"""Confirmation emails: content, the .ics attachment, and delivery through SMTP outages."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path

import httpx
import pytest
from icalendar import Calendar
from mail_testkit import Mailbox, SmtpServer, always_wanted
from service_testkit import GUEST_SLOT, a_full_pass, eventually, rsvp
from starlette.applications import Starlette

from rsvp_service.events import load_catalogue
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import (
    HeaderInjectionError,
    MailContext,
    PermanentMailError,
    QueuedMail,
    build_email,
)
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import OutboxSender
from rsvp_service.mail.rsvp_notices import confirmation_mail
from rsvp_service.mail.transports import (
    ConsoleTransport,
    FileTransport,
    SmtpTransport,
    Withdrawn,
)
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings
from tests.ports import free_port

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def test_confirmation_has_text_html_and_ics(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await client.post("/api/rsvp", json=rsvp(email="Ann@Example.org"))

    [message] = await mailbox.wait_for(1)

    assert message["To"].addresses[0].addr_spec == "ann@example.org"
    assert message["Subject"] == "Your RSVP: Forest Park Cleanup, April 27, 2025"
    assert mailbox.envelopes[0] == ("no-reply@civicstl.org", ["ann@example.org"])
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    assert text is not None and html is not None
    assert "Forest Park Cleanup" in text.get_content()
    # The date and times as English writes them (CLDR: a thin space around the dash).
    assert "April 27, 2025, 1:00 – 3:00 PM" in " ".join(text.get_content().split())
    assert "<strong>Forest Park Cleanup</strong>" in html.get_content()
    [attachment] = list(message.iter_attachments())
    assert attachment.get_content_type() == "text/calendar"
    assert attachment.get_filename() == "event.ics"
    calendar = Calendar.from_ical(attachment.get_content())
    [event] = calendar.walk("VEVENT")
    # The slot's VEVENT (generator.calendars): a UID per slot occurrence, times in UTC.
    assert str(event["UID"]) == "forest-park-cleanup-1-00pm-3-00pm@civicstl.org"
    assert calendar.walk("VTIMEZONE") == []
    assert str(calendar["X-WR-TIMEZONE"]) == "America/Chicago"
    assert event["DTSTART"].to_ical() == b"20250427T180000Z"
    assert event["DTEND"].to_ical() == b"20250427T200000Z"
    assert str(event["DESCRIPTION"]).startswith("Your time slot: 1:00PM-3:00PM.")
    assert "ann@example.org" not in attachment.get_content()


async def test_names_are_escaped_in_html(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    await client.post("/api/rsvp", json=rsvp(firstName="<b>Ann</b>"))

    [message] = await mailbox.wait_for(1)
    html = message.get_body(("html",))
    assert html is not None
    assert "&lt;b&gt;Ann&lt;/b&gt;" in html.get_content()


async def test_each_rsvp_sends_exactly_one_email(
    app: Starlette, client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    for index in range(3):
        await client.post("/api/rsvp", json=rsvp(email=f"p{index}@example.org"))
    await client.post("/api/rsvp", json=rsvp(email="p0@example.org"))  # a 409 duplicate

    await mailbox.wait_for(3)
    await a_full_pass(app.state.outbox)  # anything else queued has gone out too
    assert sorted(m["To"].addresses[0].addr_spec for m in mailbox.messages) == [
        "p0@example.org",
        "p1@example.org",
        "p2@example.org",
    ]
    assert await OutboxMessage.filter(sent_at=None).count() == 0


@pytest.mark.parametrize("field", ["firstName", "lastName", "email"])
async def test_line_breaks_in_names_or_address_are_refused(
    client: httpx.AsyncClient, field: str
) -> None:
    value = "Ann\r\nBcc: victim@example.org"
    if field == "email":
        value = "ann@example.org\r\nBcc: victim@example.org"

    response = await client.post("/api/rsvp", json=rsvp(**{field: value}))

    assert response.status_code == 422
    assert f"'{field}'" in response.json()["error"]
    assert await Rsvp.all().count() == 0


def queued(recipient: str = "ann@example.org", **data: str) -> QueuedMail:
    """A stored confirmation for the guest slot, as the sender claims it."""
    fields = {"slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee", **data}
    created = datetime(2025, 4, 1, 17, 0, tzinfo=UTC)
    return QueuedMail(7, "rsvp_confirmation", recipient, fields, created)


def test_builder_refuses_header_injection(app: Starlette, settings: Settings) -> None:
    context = MailContext(settings, app.state.catalogue)
    build = BUILDERS["rsvp_confirmation"]
    with pytest.raises(PermanentMailError):
        build_email(context, queued(first_name="Ann\nBcc: x@example.org"), build)
    with pytest.raises(HeaderInjectionError):
        build_email(context, queued("ann@example.org\r\nBcc: x@example.org"), build)


def test_message_id_and_date_are_stable_per_outbox_row(app: Starlette, settings: Settings) -> None:
    context = MailContext(settings, app.state.catalogue)
    build = BUILDERS["rsvp_confirmation"]
    first = build_email(context, queued(), build)
    again = build_email(context, queued(), build)

    assert first["Message-ID"] == again["Message-ID"] == "<outbox.7.20250401170000@civicstl.org>"
    assert first["Date"] == again["Date"]


def test_international_addresses_are_encoded_or_refused(
    app: Starlette, settings: Settings
) -> None:
    context = MailContext(settings, app.state.catalogue)
    build = BUILDERS["rsvp_confirmation"]
    # A Unicode domain goes out as IDNA, so the headers stay plain ASCII (no SMTPUTF8).
    message = build_email(context, queued("ann@bücher.example"), build)
    assert message["To"].addresses[0].addr_spec == "ann@xn--bcher-kva.example"
    assert bytes(message).split(b"\r\n\r\n", 1)[0].isascii()
    # A Unicode local part needs SMTPUTF8: the message is built with UTF-8 headers.
    message = build_email(context, queued("zoë@example.org"), build)
    assert message.policy.utf8
    with pytest.raises(PermanentMailError, match="IDNA"):
        build_email(context, queued("ann@exa_mple\u2028.org"), build)


def test_a_slot_gone_from_the_catalogue_is_permanent(app: Starlette, settings: Settings) -> None:
    context = MailContext(settings, app.state.catalogue)
    with pytest.raises(PermanentMailError, match="no longer in the event catalogue"):
        build_email(context, queued(slot_id="gone"), BUILDERS["rsvp_confirmation"])


async def test_smtp_outage_keeps_the_rsvp_and_delivers_later(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    port = free_port()
    settings = make_settings(smtp_port=port)
    async with make_client(settings) as client:
        response = await client.post("/api/rsvp", json=rsvp())
        assert response.status_code == 201
        assert await Rsvp.all().count() == 1

        # The sender keeps failing while nothing listens on the port.
        await eventually(OutboxMessage.filter(attempts__gte=2).exists)
        pending = await OutboxMessage.get()
        assert pending.sent_at is None
        assert pending.last_error

        server = SmtpServer(port)
        server.start()
        try:
            [message] = await server.mailbox.wait_for(1)
            assert message["To"].addresses[0].addr_spec == "ann@example.org"
            async def all_sent() -> bool:
                return not await OutboxMessage.filter(sent_at=None).exists()

            await eventually(all_sent)
        finally:
            server.stop()


async def test_outbox_survives_a_restart(
    make_settings: Callable[..., Settings], make_client: MakeClient, smtp_server: SmtpServer
) -> None:
    down = make_settings(smtp_port=free_port(), outbox_retry_base_seconds=60)
    async with make_client(down) as client:
        assert (await client.post("/api/rsvp", json=rsvp())).status_code == 201
    assert smtp_server.mailbox.messages == []

    # Same database, SMTP reachable again: the new process delivers the stored message.
    up = make_settings()
    async with make_client(up, fresh=False):
        # The first process scheduled its retry a minute away; make it due now.
        await OutboxMessage.all().update(next_attempt_at=datetime.now(UTC))
        [message] = await smtp_server.mailbox.wait_for(1)
        assert message["Subject"].startswith("Your RSVP")


async def test_file_transport_writes_eml(tmp_path: Path, settings: Settings) -> None:
    transport = FileTransport(tmp_path / "outbox")
    message = EmailMessage()
    message["Subject"] = "hi"
    message.set_content("body")
    await transport.send(7, message, sender="a@b.org", recipient="c@d.org",
                         still_wanted=always_wanted)

    assert (tmp_path / "outbox" / "0000000007.eml").read_bytes().startswith(b"Subject: hi")
    catalogue = load_catalogue(settings.events_file)
    sender = OutboxSender(settings, transport, lambda: catalogue)
    assert sender.backoff(1) <= settings.outbox_retry_base_seconds
    assert sender.backoff(30) <= settings.outbox_retry_max_seconds


async def test_a_message_withdrawn_at_the_last_moment_is_neither_sent_nor_written(
    tmp_path: Path, make_settings: Callable[..., Settings], smtp_server: SmtpServer,
    capsys: pytest.CaptureFixture[str],
) -> None:
    message = EmailMessage()
    message["Subject"] = "hi"
    message.set_content("body")
    asked: list[str] = []

    async def withdrawn() -> bool:
        asked.append("asked")
        return False

    smtp = SmtpTransport(make_settings())
    with pytest.raises(Withdrawn):
        await smtp.send(7, message, sender="a@b.org", recipient="c@d.org", still_wanted=withdrawn)
    await smtp.close()
    files = FileTransport(tmp_path / "outbox")
    with pytest.raises(Withdrawn):
        await files.send(7, message, sender="a@b.org", recipient="c@d.org", still_wanted=withdrawn)
    with pytest.raises(Withdrawn):
        await ConsoleTransport().send(7, message, sender="a@b.org", recipient="c@d.org",
                                      still_wanted=withdrawn)

    assert asked == ["asked", "asked", "asked"]
    assert capsys.readouterr().out == ""
    assert smtp_server.mailbox.messages == []
    assert not (tmp_path / "outbox").exists()


async def test_non_ascii_names_are_encoded(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    await client.post("/api/rsvp", json=rsvp(firstName="Zoë", lastName="Müller"))

    [message] = await mailbox.wait_for(1)
    assert message["To"].addresses[0].display_name == "Zoë Müller"
    text = message.get_body(("plain",))
    assert text is not None and "Hi Zoë," in text.get_content()


def test_mail_refuses_a_recipient_with_a_line_break() -> None:
    with pytest.raises(HeaderInjectionError):
        confirmation_mail(GUEST_SLOT, email="a@example.org\r\nBcc: x@example.org",
                          first_name="Ann", last_name="Lee", language="en")
