"""The registry of email kinds: each kind's payload model and builder, by the kind a row names.

A new kind (a waitlist offer, a survey) is a module with a `Payload` model, a `..._mail(...)`
function returning the `Mail` to `outbox.enqueue` and a builder taking that payload and returning
a `Draft`, plus one line here.
"""

from __future__ import annotations

from typing import Any

from rsvp_service.mail import (
    account_links,
    consent_request,
    follow_notices,
    organizer_message,
    outside_hours_request,
    rsvp_notices,
)
from rsvp_service.mail.message import Kind
from rsvp_service.mail.rsvp_notices import Notice

BUILDERS: dict[str, Kind[Any]] = {
    rsvp_notices.CONFIRMATION: Kind(rsvp_notices.Confirmation, rsvp_notices.build_confirmation),
    rsvp_notices.WAITLISTED: Kind(Notice, rsvp_notices.build_waitlisted),
    rsvp_notices.PROMOTED: Kind(Notice, rsvp_notices.build_promoted),
    rsvp_notices.CANCELLED: Kind(Notice, rsvp_notices.build_cancelled),
    rsvp_notices.REMINDER: Kind(Notice, rsvp_notices.build_reminder),
    rsvp_notices.CONSENT_DECLINED: Kind(Notice, rsvp_notices.build_consent_declined),
    rsvp_notices.CONSENT_EXPIRED: Kind(Notice, rsvp_notices.build_consent_expired),
    **{rsvp_notices.removed_kind(reason): Kind(Notice, rsvp_notices.build_removed)
       for reason in (None, *rsvp_notices.REMOVAL_REASONS)},
    account_links.VERIFY: Kind(account_links.Verification, account_links.build_verification),
    account_links.PASSWORD_RESET: Kind(account_links.PasswordReset,
                                       account_links.build_password_reset),
    consent_request.KIND: Kind(consent_request.ConsentAsked,
                               consent_request.build_consent_request),
    organizer_message.KIND: Kind(organizer_message.Copy,
                                 organizer_message.build_organizer_message),
    follow_notices.CONFIRM: Kind(follow_notices.FollowsToConfirm, follow_notices.build_confirm),
    follow_notices.DIGEST: Kind(follow_notices.Digest, follow_notices.build_digest),
    outside_hours_request.KIND: Kind(outside_hours_request.HoursAsked,
                                     outside_hours_request.build_outside_hours_request),
}
