"""Mail helpers of the service tests: a test SMTP server, mailboxes, and the links mails carry."""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from email.message import EmailMessage
from typing import Any

import httpx
from conftest import Mailbox, free_port
from service_testkit import TINY_SLOT, ClosingController

TOKEN = re.compile(r"/cancel#token=([A-Za-z0-9_-]+)")


async def always_wanted() -> bool:
    """A transport's `still_wanted` for a message nothing withdraws."""
    return True


def person(name: str, **more: Any) -> dict[str, Any]:
    """An RSVP to the two-seat slot."""
    return {"eventId": TINY_SLOT, "email": f"{name}@example.org", "firstName": name.title(),
            "lastName": "Lee"} | more


class ServerMailbox(Mailbox):
    """A mailbox whose server can be slow to accept, or refuse, recipients."""

    def __init__(self, *, delay: float = 0.0, refuse: str = "") -> None:
        super().__init__()
        self.delay = delay
        self.refuse = refuse

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: list[str]
    ) -> str:
        """Accept the recipient after `delay`, or refuse it permanently (aiosmtpd hook)."""
        await asyncio.sleep(self.delay)
        if self.refuse and address.startswith(self.refuse):
            return f"550 5.1.1 <{address}>: Recipient address rejected: user unknown"
        envelope.rcpt_tos.append(address)
        return "250 OK"


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
