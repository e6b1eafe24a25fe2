"""The supervisor's email asking to confirm hours served elsewhere, and its signed link.

The link's token is a signed id (rsvp_service.signing) of the request under a key for this use
alone, bound to the volunteer's account id, so nothing of it is stored and it dies with the
request (the account's deletion takes the row). It is signed when the email is built, so the
outbox never stores a working link. The email says who asked (the volunteer's name as their
account gives it; not their address, which the supervisor does not need), what they ask, and
how to answer "not me".
"""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail.message import Draft, Mail, MailContext, Payload, QueuedMail
from rsvp_service.mail.render import render
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds

KIND = "outside_hours_request"
TOKENS = SignedIds(KeyUse.OUTSIDE_HOURS)
SUBJECT = N_("Action requested: confirm hours for {volunteer}")
REMINDER = N_("Reminder: {subject}")


class HoursAsked(Payload):
    """What the email says: the request, who asked, and the hours asked for."""

    request_id: int
    user_id: int
    volunteer: str
    supervisor: str
    organization: str
    date_text: str
    time: str
    hours_asked: str
    description: str
    reminder: bool = False


def sign(settings: Settings, request_id: int, user_id: int) -> str:
    """The token of one request's link."""
    return TOKENS.sign(settings, request_id, str(user_id))


def request_id_of(token: str) -> int | None:
    """The request id a well-formed token names (not yet checked: see `holds`), else None."""
    return TOKENS.id_of(token)


def holds(settings: Settings, token: str, user_id: int) -> bool:
    """Whether the token was signed for its request of this account."""
    return TOKENS.holds(settings, token, str(user_id))


def request_link(settings: Settings, token: str, act: str | None = None) -> str:
    """The supervisor's page (the token in the query, see links.py), with the act pre-chosen."""
    query = {"token": token} | ({"act": act} if act else {})
    return links.link(settings, "/hours-request", query=query)


def outside_hours_mail(supervisor_email: str, asked: HoursAsked, language: str) -> Mail:
    """The email to queue in the request's transaction (deleted with the volunteer's account)."""
    return Mail(KIND, supervisor_email, asked, user_id=asked.user_id, language=language)


def build_outside_hours_request(context: MailContext, queued: QueuedMail,
                                asked: HoursAsked) -> Draft:
    """Say who asked for what, with Confirm, Adjust, Decline and Not me links."""
    settings = context.settings
    token = sign(settings, asked.request_id, asked.user_id)
    subject = gettext(SUBJECT).format(volunteer=asked.volunteer)
    if asked.reminder:
        subject = gettext(REMINDER).format(subject=subject)
    text, html = render(
        "outside_hours_request", asked=asked, subject=subject,
        confirm=request_link(settings, token, "confirm"),
        adjust=request_link(settings, token, "adjust"),
        decline=request_link(settings, token, "decline"),
        not_me=request_link(settings, token, "not-me"), site_url=links.site(settings))
    return Draft(to_name=asked.supervisor, subject=subject, text=text, html=html)
