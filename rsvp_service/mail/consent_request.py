"""The guardian's consent email: the event, who asked, and the link to Approve or Decline.

The link is signed for the guardian's address (`consent.tokens`) when the email is built from
the consent id in the row, so the outbox never stores a working link.
"""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.consent import tokens
from rsvp_service.mail.message import Draft, Mail, MailContext, PermanentMailError, QueuedMail
from rsvp_service.mail.render import render

KIND = "consent_request"


def consent_request_mail(guardian_email: str, *, consent_id: int, slot_id: str,
                         volunteer: str, hold_hours: float) -> Mail:
    """The request to queue in the RSVP's transaction (`volunteer`: the minor's name)."""
    return Mail(KIND, guardian_email, {"consent_id": consent_id, "slot_id": slot_id,
                                       "volunteer": volunteer, "hold_hours": hold_hours})


def build_consent_request(context: MailContext, queued: QueuedMail) -> Draft:
    """Say who asked for which event, and link to the page with Approve and Decline."""
    settings, data = context.settings, queued.data
    slot = context.catalogue.slots.get(data["slot_id"])
    if slot is None:
        raise PermanentMailError(
            f"The slot {data['slot_id']!r} is no longer in the event catalogue.")
    token = tokens.sign(settings, int(data["consent_id"]), queued.recipient)
    hours = float(data["hold_hours"])
    subject = f"Guardian consent asked: {slot.title}, {slot.date_text}"
    text, html = render(
        "consent_request", slot=slot, volunteer=data["volunteer"], subject=subject,
        hold_hours=f"{hours:g}", link=tokens.consent_link(settings, token),
        site_url=links.site(settings),
    )
    return Draft(to_name="", subject=subject, text=text, html=html)
