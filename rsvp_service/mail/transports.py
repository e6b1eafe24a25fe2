"""Mail transports: .eml files, SMTP (aiosmtplib) or the console."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Awaitable, Callable
from email.message import EmailMessage
from email.utils import parseaddr
from pathlib import Path
from typing import Protocol

import aiosmtplib

from rsvp_service.mail.message import as_bytes
from rsvp_service.settings import Settings

# Asked at the last moment before a message is handed over: is it still to be sent? (Its row
# may have been deleted, with the account it was for, while it was being built or connected.)
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


class SmtpTransport:
    """Send through an SMTP server with aiosmtplib."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._goodbyes: set[asyncio.Task[None]] = set()

    async def send(
        self, message_id: int, message: EmailMessage, *, sender: str, recipient: str,
        still_wanted: StillWanted,
    ) -> None:
        """Open a connection and send the message (raises on any SMTP or network error).

        Returns as soon as the server has accepted the message, so the sender records the
        delivery at once; the connection is closed politely (QUIT) in the background.
        aiosmtplib asks for SMTPUTF8 when the recipient's address needs it.
        """
        settings = self.settings
        client = aiosmtplib.SMTP(
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_username,
            password=settings.smtp_password,
            start_tls=settings.smtp_starttls,
            timeout=15,
        )
        try:
            await client.connect()
            # Asked once connected: a server that was down may have come back after the row
            # was deleted, and the connection is the last wait before the message goes out.
            await ensure_wanted(still_wanted)
            await client.send_message(message, sender=sender, recipients=[recipient])
        except BaseException:
            client.close()
            raise
        goodbye = asyncio.create_task(self._quit(client), name="smtp-quit")
        self._goodbyes.add(goodbye)
        goodbye.add_done_callback(self._goodbyes.discard)

    @staticmethod
    async def _quit(client: aiosmtplib.SMTP) -> None:
        # The message is already accepted; a server that answers QUIT badly changes nothing.
        with contextlib.suppress(aiosmtplib.SMTPException, OSError):
            await client.quit()
        client.close()

    async def close(self) -> None:
        """Wait for the connections still saying goodbye."""
        if self._goodbyes:
            await asyncio.gather(*self._goodbyes, return_exceptions=True)


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
