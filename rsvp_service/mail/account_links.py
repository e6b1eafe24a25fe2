"""The account emails that carry a single-use link: email verification and password reset."""

from __future__ import annotations

from typing import Any

from rsvp_service import links
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail.message import Draft, Mail, MailContext, Payload, QueuedMail
from rsvp_service.mail.render import render

VERIFY = "verify_email"
PASSWORD_RESET = "password_reset"  # noqa: S105 - a mail kind, not a secret
VERIFY_SUBJECT = N_("Please verify your email for CivicSTL")
RESET_SUBJECT = N_("Reset your CivicSTL password")


class Verification(Payload):
    """The verification email's payload: whom it greets, its link and how many hours it lasts."""

    name: str
    link: str
    hours: int


class PasswordReset(Payload):
    """The reset email's payload: whom it greets, its link and how many minutes it lasts."""

    name: str
    link: str
    minutes: int


def verification_mail(email: str, *, name: str, link: str, hours: int, user_id: int,
                      language: str) -> Mail:
    """Return the verification email to queue (the link carries the single-use token)."""
    return Mail(VERIFY, email, Verification(name=name, link=link, hours=hours), user_id,
                language)


def password_reset_mail(email: str, *, name: str, link: str, minutes: int, user_id: int,
                        language: str) -> Mail:
    """Return the reset email to queue (the link carries the single-use token)."""
    return Mail(PASSWORD_RESET, email, PasswordReset(name=name, link=link, minutes=minutes),
                user_id, language)


def _letter(context: MailContext, template: str, subject: str, name: str, link: str,
            **validity: Any) -> Draft:
    text, html = render(template, user_name=name, link=link,
                        site_url=links.site(context.settings), **validity)
    return Draft(to_name=name, subject=subject, text=text, html=html)


def build_verification(context: MailContext, queued: QueuedMail, payload: Verification) -> Draft:
    """Say what the verification email says: its link, good for `hours`."""
    return _letter(context, "verify", gettext(VERIFY_SUBJECT), payload.name,
                   payload.link, hours=payload.hours)


def build_password_reset(context: MailContext, queued: QueuedMail,
                         payload: PasswordReset) -> Draft:
    """Say what the password-reset email says: its link, good for `minutes`."""
    return _letter(context, "password_reset", gettext(RESET_SUBJECT), payload.name,
                   payload.link, minutes=payload.minutes)
