"""Mail helpers of the service tests: a test SMTP server, mailboxes, the links and calendar files
mails carry."""

from __future__ import annotations

import asyncio
import base64
import email
import email.policy
import re
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.header import decode_header, make_header
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from service_testkit import GUEST_SLOT, TINY_SLOT, ClosingController
from starlette.applications import Starlette
from tortoise.transactions import in_transaction

from rsvp_service.mail.outbox import enqueue
from rsvp_service.mail.rsvp_notices import confirmation_mail
from tests.ports import free_port

TOKEN = re.compile(r"/cancel\?token=([A-Za-z0-9_-]+)")
VERIFY = re.compile(r"/verify\?token=([A-Za-z0-9_.~%-]+)")


class Mailbox:
    """An aiosmtpd handler that keeps every received message."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.raw: list[bytes] = []
        self.envelopes: list[tuple[str, list[str]]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Store the message (aiosmtpd hook)."""
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        self.raw.append(envelope.content)
        self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
        # Last: wait_for watches this list from the test's thread, which then reads the others.
        self.messages.append(message)
        return "250 Message accepted for delivery"

    async def wait_for(self, count: int, seconds: float = 10.0) -> list[EmailMessage]:
        """Wait until at least `count` messages arrived; return them (fail after `seconds`)."""
        # aiosmtpd delivers on its own thread and loop, so polling is the simple bridge.
        for _ in range(int(seconds / 0.02)):
            if len(self.messages) >= count:
                return self.messages
            await asyncio.sleep(0.02)
        raise AssertionError(f"expected {count} messages, got {len(self.messages)}")

    def to(self, address: str) -> list[EmailMessage]:
        """Return the messages addressed to `address`."""
        return [m for m in self.messages if address in str(m["To"])]


class SmtpServer:
    """A real SMTP server on loopback that can be stopped and started again."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.mailbox = Mailbox()
        self.controller: ClosingController | None = None

    def start(self) -> None:
        """Start listening on the port."""
        self.controller = ClosingController(self.mailbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        """Stop listening (connections are refused until start)."""
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


async def always_wanted() -> bool:
    """A transport's `still_wanted` for a message nothing withdraws."""
    return True


def person(name: str, **more: Any) -> dict[str, Any]:
    """An RSVP to the two-seat slot."""
    return {"eventId": TINY_SLOT, "email": f"{name}@example.org", "firstName": name.title(),
            "lastName": "Lee"} | more


class ServerMailbox(Mailbox):
    """A mailbox whose server can be slow to accept, or refuse, recipients, slow to answer DATA,
    or hold its answer to DATA until the test releases it; it counts connections and the
    messages it was taking at once."""

    def __init__(self, *, delay: float = 0.0, refuse: str = "", data_delay: float = 0.0) -> None:
        super().__init__()
        self.delay = delay
        self.refuse = refuse
        self.data_delay = data_delay
        # When set up, DATA is answered only once `release` is set; `holding` tells it began.
        self.release: threading.Event | None = None
        self.holding = threading.Event()
        self.sessions: list[Any] = []
        self.in_flight = 0
        self.most_in_flight = 0

    @property
    def connections(self) -> int:
        """How many connections sent at least one message."""
        return len(self.sessions)

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        """Accept the recipient after `delay`, or refuse it permanently (aiosmtpd hook)."""
        await asyncio.sleep(self.delay)
        if self.refuse and address.startswith(self.refuse):
            return f"550 5.1.1 <{address}>: Recipient address rejected: user unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        """Take the message, answering after `data_delay` or once released (aiosmtpd hook)."""
        if not any(known is session for known in self.sessions):
            self.sessions.append(session)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.data_delay)
            if self.release is None:
                return await super().handle_DATA(server, session, envelope)
            # Kept before the answer, as a relay that queued it: the answer may never arrive.
            answer = await super().handle_DATA(server, session, envelope)
            self.holding.set()
            await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 60)
            return answer
        finally:
            self.in_flight -= 1


@contextmanager
def smtp_server(handler: Mailbox, **parameters: Any) -> Iterator[int]:
    """Run an SMTP server with the handler on a free loopback port; yield the port."""
    port = free_port()
    controller = ClosingController(handler, hostname="127.0.0.1", port=port, **parameters)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


async def queue(app: Starlette, *emails: str) -> list[int]:
    """Queue a confirmation for each address in one transaction and wake the sender."""
    async with in_transaction() as connection:
        ids = [
            await enqueue(
                confirmation_mail(GUEST_SLOT, email=email, first_name="Ann", last_name="Lee",
                                  language="en"),
                connection=connection,
            )
            for email in emails
        ]
    app.state.outbox.wake()
    return ids


def recipients(mailbox: Mailbox) -> Counter[str]:
    """How many messages each envelope recipient got."""
    return Counter(rcpt for _, rcpts in mailbox.envelopes for rcpt in rcpts)


def body(message: EmailMessage) -> str:
    """The plain-text body of a message."""
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return str(part.get_content())


def token_in(message: EmailMessage, link: re.Pattern[str] = TOKEN) -> str:
    """The token of the first link matching `link` in a message's text (by default: cancel)."""
    found = link.search(body(message))
    assert found is not None, body(message)
    return found.group(1)


async def arrived(mailbox: Mailbox, address: str, subject: str) -> list[EmailMessage]:
    """Wait until mail to the address with a subject starting so arrived; return all of it."""
    for _ in range(500):
        found = [m for m in mailbox.to(address) if str(m["Subject"]).startswith(subject)]
        if found:
            return found
        await asyncio.sleep(0.02)
    raise AssertionError(f"no mail to {address} with subject {subject!r}")


async def fill(client: httpx.AsyncClient, *names: str) -> list[httpx.Response]:
    """RSVP the given people one after the other, joining the waitlist when full."""
    return [await client.post("/api/rsvp", json=person(n, waitlist=True)) for n in names]


def header_lines(raw: bytes, name: str) -> list[str]:
    """The unfolded values of a header in raw message bytes, as a receiver's filter reads them."""
    head = raw.split(b"\r\n\r\n", 1)[0].replace(b"\r\n ", b" ").replace(b"\r\n\t", b"\t")
    found = re.findall(rb"^" + re.escape(name.encode()) + rb": ([^\r]*)", head,
                       re.MULTILINE | re.IGNORECASE)
    return [value.decode() for value in found]


@dataclass
class DkimKey:
    """A DKIM key made for a test: its PEM file, and DNS answering its public record."""

    path: Path
    selector: str
    domain: str
    record: bytes
    asked: list[bytes] = field(default_factory=list)

    def dns(self, name: bytes, timeout: int = 5) -> bytes | None:
        """dkimpy's DNS lookup (dnsfunc): the record at SELECTOR._domainkey.DOMAIN only."""
        self.asked.append(name)
        return self.record if name == f"{self.selector}._domainkey.{self.domain}.".encode() \
            else None

    def verifies(self, raw: bytes) -> bool:
        """Whether dkimpy verifies the raw message against this key's record."""
        import dkim  # the mail tests' alone: the others run without it

        return bool(dkim.verify(raw, dnsfunc=self.dns))


def dkim_key(folder: Path, *, selector: str, domain: str) -> DkimKey:
    """Make an RSA key: its PEM file in `folder` and the TXT record publishing its public half."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    path = folder / "dkim.pem"
    path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.PKCS8,
                                       serialization.NoEncryption()))
    public = key.public_key().public_bytes(serialization.Encoding.DER,
                                           serialization.PublicFormat.SubjectPublicKeyInfo)
    return DkimKey(path, selector, domain, b"v=DKIM1; k=rsa; p=" + base64.b64encode(public))


def dkim_tags(raw: bytes) -> dict[str, str]:
    """The tags of the one DKIM-Signature of raw message bytes."""
    [signature] = header_lines(raw, "DKIM-Signature")
    return dict(tag.strip().split("=", 1) for tag in signature.split(";") if tag.strip())


def calendar_parts(mailbox: Mailbox, address: str, subject: str) -> list[tuple[str, bytes]]:
    """(Content-Type header, .ics) of each calendar part of the mail received with a subject."""
    found = []
    for raw in mailbox.raw:
        message = email.message_from_bytes(raw, policy=email.policy.default)
        if address in str(message["To"]) and str(message["Subject"]).startswith(subject):
            for part in message.walk():
                if part.get_content_type() == "text/calendar":
                    data = part.get_payload(decode=True)
                    assert isinstance(data, bytes)
                    found.append((str(part["Content-Type"]), data))
    return found


def read_raw(raw: bytes) -> tuple[dict[str, str], dict[str, str]]:
    """A message's headers (encoded words decoded) and its text parts by content type, read from
    the raw bytes with the compat32 parser, not the policy that built the message."""
    message = email.message_from_bytes(raw, policy=email.policy.compat32)
    headers = {name: str(make_header(decode_header(value))) for name, value in message.items()}
    parts = {}
    for part in message.walk():
        if part.get_content_maintype() == "text":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            parts[part.get_content_type()] = payload.decode(part.get_content_charset() or "utf-8")
    return headers, parts
