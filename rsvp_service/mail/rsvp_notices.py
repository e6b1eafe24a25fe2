"""Emails about an RSVP: its confirmation, and its later life (waitlisted, promoted, reminded,
cancelled or removed).

Each says a lead sentence, the slot, an optional .ics, the check-in code and the cancel link; the
notices share one template, the confirmation has its own. They are queued with slot id, person
and token, and built when sent. A cancellation's, a release's or a removal's .ics is
METHOD:CANCEL: it takes the slot off the calendar the invitation put it on.
"""

from __future__ import annotations

from typing import Literal

from rsvp_service import links
from rsvp_service.i18n import N_, current, gettext
from rsvp_service.mail.checkin_code import email_block
from rsvp_service.mail.message import (
    Attachment,
    Draft,
    Mail,
    MailContext,
    Payload,
    PermanentMailError,
    QueuedMail,
)
from rsvp_service.mail.render import render
from rsvp_service.mail.slot_words import slot_words
from rsvp_service.settings import Settings

CONFIRMATION = "rsvp_confirmation"
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
WAITLIST_LEAD = N_(
    "This time slot is full, so you are #{position} on the waitlist. "
    "We will email you if a spot opens up.")
REMOVAL_REASONS: dict[RemovalReason, str] = {
    "duplicate": N_("it repeated another RSVP of yours for this event."),
    "requirements": N_("the event asks for something the RSVP did not meet, such as an age or a "
                       "training."),
    "fewer_spots": N_("this time slot has fewer spots than planned."),
}
# Two whole sentences rather than one with a hole: a translation may need to reorder them.
REMOVED_LEAD = N_(
    "The event's organizer removed your RSVP, so you no longer have a spot or a place on the "
    "waitlist for the time slot below. If you think this is a mistake, please contact the "
    "organizer.")
REMOVED_BECAUSE = N_(
    "The event's organizer removed your RSVP, so you no longer have a spot or a place on the "
    "waitlist for the time slot below. The organizer's reason: {reason} If you think this is a "
    "mistake, please contact the organizer.")


class AboutRsvp(Payload):
    """What an email about an RSVP names: the slot, the person, their cancel token and code."""

    slot_id: str
    first_name: str
    last_name: str
    cancel_token: str | None = None
    checkin_code: str | None = None


class Confirmation(AboutRsvp):
    """A confirmation's payload: also how long a minor's seat is held for a guardian's consent."""

    held_hours: float | None = None


class Notice(AboutRsvp):
    """A notice's payload: also the place on the waitlist, and whether the RSVP held a seat."""

    position: int | None = None
    seated: bool = True


def confirmation_mail(
    slot_id: str, *, email: str, first_name: str, last_name: str, cancel_token: str | None = None,
    checkin_code: str | None = None, user_id: int | None = None, held_hours: float | None = None,
    language: str,
) -> Mail:
    """Return the confirmation to queue with an RSVP (the slot is looked up when it is sent).

    `held_hours`: the seat waits that long for a guardian's consent (a minor's RSVP).
    """
    return Mail(CONFIRMATION, email, Confirmation(
        slot_id=slot_id, first_name=first_name, last_name=last_name, cancel_token=cancel_token,
        checkin_code=checkin_code, held_hours=held_hours), user_id, language)


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
    language: str,
) -> Mail:
    """Return a notice of the given kind to queue in the transaction that caused it.

    `seated`: whether the RSVP held a seat (so an invitation), which its cancellation cancels.
    """
    return Mail(kind, email, Notice(
        slot_id=slot_id, first_name=first_name, last_name=last_name, cancel_token=cancel_token,
        position=position, checkin_code=checkin_code, seated=seated), user_id, language)


def cancel_url(settings: Settings, token: str | None) -> str | None:
    """Return the cancel page link, its token in the query (its form works without JavaScript)."""
    return None if not token else links.link(settings, "/cancel", query={"token": token})


# Which .ics an email carries: none, the slot's invitation, or the invitation's cancellation.
Calendar = Literal["invite", "cancel"] | None


def _draft(context: MailContext, queued: QueuedMail, about: AboutRsvp, *, subject: str,
           lead: str, calendar: Calendar, template: str = "rsvp_notice",
           held_hours: str | None = None) -> Draft:
    settings = context.settings
    slot = context.catalogue.slots.get(about.slot_id)
    if slot is None:
        raise PermanentMailError(
            f"The slot {about.slot_id!r} is no longer in the event catalogue."
        )
    words = slot_words(context.catalogue, slot)
    subject = gettext(subject).format(title=words.title, date=words.date)
    lead = gettext(lead)
    checkin, inline = email_block(queued.id, about.checkin_code)
    text, html = render(
        template, slot=words, first_name=about.first_name, lead=lead, subject=subject,
        calendar=calendar, site_url=links.site(settings), held_hours=held_hours,
        cancel_url=cancel_url(settings, about.cancel_token), **checkin,
    )
    attachments: tuple[Attachment, ...] = ()
    if calendar:
        cancelled = calendar == "cancel"
        # Made with the message (its Date), so a cancellation, queued after the invitation, has
        # the higher SEQUENCE even when an outage has the invitation sent later.
        ics = context.catalogue.in_language(current()).calendar(
            slot, queued.created_at, cancelled=cancelled)
        method = "CANCEL" if cancelled else "PUBLISH"
        attachments = (Attachment(ics, "text", "calendar", "event.ics", {"method": method}),)
    return Draft(
        to_name=f"{about.first_name} {about.last_name}".strip(),
        subject=subject, text=text, html=html, attachments=attachments, inline=inline,
    )


def _taken_off(notice: Notice) -> Calendar:
    # A place on the waitlist came with no invitation, so there is nothing to take off.
    return "cancel" if notice.seated else None


def build_confirmation(context: MailContext, queued: QueuedMail, about: Confirmation) -> Draft:
    """Say what the confirmation of one RSVP says (with the .ics), from the catalogue's slot."""
    # A minor's seat is theirs only once a guardian approves: the email says so, not "registered".
    held = None if about.held_hours is None else f"{about.held_hours:g}"
    subject = (N_("Your RSVP: {title}, {date}") if held is None
               else N_("Your RSVP waits for a guardian's consent: {title}, {date}"))
    return _draft(context, queued, about, subject=subject, lead="", calendar="invite",
                  template="rsvp_confirmation", held_hours=held)


def build_waitlisted(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Say which place on the waitlist the person has."""
    position = notice.position
    return _draft(
        context, queued, notice, subject=N_("You're on the waitlist: {title}, {date}"),
        calendar=None, lead=gettext(WAITLIST_LEAD).format(position=position),
    )


def build_promoted(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Say a spot opened up and the person now has it (with the .ics)."""
    return _draft(
        context, queued, notice, subject=N_("A spot opened up: you're in ({title}, {date})"),
        calendar="invite",
        lead=N_("A spot opened up: you're in! Someone cancelled and you were next on the waitlist, "
        "so you are now registered for:"),
    )


def build_reminder(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Remind a confirmed person of their slot shortly before it (with the .ics)."""
    return _draft(
        context, queued, notice, subject=N_("Reminder: {title}, {date}"), calendar="invite",
        lead=N_("See you soon! This is a reminder that you are registered for:"),
    )


def build_cancelled(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Confirm a cancellation (with the .ics that takes the slot off the calendar)."""
    return _draft(
        context, queued, notice, subject=N_("Your spot is cancelled: {title}, {date}"),
        calendar=_taken_off(notice),
        lead=N_("Your spot is cancelled, as you asked. If you change your mind, you can RSVP again "
        "on the event's page while spots are open."),
    )


def build_consent_declined(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Say the guardian declined, so the held spot is released."""
    return _draft(
        context, queued, notice, subject=N_("Your spot is released: {title}, {date}"),
        calendar=_taken_off(notice),
        lead=N_("Your parent or guardian declined consent for this event, so your spot has been "
        "given to someone else. Talk with them, and RSVP again on the event's page if they agree."),
    )


def build_consent_expired(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Say the guardian did not answer in time, so the held spot is released."""
    return _draft(
        context, queued, notice, subject=N_("Your spot is released: {title}, {date}"),
        calendar=_taken_off(notice),
        lead=N_("Your parent or guardian did not approve in time, so your spot has been given to "
        "someone else. You can RSVP again on the event's page while spots are open."),
    )


def removed_kind(reason: RemovalReason | None) -> str:
    """The kind of the notice of a removal, for the reason the organizer chose (or none)."""
    return REMOVED if reason is None else f"{REMOVED}_{reason}"


def build_removed(context: MailContext, queued: QueuedMail, notice: Notice) -> Draft:
    """Say the organizer removed the RSVP and the listed reason, if any (with a cancelling .ics)."""
    why = next((text for reason, text in REMOVAL_REASONS.items()
                if queued.kind == removed_kind(reason)), None)
    return _draft(
        context, queued, notice, subject=N_("Your RSVP was removed: {title}, {date}"),
        calendar=_taken_off(notice),
        lead=gettext(REMOVED_LEAD) if why is None
        else gettext(REMOVED_BECAUSE).format(reason=gettext(why)),
    )
