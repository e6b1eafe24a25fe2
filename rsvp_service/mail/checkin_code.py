"""How a check-in code is shown: as people read it (ABCD-2345), and as a QR code in emails.

The code itself is made and parsed by `rsvps.codes`; emails show it with `email_block` (text, and
the QR code inline by Content-ID), the dashboard with `rsvps.codes.qr_svg_uri`.
"""

from __future__ import annotations

import io
from typing import Any

import segno

from rsvp_service.mail.message import InlineImage


def display(code: str) -> str:
    """Return a stored code as people see it: ABCD-2345."""
    return f"{code[:4]}-{code[4:]}"


def qr(code: str) -> segno.QRCode:
    """Return the QR code of a code as people see it (ABCD-2345), and nothing else."""
    # Upper-case letters, digits and '-' fit QR's alphanumeric mode: a small version-1 code.
    return segno.make_qr(display(code), error="m")


def qr_png(code: str) -> bytes:
    """Return the code's QR code as a PNG."""
    buffer = io.BytesIO()
    qr(code).save(buffer, kind="png", scale=6, border=4)
    return buffer.getvalue()


def email_block(mail_id: int, code: str | None) -> tuple[dict[str, Any], tuple[InlineImage, ...]]:
    """Return the template values and the inline QR image of the code an outbox row carries.

    Rows queued without a code (before codes existed, or a waitlist notice) show no block.
    """
    if not code:
        return {"checkin_code": None, "qr_cid": None}, ()
    # Unique per message (RFC 2392 asks for a globally unique Content-ID).
    cid = f"checkin-code.{mail_id}@civicstl.org"
    image = InlineImage(qr_png(code), "png", cid, "check-in-code.png")
    return {"checkin_code": display(code), "qr_cid": cid}, (image,)
