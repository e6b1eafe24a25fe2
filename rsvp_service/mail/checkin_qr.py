"""The check-in block of RSVP emails: the person's code as text and as an inline QR code image."""

from __future__ import annotations

from typing import Any

from rsvp_service.checkin_codes import display, qr_png
from rsvp_service.mail.message import InlineImage, QueuedMail


def checkin_block(queued: QueuedMail) -> tuple[dict[str, Any], tuple[InlineImage, ...]]:
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
