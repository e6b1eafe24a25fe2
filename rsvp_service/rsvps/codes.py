"""Check-in codes: 8 random Crockford base32 characters per RSVP, shown as ABCD-2345 and as QR.

A code is random and stored (never derived from the RSVP), so knowing one code says nothing
about any other; it is unique within its slot. Typed codes are read the Crockford way:
case does not matter, O reads as 0, I and L as 1, and hyphens and spaces are ignored.
Emails show the code with `email_block` (text, and the QR code inline by Content-ID); the
dashboard shows it with `qr_svg_uri`.
"""

from __future__ import annotations

import io
import secrets
from typing import Any

import segno

from rsvp_service.mail.message import InlineImage, QueuedMail

# Crockford's base32: digits and letters without I, L, O and U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
_READS_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """Return a fresh random code as stored (8 characters, no hyphen): 40 random bits."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def display(code: str) -> str:
    """Return a stored code as people see it: ABCD-2345."""
    return f"{code[:4]}-{code[4:]}"


def parse(typed: str) -> str | None:
    """Return the stored form of a typed or scanned code, or None when it cannot be one."""
    cleaned = "".join(typed.split()).replace("-", "").upper().translate(_READS_AS)
    if len(cleaned) != LENGTH or any(character not in ALPHABET for character in cleaned):
        return None
    return cleaned


def qr_png(code: str) -> bytes:
    """Return a PNG QR code that encodes only the code as people see it (ABCD-2345)."""
    # Upper-case letters, digits and '-' fit QR's alphanumeric mode: a small version-1 code.
    qr = segno.make_qr(display(code), error="m")
    buffer = io.BytesIO()
    qr.save(buffer, kind="png", scale=6, border=4)
    return buffer.getvalue()


def qr_svg_uri(code: str) -> str:
    """Return the same QR code as an SVG data: URI (percent-encoded), for the dashboard."""
    return str(segno.make_qr(display(code), error="m").svg_data_uri(border=4))


def email_block(queued: QueuedMail) -> tuple[dict[str, Any], tuple[InlineImage, ...]]:
    """Return the template values and the inline QR image for the code an outbox row carries.

    Rows queued without a code (before codes existed, or a waitlist notice) show no block.
    """
    code = queued.data.get("checkin_code")
    if not code:
        return {"checkin_code": None, "qr_cid": None}, ()
    # Unique per message (RFC 2392 asks for a globally unique Content-ID).
    cid = f"checkin-code.{queued.id}@civicstl.org"
    image = InlineImage(qr_png(code), "png", cid, "check-in-code.png")
    return {"checkin_code": display(code), "qr_cid": cid}, (image,)
