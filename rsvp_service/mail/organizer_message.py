"""An organizer's message to a slot's people: their words, and a line saying who sent it and why.

The same `compose` makes the preview and the email, so the preview shows what people get.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rsvp_service import links
from rsvp_service.events import Slot
from rsvp_service.mail.message import Draft, Mail, MailContext, Payload, QueuedMail
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


class Words(Payload):
    """An organizer's message as composed, before it is addressed to each recipient.

    Rows queued before replies had an address, or before the organization's slug was stored,
    carry neither: they go out without Reply-To, or without List-Id.
    """

    host: str = ""
    organization: str
    subject: str
    body: str
    title: str
    date_text: str
    time: str
    reply_to: str = ""
    reply_to_name: str = ""
    contact: str = ""


class Copy(Words):
    """One recipient's copy: the words, and the recipient's name."""

    name: str


def message_data(slot: Slot, *, host: str, organization: str, subject: str, body: str,
                 reply_to: ReplyTo, contact: str | None) -> Words:
    """Return what the builder needs, taken when the message is sent (the slot may change).

    The reply address is stored with the message: the email says and does what the preview
    said, even if the organizer's account or the organization's contact changes meanwhile.
    """
    return Words(host=host, organization=organization, subject=subject, body=body,
                 title=slot.title, date_text=slot.date_text, time=slot.time,
                 reply_to=reply_to.address, reply_to_name=reply_to.name, contact=contact or "")


def compose(words: Words, site_url: str) -> Composed:
    """Return the subject and bodies of the message from its words."""
    paragraphs = [block.split("\n") for block in words.body.split("\n\n") if block.strip()]
    # The organization's contact, when replies go elsewhere: how to reach it all the same.
    contact = words.contact
    text, html = render(
        "organizer_message", body=words.body, paragraphs=paragraphs,
        organization=words.organization, title=words.title, date_text=words.date_text,
        time=words.time, site_url=site_url, reply_to=words.reply_to,
        reply_to_name=words.reply_to_name,
        contact=contact if contact != words.reply_to else "",
    )
    return Composed(f"{words.organization}: {words.subject}", text, html)


def organizer_message_mail(email: str, *, name: str, data: Words) -> Mail:
    """Return one recipient's copy of the message to queue."""
    return Mail(KIND, email, Copy(**data.model_dump(), name=name))


def build_organizer_message(context: MailContext, queued: QueuedMail, copy: Copy) -> Draft:
    """Say what the organizer wrote, with the line about who sent it."""
    composed = compose(copy, links.site(context.settings))
    # Each organization's messages are a list of their own (List-Id).
    host = copy.host
    return Draft(to_name=copy.name, subject=composed.subject, text=composed.text,
                 html=composed.html, reply_to=copy.reply_to or None,
                 reply_to_name=copy.reply_to_name,
                 list_name=f"{copy.organization} via CivicSTL",
                 list_label=f"{host}.organizers" if SLUG.fullmatch(host) else None)
