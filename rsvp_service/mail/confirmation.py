"""The RSVP confirmation email (text, HTML, .ics, check-in QR code): built when sent, from data."""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.mail.message import (
    Attachment,
    Draft,
    Mail,
    MailContext,
    PermanentMailError,
    QueuedMail,
)
from rsvp_service.mail.render import render
from rsvp_service.rsvps.codes import email_block
from rsvp_service.settings import Settings

KIND = "rsvp_confirmation"


def confirmation_mail(
    slot_id: str, *, email: str, first_name: str, last_name: str, cancel_token: str | None = None,
    checkin_code: str | None = None, user_id: int | None = None,
) -> Mail:
    """Return the confirmation to queue with an RSVP (the slot is looked up when it is sent)."""
    data = {"slot_id": slot_id, "first_name": first_name, "last_name": last_name,
            "cancel_token": cancel_token, "checkin_code": checkin_code}
    return Mail(KIND, email, data, user_id)


def cancel_url(settings: Settings, token: str | None) -> str | None:
    """Return the cancel page link carrying the token in its fragment (never sent to a server)."""
    return None if not token else links.link(settings, "/cancel", fragment={"token": token})


def build_confirmation(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the confirmation of one RSVP says, from the catalogue's current slot."""
    settings, data = context.settings, queued.data
    slot = context.catalogue.slots.get(data["slot_id"])
    if slot is None:
        raise PermanentMailError(
            f"The slot {data['slot_id']!r} is no longer in the event catalogue."
        )
    first_name, last_name = data["first_name"], data["last_name"]
    checkin, inline = email_block(queued)
    text, html = render(
        "rsvp_confirmation", slot=slot, first_name=first_name, site_url=links.site(settings),
        cancel_url=cancel_url(settings, data.get("cancel_token")), **checkin,
    )
    return Draft(
        to_name=f"{first_name} {last_name}".strip(),
        subject=f"Your RSVP: {slot.title}, {slot.date_text}",
        text=text,
        html=html,
        attachments=(
            # Made with the message (its Date): a retry resends the same file.
            Attachment(context.catalogue.calendar(slot, queued.created_at), "text", "calendar",
                       "event.ics", {"method": "PUBLISH"}),
        ),
        inline=inline,
    )
