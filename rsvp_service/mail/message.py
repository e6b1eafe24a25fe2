"""The one mail builder: every kind of email becomes an `EmailMessage` here.

A kind (see `kinds.py`) declares what its rows hold (a `Payload` model, checked when queued)
and decides what its email says (a `Draft`); the headers, the stable Message-ID, the address
encoding and the MIME structure are made here for all kinds.
The name and subject, people's text, go into headers that never decode it (`headers.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from email.errors import HeaderParseError
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from typing import Any, Generic, Self, TypeVar
from urllib.parse import urlsplit

import idna
from pydantic import BaseModel, ConfigDict

from rsvp_service.events import Catalogue
from rsvp_service.i18n import DEFAULT, speaking, supported
from rsvp_service.mail import headers
from rsvp_service.mail.headers import HeaderInjectionError
from rsvp_service.settings import Settings

HOST_NAME = re.compile(r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*")
# The key of an outbox row's stored JSON that holds its language (no payload field has it).
LANGUAGE_KEY = "language"


class PermanentMailError(Exception):
    """The message can never be built or delivered as stored (it becomes a dead letter)."""


def check_header_value(value: str, what: str) -> str:
    """Return the value, refusing CR or LF (header injection)."""
    if "\r" in value or "\n" in value:
        raise HeaderInjectionError(f"The {what} must not contain line breaks.")
    return value


class Payload(BaseModel):
    """What one kind's builder needs: checked when the email is queued, stored as JSON."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> Self:
        """Read a row's stored JSON back as this payload."""
        # A key an earlier version stored and no field names is left out: rows queued before a
        # release still send after it.
        return cls.model_validate({key: value for key, value in data.items()
                                   if key in cls.model_fields})


@dataclass(frozen=True, slots=True)
class Mail:
    """An email to queue: its kind, its recipient and the payload its builder needs."""

    kind: str
    recipient: str
    payload: Payload
    # The account the email is for or about, if any: its deletion takes the email with it.
    user_id: int | None = None
    # The language it is written in: the one stored with what it is about (the RSVP, follow,
    # consent request, outside-hours request or account), stored with the row (LANGUAGE_KEY).
    language: str = DEFAULT

    def __post_init__(self) -> None:
        check_header_value(self.recipient, "recipient")


@dataclass(frozen=True, slots=True)
class QueuedMail:
    """An outbox row as the sender claims it (`data`: its stored JSON, read back by its kind)."""

    id: int
    kind: str
    recipient: str
    data: Mapping[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class MailContext:
    """What builders may read besides the row: the settings and the event catalogue."""

    settings: Settings
    catalogue: Catalogue


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file attached to a message."""

    data: bytes
    maintype: str
    subtype: str
    filename: str
    params: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class InlineImage:
    """An image the HTML body shows by its Content-ID (`<img src="cid:...">`)."""

    data: bytes
    subtype: str
    cid: str
    filename: str


@dataclass(frozen=True, slots=True)
class Draft:
    """What one email says: recipient's display name, subject, bodies and attachments."""

    to_name: str
    subject: str
    text: str
    html: str
    attachments: tuple[Attachment, ...] = ()
    inline: tuple[InlineImage, ...] = ()
    # Where replies go (a person's or organization's address, with its name), when not to no one:
    # From stays the service's own address for every kind.
    reply_to: str | None = None
    reply_to_name: str = ""
    # An https URL a POST to which unsubscribes the recipient at once (RFC 8058 one-click).
    unsubscribe_url: str | None = None
    # The list a message of many alike belongs to (RFC 2919 List-Id): its description, and its
    # label, which SITE_URL's host completes (`follows` -> `<follows.civicstl.org>`).
    list_name: str = ""
    list_label: str | None = None


Builder = Callable[[MailContext, QueuedMail], Draft]
P = TypeVar("P", bound=Payload)


@dataclass(frozen=True, slots=True)
class Kind(Generic[P]):
    """One kind of email: the payload model its rows hold, and what it says given that payload."""

    payload: type[P]
    says: Callable[[MailContext, QueuedMail, P], Draft]

    def __call__(self, context: MailContext, queued: QueuedMail) -> Draft:
        """Say what the row's email says, its stored JSON read back as the kind's payload."""
        return self.says(context, queued, self.payload.stored(queued.data))


def encodable_address(address: str, what: str = "recipient") -> str:
    """Return the address as it goes on the wire: an IDNA domain, UTF-8 only in a local part.

    Raises PermanentMailError when the address cannot be encoded at all.
    """
    check_header_value(address, what)
    local, at, domain = address.rpartition("@")
    if not at or not local or not domain:
        raise PermanentMailError(f"The {what} address has no local part or no domain.")
    if not domain.isascii():
        try:
            domain = idna.encode(domain, uts46=True).decode("ascii")
        except idna.IDNAError:
            raise PermanentMailError(f"The {what}'s domain cannot be encoded (IDNA).") from None
    return f"{local}@{domain}"


def _address(address: str, name: str) -> Address:
    local, _, domain = address.rpartition("@")
    return Address(display_name=name, username=local, domain=domain)


def message_id(queued: QueuedMail, sender: str) -> str:
    """Return the message's Message-ID: the same for every attempt to send one outbox row."""
    domain = parseaddr(sender)[1].rpartition("@")[2] or "civicstl.local"
    # The creation time keeps ids unique across databases that reuse row numbers.
    return f"<outbox.{queued.id}.{queued.created_at.strftime('%Y%m%d%H%M%S')}@{domain}>"


def list_namespace(settings: Settings) -> str:
    """Return the domain List-Ids end in: SITE_URL's host, or `localhost` if it is no name."""
    host = urlsplit(settings.site_url).hostname or ""
    # An IPv6 literal or an odd name cannot end a list identifier; RFC 2919 then says localhost.
    return host if HOST_NAME.fullmatch(host) else "localhost"


def language_of(queued: QueuedMail) -> str:
    """The language an outbox row is written in (English for rows queued before issue 41)."""
    language = queued.data.get(LANGUAGE_KEY, DEFAULT)
    return language if isinstance(language, str) and supported(language) else DEFAULT


def build_email(context: MailContext, queued: QueuedMail, builder: Builder) -> EmailMessage:
    """Build the complete message of an outbox row with its kind's builder, in its language."""
    settings = context.settings
    language = language_of(queued)
    try:
        with speaking(language):
            draft = builder(context, queued)
    except PermanentMailError:
        raise
    except Exception as exc:
        # Building depends only on the row and the catalogue: trying again changes nothing.
        raise PermanentMailError(f"The message could not be built: {exc!r}") from exc
    recipient = encodable_address(queued.recipient)
    reply_to = encodable_address(draft.reply_to, "reply-to") if draft.reply_to else None
    ascii_only = recipient.isascii() and (reply_to is None or reply_to.isascii())
    message = EmailMessage(policy=headers.SMTP if ascii_only else headers.SMTPUTF8)
    try:
        message["From"] = check_header_value(settings.mail_from, "sender")
        message["To"] = _address(recipient, draft.to_name)
        if reply_to is not None:
            message["Reply-To"] = _address(reply_to, draft.reply_to_name)
        message["Subject"] = draft.subject
        if draft.unsubscribe_url is not None:
            # Written as it is, on one line (headers.OneClickUnsubscribe): clients need the URL.
            message[headers.UNSUBSCRIBE] = f"<{draft.unsubscribe_url}>"
            message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        if draft.list_label is not None:
            list_id = f"{draft.list_label}.{list_namespace(settings)}"
            message[headers.LIST_ID] = f"{draft.list_name} <{list_id}>"
    except (HeaderParseError, IndexError, ValueError) as exc:
        raise PermanentMailError(f"A header of the message cannot be encoded: {exc}") from None
    message["Date"] = format_datetime(queued.created_at)
    message["Message-ID"] = message_id(queued, settings.mail_from)
    # Every kind is sent by the service, none by a person's own mail program (RFC 3834): out-of-
    # office replies and other responders stay silent. An organizer's message too: its copies
    # are made and sent by the outbox, From the service, to a slot's people as a list.
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(draft.text)
    message.add_alternative(draft.html, subtype="html")
    html_part = message.get_body(("html",))
    for image in draft.inline:
        # The HTML part becomes multipart/related holding the images it shows by cid:.
        assert html_part is not None
        html_part.add_related(
            image.data, maintype="image", subtype=image.subtype, cid=f"<{image.cid}>",
            filename=image.filename, disposition="inline",
        )
    for attachment in draft.attachments:
        message.add_attachment(
            attachment.data,
            maintype=attachment.maintype,
            subtype=attachment.subtype,
            filename=attachment.filename,
            params=dict(attachment.params),
        )
    # Last: set_content and each multipart change move the Content-* headers set before them.
    message["Content-Language"] = language
    return message


def as_bytes(message: EmailMessage) -> bytes:
    """Return the message as RFC 5322 bytes (UTF-8 headers only where its policy allows)."""
    return message.as_bytes(policy=message.policy)
