"""A fast MIME writer for the one message shape the service sends in bulk.

The standard library's EmailMessage takes milliseconds to build and serialise a message with
alternatives and an attachment; RSVP confirmations are sent for every RSVP, so they are
written directly: multipart/mixed(multipart/alternative(text, html), attachments...), every
body base64-encoded (no line-length or charset pitfalls) and non-ASCII headers RFC 2047-encoded.
"""

from __future__ import annotations

import base64
import secrets
from email.header import Header
from email.utils import formatdate, make_msgid

from rsvp_service.mail.message import address_domain, check_header_value

Attachment = tuple[bytes, str, str, str]


def _header(value: str) -> str:
    check_header_value(value, "header")
    if value.isascii():
        return value
    return Header(value, "utf-8").encode(linesep="\r\n")


def _part(content_type: str, body: bytes, *, extra: str = "") -> bytes:
    head = f"Content-Type: {content_type}\r\nContent-Transfer-Encoding: base64\r\n{extra}\r\n"
    encoded = base64.encodebytes(body).replace(b"\n", b"\r\n")
    return head.encode() + encoded


def compose(
    *, sender: str, to: str, subject: str, text: str, html: str, attachments: tuple[Attachment, ...]
) -> bytes:
    """Return the RFC 5322 bytes of a text + HTML message with attachments.

    `sender` and `to` must already be formatted addresses (see message.format_address).
    """
    check_header_value(sender, "sender")
    check_header_value(to, "recipient")
    mixed = f"mixed-{secrets.token_hex(12)}"
    alternative = f"alt-{secrets.token_hex(12)}"
    headers = (
        f"From: {sender}\r\n"
        f"To: {to}\r\n"
        f"Subject: {_header(subject)}\r\n"
        f"Date: {formatdate(localtime=False, usegmt=True)}\r\n"
        f"Message-ID: {make_msgid(domain=address_domain(sender))}\r\n"
        "MIME-Version: 1.0\r\n"
        f'Content-Type: multipart/mixed; boundary="{mixed}"\r\n\r\n'
    )
    parts = [
        f"--{mixed}\r\n".encode(),
        f'Content-Type: multipart/alternative; boundary="{alternative}"\r\n\r\n'.encode(),
        f"--{alternative}\r\n".encode(),
        _part('text/plain; charset="utf-8"', text.encode()),
        f"--{alternative}\r\n".encode(),
        _part('text/html; charset="utf-8"', html.encode()),
        f"--{alternative}--\r\n".encode(),
    ]
    for data, maintype, subtype, filename in attachments:
        check_header_value(filename, "attachment name")
        params = '; method="PUBLISH"' if subtype == "calendar" else ""
        disposition = f'Content-Disposition: attachment; filename="{filename}"\r\n'
        parts.append(f"--{mixed}\r\n".encode())
        parts.append(_part(f"{maintype}/{subtype}{params}", data, extra=disposition))
    parts.append(f"--{mixed}--\r\n".encode())
    return headers.encode() + b"".join(parts)
