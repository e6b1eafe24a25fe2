"""The RSVP confirmation email (text + HTML + .ics)."""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage

from rsvp_service.events import Slot
from rsvp_service.mail.ics import slot_calendar
from rsvp_service.mail.message import build_message, format_address
from rsvp_service.mail.render import render
from rsvp_service.settings import Settings


def rsvp_confirmation(
    settings: Settings, slot: Slot, *, email: str, first_name: str, last_name: str, stamp: datetime
) -> EmailMessage:
    """Build the confirmation sent for every RSVP, with the slot as a calendar attachment."""
    context = {"slot": slot, "first_name": first_name, "site_url": settings.site_url}
    text, html = render("rsvp_confirmation", **context)
    description = f"{slot.title}, {slot.date_text}, {slot.time}. {settings.site_url}"
    ics = slot_calendar(slot, email=email, stamp=stamp, description=description)
    name = f"{first_name} {last_name}".strip()
    return build_message(
        sender=settings.mail_from,
        to=format_address(name, email),
        subject=f"Your RSVP: {slot.title}, {slot.date_text}",
        text=text,
        html=html,
        attachments=((ics, "text", "calendar", "event.ics"),),
    )
