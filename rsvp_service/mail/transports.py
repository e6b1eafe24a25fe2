"""Mail transports: .eml files, SMTP (aiosmtplib) or the console."""

from __future__ import annotations

import asyncio
import sys
from email.utils import parseaddr
from pathlib import Path
from typing import Protocol

import aiosmtplib

from rsvp_service.settings import Settings


class Transport(Protocol):
    """Something that delivers one raw message to its recipients."""

    async def send(self, message_id: int, raw: bytes, *, sender: str, recipient: str) -> None:
        """Deliver the message or raise."""


class FileTransport:
    """Write each message to <folder>/<outbox id>.eml (rewriting it on a retry)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _write(self, message_id: int, raw: bytes) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        final = self.folder / f"{message_id:010d}.eml"
        partial = final.with_suffix(".eml.tmp")
        partial.write_bytes(raw)
        # The rename makes a half-written file impossible to observe.
        partial.replace(final)

    async def send(self, message_id: int, raw: bytes, *, sender: str, recipient: str) -> None:
        """Write the .eml file in a worker thread."""
        await asyncio.to_thread(self._write, message_id, raw)


class ConsoleTransport:
    """Print each message to standard output (for development)."""

    async def send(self, message_id: int, raw: bytes, *, sender: str, recipient: str) -> None:
        """Print the message with a separator line."""
        sys.stdout.write(f"----- mail #{message_id} to {recipient} -----\n")
        sys.stdout.write(raw.decode("utf-8", errors="replace") + "\n")
        sys.stdout.flush()


class SmtpTransport:
    """Send through an SMTP server with aiosmtplib."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    async def send(self, message_id: int, raw: bytes, *, sender: str, recipient: str) -> None:
        """Open a connection and send the message (raises on any SMTP or network error)."""
        settings = self.settings
        await aiosmtplib.send(
            raw,
            sender=sender,
            recipients=[recipient],
            hostname=settings.smtp_host,
            port=settings.smtp_port,
            username=settings.smtp_username,
            password=settings.smtp_password,
            start_tls=settings.smtp_starttls,
            timeout=15,
        )


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
