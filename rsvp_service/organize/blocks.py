"""Blocked addresses: each organization's list, and the check that refuses their RSVPs.

An address is stored and compared as its mailbox (`accounts.emails.canonical_mailbox`: no
+tag, and no dots where the provider ignores them), so no other spelling of it gets past a
block. The refusal is one sentence, the same for every blocked address and event: it names no
organizer and no reason, and the RSVP endpoint spends its rate limits before asking, so each
probe of an address costs what an RSVP costs.
"""

from __future__ import annotations

from datetime import datetime

from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.organize.models import BlockedAddress
from rsvp_service.web.contract import ApiError

REFUSED = ("We cannot take an RSVP from this email address for this organization's events. "
           "If you think this is a mistake, please contact the organization.")


async def refuse_if_blocked(organization: str, email: str) -> None:
    """Raise 403 when the organization has blocked the address's mailbox."""
    if organization and await BlockedAddress.exists(organization=organization,
                                                     email=canonical_mailbox(email)):
        raise ApiError(403, REFUSED)


async def block(organization: str, email: str, by: int, now: datetime) -> BlockedAddress:
    """Block the address from the organization's events (the earlier block if it was)."""
    email = canonical_mailbox(email)
    await BlockedAddress.bulk_create([BlockedAddress(
        organization=organization, email=email, blocked_by_id=by, blocked_at=now,
    )], ignore_conflicts=True)
    return await BlockedAddress.get(organization=organization, email=email)


async def unblock(organization: str, email: str) -> bool:
    """Let the address RSVP to the organization's events again; False when it was not blocked."""
    return bool(await BlockedAddress.filter(organization=organization,
                                            email=canonical_mailbox(email)).delete())


async def blocked(organization: str) -> list[BlockedAddress]:
    """Return the organization's blocked addresses, newest first."""
    return await BlockedAddress.filter(organization=organization).order_by("-blocked_at", "-id")
