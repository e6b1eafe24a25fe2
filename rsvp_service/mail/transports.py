"""Mail transports: .eml files, SMTP (aiosmtplib) or the console."""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import sys
from collections.abc import Awaitable, Callable
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path
from typing import Any, Protocol

import aiosmtplib
from aiosmtplib.response import SMTPResponse
from aiosmtplib.typing import Default

from rsvp_service.mail.failures import describe
from rsvp_service.mail.message import as_bytes
from rsvp_service.settings import Settings

# Asked at the last moment before a message is handed over: is it still to be sent? (Its row
# may have been deleted, with the account it was for, while it was being built or connected.)
# The outbox's answer also records the hand-over, so a crash after it leaves the row uncertain.
StillWanted = Callable[[], Awaitable[bool]]


class Withdrawn(Exception):
    """The message was no longer wanted when it was about to be handed over: nothing was sent."""


async def ensure_wanted(still_wanted: StillWanted) -> None:
    """Raise Withdrawn unless the message is still to be sent."""
    if not await still_wanted():
        raise Withdrawn


class Transport(Protocol):
    """Something that delivers one message to its recipient."""

    async def send(
        self, message_id: int, message: EmailMessage, *, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        """Deliver the message or raise (Withdrawn when `still_wanted` says no)."""

    async def close(self) -> None:
        """Finish whatever the transport still does after its last send."""


class FileTransport:
    """Write each message to <folder>/<outbox id>.eml (rewriting it on a retry)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _write(self, message_id: int, message: EmailMessage) -> None:
        raw = as_bytes(message)
        self.folder.mkdir(parents=True, exist_ok=True)
        final = self.folder / f"{message_id:010d}.eml"
        partial = final.with_suffix(".eml.tmp")
        partial.write_bytes(raw)
        # The rename makes a half-written file impossible to observe.
        partial.replace(final)

    async def send(
        self, message_id: int, message: EmailMessage, *, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        """Serialize and write the .eml file in a worker thread."""
        await ensure_wanted(still_wanted)
        await asyncio.to_thread(self._write, message_id, message)

    async def close(self) -> None:
        """Nothing to finish: every write is complete when send returns."""


class ConsoleTransport:
    """Print each message to standard output (for development)."""

    async def send(
        self, message_id: int, message: EmailMessage, *, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        """Print the message with a separator line."""
        await ensure_wanted(still_wanted)
        sys.stdout.write(f"----- mail #{message_id} to {recipient} -----\n")
        sys.stdout.write(as_bytes(message).decode("utf-8", errors="replace") + "\n")
        sys.stdout.flush()

    async def close(self) -> None:
        """Nothing to finish."""


class Uncertain(Exception):
    """The connection failed after the message was handed over: it may have been delivered."""


class _Client(aiosmtplib.SMTP):
    """An SMTP client that asks `still_wanted` (which records the hand-over) before DATA.

    aiosmtplib (5.1) has no hook between RCPT and DATA; its `sendmail` calls `self.data`, which
    this overrides. Should that change, the hand-over tests (tests/rsvp_service/mail/
    test_outbox_crash.py, test_smtp_relay.py) fail: nothing would be marked handed over.
    """

    still_wanted: StillWanted
    handed_over = False

    async def data(
        self, message: str | bytes, timeout: Any = Default.token  # noqa: ASYNC109 (aiosmtplib's)
    ) -> SMTPResponse:
        """Ask `still_wanted` last of all, then send DATA and the message."""
        await ensure_wanted(self.still_wanted)
        self.handed_over = True
        return await super().data(message, timeout=timeout)


class SmtpTransport:
    """Send through an SMTP server with aiosmtplib, over connections kept open between messages.

    Each concurrent send takes an idle connection of its own (or opens one), so there are at
    most as many as the sender's MAIL_SENDERS. One TLS context serves them all: aiosmtplib
    would otherwise load the system's CA certificates again for every connection.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tls_context = ssl.create_default_context() if settings.smtp_starttls else None
        self._idle: list[_Client] = []

    async def send(
        self, message_id: int, message: EmailMessage, *, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        """Send the message over an open connection (raises on any SMTP or network error).

        `still_wanted` is asked once the server accepted the recipient, just before DATA; a
        failure after that, other than an answer from the server, raises Uncertain. A kept
        connection the server closed while idle is replaced once, before anything was handed.
        aiosmtplib asks for SMTPUTF8 when the recipient's address needs it.
        """
        client = self._idle.pop() if self._idle else self._client()
        reused = client.is_connected
        try:
            try:
                await self._transact(client, message, sender, recipient, still_wanted)
            except (aiosmtplib.SMTPServerDisconnected, aiosmtplib.SMTPResponseException) as exc:
                if not (reused and _closed_while_idle(exc)) or client.handed_over:
                    raise
                client.close()
                client = self._client()
                await self._transact(client, message, sender, recipient, still_wanted)
        except (aiosmtplib.SMTPResponseException, aiosmtplib.SMTPRecipientsRefused, Withdrawn) \
                as exc:
            # The server's answer (aiosmtplib reset the envelope) or withdrawn before DATA:
            # the connection is still good for the next message.
            if isinstance(exc, Withdrawn):
                await self._reset(client)
            if client.is_connected:
                self._idle.append(client)
            raise
        except BaseException as exc:
            client.close()
            if client.handed_over and isinstance(exc, Exception):
                raise Uncertain(describe(exc)) from exc
            raise
        self._idle.append(client)

    @staticmethod
    async def _transact(
        client: _Client, message: EmailMessage, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        if not client.is_connected:
            await client.connect()
        client.still_wanted, client.handed_over = still_wanted, False
        await client.send_message(message, sender=sender, recipients=[recipient])

    @staticmethod
    async def _reset(client: _Client) -> None:
        try:
            await client.rset()
        except (aiosmtplib.SMTPException, OSError):
            client.close()

    def _client(self) -> _Client:
        settings = self.settings
        return _Client(
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_username,
            password=settings.smtp_password,
            start_tls=settings.smtp_starttls,
            tls_context=self.tls_context,
            timeout=settings.smtp_timeout,
        )

    @staticmethod
    async def _quit(client: _Client) -> None:
        # Every message is already accepted; a server that answers QUIT badly changes nothing.
        with contextlib.suppress(aiosmtplib.SMTPException, OSError):
            await client.quit()
        client.close()

    async def close(self) -> None:
        """Say goodbye (QUIT) on the connections kept open."""
        idle, self._idle = self._idle, []
        await asyncio.gather(*(self._quit(client) for client in idle))


def _closed_while_idle(exc: Exception) -> bool:
    # A relay ends an idle session by closing it or, first, by answering 421 (closing).
    return (isinstance(exc, aiosmtplib.SMTPServerDisconnected)
            or (isinstance(exc, aiosmtplib.SMTPResponseException) and exc.code == 421))


def envelope_sender(settings: Settings) -> str:
    """Return the bare address of MAIL_FROM, for the SMTP envelope."""
    return parseaddr(settings.mail_from)[1]


def make_transport(settings: Settings) -> Transport:
    """Return the transport MAIL_BACKEND names."""
    if settings.mail_backend == "smtp":
        return SmtpTransport(settings)
    if settings.mail_backend == "console":
        return ConsoleTransport()
    return FileTransport(settings.outbox_dir)
