"""Check-in codes: 8 random Crockford base32 characters per RSVP, shown as ABCD-2345 and as QR.

A code is random and stored (never derived from the RSVP), so knowing one code says nothing
about any other; it is unique within its slot. Typed codes are read the Crockford way:
case does not matter, O reads as 0, I and L as 1, and hyphens and spaces are ignored.
How a code is shown (ABCD-2345, its QR code in emails) is `mail.checkin_code`'s; the dashboard
shows it with `qr_svg_uri`.
"""

from __future__ import annotations

import secrets

from rsvp_service.mail.checkin_code import qr

# Crockford's base32: digits and letters without I, L, O and U.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
_READS_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_code() -> str:
    """Return a fresh random code as stored (8 characters, no hyphen): 40 random bits."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def parse(typed: str) -> str | None:
    """Return the stored form of a typed or scanned code, or None when it cannot be one."""
    cleaned = "".join(typed.split()).replace("-", "").upper().translate(_READS_AS)
    if len(cleaned) != LENGTH or any(character not in ALPHABET for character in cleaned):
        return None
    return cleaned


def qr_svg_uri(code: str) -> str:
    """Return the code's QR code as an SVG data: URI (percent-encoded), for the dashboard."""
    return str(qr(code).svg_data_uri(border=4))

