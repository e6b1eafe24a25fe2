"""An organizer's message to a slot's people: their words, and a line saying who sent it and why.

The same `compose` makes the preview and the email, so the preview shows what people get.
"""

from __future__ import annotations

from dataclasses import dataclass

from rsvp_service.events import Slot
from rsvp_service.mail.message import Draft, Mail, MailContext, QueuedMail
from rsvp_service.mail.render import render

KIND = "organizer_message"


@dataclass(frozen=True, slots=True)
class Composed:
    """The subject line and bodies of an organizer's message as recipients see them."""

    subject: str
    text: str
    html: str


def message_data(slot: Slot, *, organization: str, subject: str, body: str) -> dict[str, str]:
    """Return what the builder needs, taken when the message is sent (the slot may change)."""
    return {"organization": organization, "subject": subject, "body": body,
            "title": slot.title, "date_text": slot.date_text, "time": slot.time}


def compose(data: dict[str, str], site_url: str) -> Composed:
    """Return the subject and bodies of the message from its data."""
    paragraphs = [block.split("\n") for block in data["body"].split("\n\n") if block.strip()]
    text, html = render(
        "organizer_message", body=data["body"], paragraphs=paragraphs,
        organization=data["organization"], title=data["title"], date_text=data["date_text"],
        time=data["time"], site_url=site_url,
    )
    return Composed(f"{data['organization']}: {data['subject']}", text, html)


def organizer_message_mail(email: str, *, name: str, data: dict[str, str]) -> Mail:
    """Return one recipient's copy of the message to queue."""
    return Mail(KIND, email, {**data, "name": name})


def build_organizer_message(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the organizer wrote, with the line about who sent it."""
    composed = compose(dict(queued.data), context.settings.site_url)
    return Draft(to_name=queued.data["name"], subject=composed.subject, text=composed.text,
                 html=composed.html)
