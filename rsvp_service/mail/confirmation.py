"""The RSVP confirmation email (text + HTML + .ics), built by the sender, not the request.

Building a MIME message with a calendar costs milliseconds, so POST /api/rsvp only stores
what the email is made from (`confirmation_payload`) and the outbox sender builds it
(`build_confirmation`) when it delivers.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime
from functools import lru_cache
from typing import Any

from rsvp_service.events import Slot
from rsvp_service.mail.ics import slot_calendar
from rsvp_service.mail.message import format_address
from rsvp_service.mail.mime import compose
from rsvp_service.mail.render import render
from rsvp_service.settings import Settings

KIND = "rsvp_confirmation"


@lru_cache(maxsize=1024)
def _slot_json(slot: Slot) -> str:
    # The same for every RSVP to a slot, so encoded once (slots are frozen and hashable).
    fields = {field.name: getattr(slot, field.name) for field in dataclasses.fields(slot)}
    fields["start"] = slot.start.isoformat()
    fields["end"] = slot.end.isoformat()
    return json.dumps(fields, separators=(",", ":"))


def confirmation_payload(
    slot: Slot, *, email: str, first_name: str, last_name: str, stamp: datetime
) -> str:
    """Return the JSON the confirmation is built from (self-contained: it copies the slot)."""
    person = json.dumps(
        {"email": email, "first_name": first_name, "last_name": last_name,
         "stamp": stamp.isoformat()},
        separators=(",", ":"),
    )
    return f'{{"slot":{_slot_json(slot)},{person[1:]}'


def build_confirmation(settings: Settings, payload: dict[str, Any]) -> bytes:
    """Build the confirmation message (RFC 5322 bytes) from a `confirmation_payload`."""
    fields = dict(payload["slot"])
    fields["start"] = datetime.fromisoformat(fields["start"])
    fields["end"] = datetime.fromisoformat(fields["end"])
    slot = Slot(**fields)
    first_name, last_name, email = payload["first_name"], payload["last_name"], payload["email"]
    text, html = render(
        "rsvp_confirmation", slot=slot, first_name=first_name, site_url=settings.site_url
    )
    description = f"{slot.title}, {slot.date_text}, {slot.time}. {settings.site_url}"
    stamp = datetime.fromisoformat(payload["stamp"])
    ics = slot_calendar(slot, email=email, stamp=stamp, description=description)
    return compose(
        sender=settings.mail_from,
        to=format_address(f"{first_name} {last_name}".strip(), email),
        subject=f"Your RSVP: {slot.title}, {slot.date_text}",
        text=text,
        html=html,
        attachments=((ics, "text", "calendar", "event.ics"),),
    )
