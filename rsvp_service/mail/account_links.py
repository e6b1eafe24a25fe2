"""The account emails that carry a single-use link: email verification and password reset."""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.mail.message import Draft, Mail, MailContext, QueuedMail
from rsvp_service.mail.render import render

VERIFY = "verify_email"
PASSWORD_RESET = "password_reset"  # noqa: S105 - a mail kind, not a secret
# Kind -> (template, subject).
_LETTERS = {
    VERIFY: ("verify", "Please verify your email for CivicSTL"),
    PASSWORD_RESET: ("password_reset", "Reset your CivicSTL password"),
}


def verification_mail(email: str, *, name: str, link: str, hours: int, user_id: int) -> Mail:
    """Return the verification email to queue (the link carries the single-use token)."""
    return Mail(VERIFY, email, {"name": name, "link": link, "hours": hours}, user_id)


def password_reset_mail(email: str, *, name: str, link: str, minutes: int, user_id: int) -> Mail:
    """Return the reset email to queue (the link carries the single-use token)."""
    return Mail(PASSWORD_RESET, email, {"name": name, "link": link, "minutes": minutes}, user_id)


def build_account_link(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the verification or password-reset email says (the kind picks the letter)."""
    template, subject = _LETTERS[queued.kind]
    data = queued.data
    # How long the link lasts: `hours` for verification, `minutes` for a reset.
    validity = {key: data[key] for key in ("hours", "minutes") if key in data}
    text, html = render(
        template,
        user_name=data["name"],
        link=data["link"],
        site_url=links.site(context.settings),
        **validity,
    )
    return Draft(to_name=data["name"], subject=subject, text=text, html=html)
