"""The registry of email kinds: each kind's builder, looked up by the kind an outbox row names.

A new kind (password reset, waitlist, reminder) is a module with a `..._mail(...)` function
returning a `Mail` to `outbox.enqueue` and a builder returning a `Draft`, plus one line here.
"""

from __future__ import annotations

from rsvp_service.mail import (
    account_links,
    confirmation,
    consent_request,
    follow_notices,
    organizer_message,
    rsvp_notices,
)
from rsvp_service.mail.message import Builder

BUILDERS: dict[str, Builder] = {
    confirmation.KIND: confirmation.build_confirmation,
    account_links.VERIFY: account_links.build_account_link,
    account_links.PASSWORD_RESET: account_links.build_account_link,
    rsvp_notices.WAITLISTED: rsvp_notices.build_waitlisted,
    rsvp_notices.PROMOTED: rsvp_notices.build_promoted,
    rsvp_notices.CANCELLED: rsvp_notices.build_cancelled,
    rsvp_notices.REMINDER: rsvp_notices.build_reminder,
    rsvp_notices.CONSENT_DECLINED: rsvp_notices.build_consent_declined,
    rsvp_notices.CONSENT_EXPIRED: rsvp_notices.build_consent_expired,
    **{rsvp_notices.removed_kind(reason): rsvp_notices.build_removed
       for reason in (None, *rsvp_notices.REMOVAL_REASONS)},
    consent_request.KIND: consent_request.build_consent_request,
    organizer_message.KIND: organizer_message.build_organizer_message,
    follow_notices.CONFIRM: follow_notices.build_confirm,
    follow_notices.DIGEST: follow_notices.build_digest,
}
