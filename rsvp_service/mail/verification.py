"""The email-verification email: queued with its link, built when sent."""

from __future__ import annotations

from rsvp_service.mail.message import Draft, Mail, MailContext, QueuedMail
from rsvp_service.mail.render import render

KIND = "verify_email"
SUBJECT = "Please verify your email for CivicSTL"


def verification_mail(email: str, *, name: str, link: str, hours: int) -> Mail:
    """Return the verification email to queue (the link carries the single-use token)."""
    return Mail(KIND, email, {"name": name, "link": link, "hours": hours})


def build_verification(context: MailContext, queued: QueuedMail) -> Draft:
    """Say what the verification email says."""
    data = queued.data
    text, html = render(
        "verify",
        user_name=data["name"],
        link=data["link"],
        hours=data["hours"],
        site_url=context.settings.site_url.rstrip("/"),
    )
    return Draft(to_name=data["name"], subject=SUBJECT, text=text, html=html)
