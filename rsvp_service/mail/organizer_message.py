"""An organizer's message to a slot's people: their words, and a line saying who sent it and why.

The same `compose` makes the preview and the email, so the preview shows what people get.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rsvp_service import links
from rsvp_service.events import Slot
from rsvp_service.mail.message import Draft, Mail, MailContext, QueuedMail
from rsvp_service.mail.render import render

KIND = "organizer_message"
# What the generator accepts as a slug (generator.checks.run.SLUG_PATTERN, not imported: heavy).
SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Composed:
    """The subject line and bodies of an organizer's message as recipients see them."""

    subject: str
    text: str
    html: str


@dataclass(frozen=True, slots=True)
class ReplyTo:
    """Where replies to a message go: a verified organizer's or the organization's address."""

    address: str
    name: str


def message_data(slot: Slot, *, host: str, organization: str, subject: str, body: str,
                 reply_to: ReplyTo, contact: str | None) -> dict[str, str]:
    """Return what the builder needs, taken when the message is sent (the slot may change).

    The reply address is stored with the message: the email says and does what the preview
    said, even if the organizer's account or the organization's contact changes meanwhile.
    """
    return {"host": host, "organization": organization, "subject": subject, "body": body,
            "title": slot.title, "date_text": slot.date_text, "time": slot.time,
            "reply_to": reply_to.address, "reply_to_name": reply_to.name,
            "contact": contact or ""}


def compose(data: dict[str, str], site_url: str) -> Composed:
    """Return the subject and bodies of the message from its data."""
    paragraphs = [block.split("\n") for block in data["body"].split("\n\n") if block.strip()]
    reply_to = data.get("reply_to", "")
    # The organization's contact, when replies go elsewhere: how to reach it all the same.
    contact = data.get("contact", "")
    text, html = render(
        "organizer_message", body=data["body"], paragraphs=paragraphs,
        organization=data["organization"], title=data["title"], date_text=data["date_text"],
        time=data["time"], site_url=site_url, reply_to=reply_to,
        reply_to_name=data.get("reply_to_name", ""),
        contact=contact if contact != reply_to else "",
    )
    return Composed(f"{data['organization']}: {data['subject']}", text, html)


def organizer_message_mail(email: str, *, name: str, data: dict[str, str]) -> Mail:
    """Return one recipient's copy of the message to queue."""
    return Mail(KIND, email, {**data, "name": name})


def build_organizer_message(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the organizer wrote, with the line about who sent it."""
    composed = compose(dict(queued.data), links.site(context.settings))
    # Messages queued before replies had an address carry none: they go out without Reply-To.
    # Each organization's messages are a list of their own (List-Id); rows queued before they
    # named the organization's slug go out without one.
    host = queued.data.get("host") or ""
    return Draft(to_name=queued.data["name"], subject=composed.subject, text=composed.text,
                 html=composed.html, reply_to=queued.data.get("reply_to") or None,
                 reply_to_name=queued.data.get("reply_to_name", ""),
                 list_name=f"{queued.data['organization']} via CivicSTL",
                 list_label=f"{host}.organizers" if SLUG.fullmatch(host) else None)
