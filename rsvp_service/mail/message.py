"""Building RFC 5322 messages safely (no header injection)."""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import formataddr, make_msgid, parseaddr


class HeaderInjectionError(ValueError):
    """A name or address carried a line break, which could smuggle in extra headers."""


def check_header_value(value: str, what: str) -> str:
    """Return the value, refusing CR or LF (header injection)."""
    if "\r" in value or "\n" in value:
        raise HeaderInjectionError(f"The {what} must not contain line breaks.")
    return value


def format_address(name: str, email: str) -> str:
    """Format a display name and address for a header, refusing CR/LF in either."""
    check_header_value(name, "name")
    check_header_value(email, "email address")
    return formataddr((name, email))


def address_domain(address: str) -> str:
    """Return the domain of a formatted address, for Message-ID generation."""
    return parseaddr(address)[1].rpartition("@")[2] or "civicstl.local"


def build_message(
    *,
    sender: str,
    to: str,
    subject: str,
    text: str,
    html: str,
    attachments: tuple[tuple[bytes, str, str, str], ...] = (),
) -> EmailMessage:
    """Return a multipart (text + HTML) message; attachments are (data, maintype, subtype, name)."""
    check_header_value(sender, "sender")
    check_header_value(to, "recipient")
    check_header_value(subject, "subject")
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = make_msgid(domain=address_domain(sender))
    message.set_content(text)
    message.add_alternative(html, subtype="html")
    for data, maintype, subtype, filename in attachments:
        params = {"method": "PUBLISH"} if subtype == "calendar" else {}
        message.add_attachment(
            data, maintype=maintype, subtype=subtype, filename=filename, params=params
        )
    return message


def recipient_address(message: EmailMessage) -> str:
    """Return the bare address of the message's first To recipient."""
    addresses: tuple[Address, ...] = message["To"].addresses
    return addresses[0].addr_spec if addresses else ""
