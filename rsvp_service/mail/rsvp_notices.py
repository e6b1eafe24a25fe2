"""Emails about an RSVP's later life: waitlisted, promoted, reminded, cancelled or removed.

They share one template (a lead sentence, the slot, an optional .ics, check-in code and cancel
link) and are queued like the confirmation: slot id, person and token, built when sent. A
cancellation's, a release's or a removal's .ics is METHOD:CANCEL: it takes the slot off the
calendar the invitation put it on.
"""

from __future__ import annotations

from typing import Literal

from rsvp_service import links
from rsvp_service.mail.confirmation import cancel_url
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

WAITLISTED = "rsvp_waitlisted"
PROMOTED = "rsvp_promoted"
CANCELLED = "rsvp_cancelled"
REMINDER = "rsvp_reminder"
# A minor's held seat given up: the guardian declined, or did not answer in time.
CONSENT_DECLINED = "rsvp_consent_declined"
CONSENT_EXPIRED = "rsvp_consent_expired"
# An organizer took the RSVP off the roster (organize.removals), giving a reason from a fixed
# list or none: never words of their own. The reason is in the kind (`removed_kind`).
REMOVED = "rsvp_removed"
RemovalReason = Literal["duplicate", "requirements", "fewer_spots"]
REMOVAL_REASONS: dict[RemovalReason, str] = {
    "duplicate": "it repeated another RSVP of yours for this event.",
    "requirements": "the event asks for something the RSVP did not meet, such as an age or a "
    "training.",
    "fewer_spots": "this time slot has fewer spots than planned.",
}


def notice_mail(
    kind: str,
    slot_id: str,
    *,
    email: str,
    first_name: str,
    last_name: str,
    cancel_token: str | None = None,
    position: int | None = None,
    checkin_code: str | None = None,
    user_id: int | None = None,
    seated: bool = True,
) -> Mail:
    """Return a notice of the given kind to queue in the transaction that caused it.

    `seated`: whether the RSVP held a seat (so an invitation), which its cancellation cancels.
    """
    data = {"slot_id": slot_id, "first_name": first_name, "last_name": last_name,
            "cancel_token": cancel_token, "position": position, "checkin_code": checkin_code,
            "seated": seated}
    return Mail(kind, email, data, user_id)


# Which .ics a notice carries: none, the slot's invitation, or the invitation's cancellation.
Calendar = Literal["invite", "cancel"] | None


def _draft(context: MailContext, queued: QueuedMail, *, subject: str, lead: str,
           calendar: Calendar) -> Draft:
    settings, data = context.settings, queued.data
    slot = context.catalogue.slots.get(data["slot_id"])
    if slot is None:
        raise PermanentMailError(
            f"The slot {data['slot_id']!r} is no longer in the event catalogue."
        )
    subject = subject.format(title=slot.title, date=slot.date_text)
    # A place on the waitlist came with no invitation, so there is nothing to take off.
    if calendar == "cancel" and not data.get("seated", True):
        calendar = None
    checkin, inline = email_block(queued)
    text, html = render(
        "rsvp_notice", slot=slot, first_name=data["first_name"], lead=lead, subject=subject,
        calendar=calendar, site_url=links.site(settings),
        cancel_url=cancel_url(settings, data.get("cancel_token")), **checkin,
    )
    attachments: tuple[Attachment, ...] = ()
    if calendar:
        cancelled = calendar == "cancel"
        # Made with the message (its Date), so a cancellation, queued after the invitation, has
        # the higher SEQUENCE even when an outage has the invitation sent later.
        ics = context.catalogue.calendar(slot, queued.created_at, cancelled=cancelled)
        method = "CANCEL" if cancelled else "PUBLISH"
        attachments = (Attachment(ics, "text", "calendar", "event.ics", {"method": method}),)
    return Draft(
        to_name=f"{data['first_name']} {data['last_name']}".strip(),
        subject=subject, text=text, html=html, attachments=attachments, inline=inline,
    )


def build_waitlisted(context: MailContext, queued: QueuedMail) -> Draft:
    """Say which place on the waitlist the person has."""
    position = queued.data.get("position")
    return _draft(
        context, queued, subject="You're on the waitlist: {title}, {date}", calendar=None,
        lead=f"This time slot is full, so you are #{position} on the waitlist. "
        "We will email you if a spot opens up.",
    )


def build_promoted(context: MailContext, queued: QueuedMail) -> Draft:
    """Say a spot opened up and the person now has it (with the .ics)."""
    return _draft(
        context, queued, subject="A spot opened up: you're in ({title}, {date})", calendar="invite",
        lead="A spot opened up: you're in! Someone cancelled and you were next on the waitlist, "
        "so you are now registered for:",
    )


def build_reminder(context: MailContext, queued: QueuedMail) -> Draft:
    """Remind a confirmed person of their slot shortly before it (with the .ics)."""
    return _draft(
        context, queued, subject="Reminder: {title}, {date}", calendar="invite",
        lead="See you soon! This is a reminder that you are registered for:",
    )


def build_cancelled(context: MailContext, queued: QueuedMail) -> Draft:
    """Confirm a cancellation (with the .ics that takes the slot off the calendar)."""
    return _draft(
        context, queued, subject="Your spot is cancelled: {title}, {date}", calendar="cancel",
        lead="Your spot is cancelled, as you asked. If you change your mind, you can RSVP again "
        "on the event's page while spots are open.",
    )


def build_consent_declined(context: MailContext, queued: QueuedMail) -> Draft:
    """Say the guardian declined, so the held spot is released."""
    return _draft(
        context, queued, subject="Your spot is released: {title}, {date}", calendar="cancel",
        lead="Your parent or guardian declined consent for this event, so your spot has been "
        "given to someone else. Talk with them, and RSVP again on the event's page if they agree.",
    )


def build_consent_expired(context: MailContext, queued: QueuedMail) -> Draft:
    """Say the guardian did not answer in time, so the held spot is released."""
    return _draft(
        context, queued, subject="Your spot is released: {title}, {date}", calendar="cancel",
        lead="Your parent or guardian did not approve in time, so your spot has been given to "
        "someone else. You can RSVP again on the event's page while spots are open.",
    )


def removed_kind(reason: RemovalReason | None) -> str:
    """The kind of the notice of a removal, for the reason the organizer chose (or none)."""
    return REMOVED if reason is None else f"{REMOVED}_{reason}"


def build_removed(context: MailContext, queued: QueuedMail) -> Draft:
    """Say the organizer removed the RSVP and the listed reason, if any (with a cancelling .ics)."""
    why = next((f" The organizer's reason: {text}" for reason, text in REMOVAL_REASONS.items()
                if queued.kind == removed_kind(reason)), "")
    return _draft(
        context, queued, subject="Your RSVP was removed: {title}, {date}", calendar="cancel",
        lead="The event's organizer removed your RSVP, so you no longer have a spot or a place "
        f"on the waitlist for the time slot below.{why} If you think this is a mistake, please "
        "contact the organizer.",
    )
