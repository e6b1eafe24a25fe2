"""The password-reset email: queued with its single-use link, built when sent."""

from __future__ import annotations

from rsvp_service.mail.message import Draft, Mail, MailContext, QueuedMail
from rsvp_service.mail.render import render

KIND = "password_reset"
SUBJECT = "Reset your CivicSTL password"


def password_reset_mail(email: str, *, name: str, link: str, minutes: int) -> Mail:
    """Return the reset email to queue (the link carries the single-use token)."""
    return Mail(KIND, email, {"name": name, "link": link, "minutes": minutes})


def build_password_reset(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the password-reset email says."""
    data = queued.data
    text, html = render(
        "password_reset",
        user_name=data["name"],
        link=data["link"],
        minutes=data["minutes"],
        site_url=context.settings.site_url.rstrip("/"),
    )
    return Draft(to_name=data["name"], subject=SUBJECT, text=text, html=html)
