"""The emails of following: the guest's confirmation link and the weekly digest.

Their links are signed for the follower's address (`follow_tokens`), made when the email is
built from the follower id in the row, so the outbox never stores a working link. Every digest
carries RFC 8058 one-click unsubscribe and a link to the preferences page.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rsvp_service import links
from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.mail.message import Draft, Mail, MailContext, Payload, QueuedMail
from rsvp_service.mail.render import render

CONFIRM = "follow_confirm"
DIGEST = "follow_digest"
DIGEST_LIST = "CivicSTL follows"


class FollowsToConfirm(Payload):
    """The confirmation's payload: the follower, and what waits for their confirmation."""

    follower_id: int
    labels: list[str]


class DigestEvent(Payload):
    """One upcoming occurrence as a digest lists it."""

    slug: str
    title: str
    host: str
    date_text: str
    time_text: str
    location: str
    path: str


class Digest(Payload):
    """A digest's payload: the follower, the week, and the events as listed when it was queued."""

    follower_id: int
    week: str
    events: list[DigestEvent]


def confirm_mail(email: str, *, follower_id: int, labels: Sequence[str], language: str) -> Mail:
    """The double opt-in email of a guest's follows (`labels`: what waits for confirmation)."""
    return Mail(CONFIRM, email, FollowsToConfirm(follower_id=follower_id, labels=list(labels)),
                language=language)


def digest_mail(email: str, *, follower_id: int, week: str,
                events: Sequence[dict[str, Any]], user_id: int | None = None,
                language: str) -> Mail:
    """One follower's digest of a week: the upcoming events, as listed when it was queued."""
    return Mail(DIGEST, email, Digest(
        follower_id=follower_id, week=week,
        events=[DigestEvent.model_validate(event) for event in events]), user_id, language)


def build_confirm(context: MailContext, queued: QueuedMail, follows: FollowsToConfirm) -> Draft:
    """Say what the confirmation email says: what would be followed, and the link."""
    settings = context.settings
    token = tokens.sign(settings, Purpose.CONFIRM, follows.follower_id, queued.recipient)
    text, html = render("follow_confirm", labels=follows.labels,
                        link=tokens.confirm_link(settings, token),
                        site_url=links.site(settings))
    return Draft(to_name="", subject="Confirm what you follow on CivicSTL", text=text, html=html)


def build_digest(context: MailContext, queued: QueuedMail, digest: Digest) -> Draft:
    """Say what the digest says: the events, one-click unsubscribe and the preferences link."""
    settings = context.settings
    follower_id = digest.follower_id
    unsubscribe = tokens.sign(settings, Purpose.UNSUBSCRIBE, follower_id, queued.recipient)
    preferences = tokens.sign(settings, Purpose.PREFERENCES, follower_id, queued.recipient)
    events = digest.events
    count = len(events)
    subject = (f"{count} upcoming event{'s' if count != 1 else ''} "
               "from what you follow on CivicSTL")
    text, html = render(
        "follow_digest", events=events, site_url=links.site(settings),
        preferences_link=tokens.preferences_link(settings, preferences),
        unsubscribe_link=tokens.unsubscribe_page(settings, unsubscribe),
    )
    return Draft(to_name="", subject=subject, text=text, html=html,
                 unsubscribe_url=tokens.unsubscribe_url(settings, unsubscribe),
                 list_name=DIGEST_LIST, list_label="follows")
