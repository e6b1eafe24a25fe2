"""The guardian's consent email: the event, who asked, and the link to Approve or Decline.

The link is signed for the guardian's address (`consent_tokens`) when the email is built from
the consent id in the row, so the outbox never stores a working link.
"""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail import consent_tokens as tokens
from rsvp_service.mail.message import (
    Draft,
    Mail,
    MailContext,
    Payload,
    PermanentMailError,
    QueuedMail,
)
from rsvp_service.mail.render import render
from rsvp_service.mail.slot_words import slot_words

KIND = "consent_request"
SUBJECT = N_("Guardian consent asked: {title}, {date}")


class ConsentAsked(Payload):
    """The request's payload: the consent record, the slot, the minor's name and the hold."""

    consent_id: int
    slot_id: str
    volunteer: str
    hold_hours: float


def consent_request_mail(guardian_email: str, *, consent_id: int, slot_id: str,
                         volunteer: str, hold_hours: float, language: str) -> Mail:
    """The request to queue in the RSVP's transaction (`volunteer`: the minor's name)."""
    return Mail(KIND, guardian_email, ConsentAsked(
        consent_id=consent_id, slot_id=slot_id, volunteer=volunteer, hold_hours=hold_hours),
        language=language)


def build_consent_request(context: MailContext, queued: QueuedMail, asked: ConsentAsked) -> Draft:
    """Say who asked for which event, and link to the page with Approve and Decline."""
    settings = context.settings
    slot = context.catalogue.slots.get(asked.slot_id)
    if slot is None:
        raise PermanentMailError(
            f"The slot {asked.slot_id!r} is no longer in the event catalogue.")
    token = tokens.sign(settings, asked.consent_id, queued.recipient)
    words = slot_words(context.catalogue, slot)
    subject = gettext(SUBJECT).format(title=words.title, date=words.date)
    text, html = render(
        "consent_request", slot=words, volunteer=asked.volunteer, subject=subject,
        hold_hours=f"{asked.hold_hours:g}", link=tokens.consent_link(settings, token),
        site_url=links.site(settings),
    )
    return Draft(to_name="", subject=subject, text=text, html=html)
