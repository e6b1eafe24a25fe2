"""Blocked addresses: each organization's list (the check that refuses their RSVPs is
`rsvps.shares.refuse_if_blocked`, where the RSVP side decides who may hold seats).

An address is stored and compared as its mailbox (`accounts.emails.canonical_mailbox`: no
+tag, and no dots where the provider ignores them), so no other spelling of it gets past a
block.
"""

from __future__ import annotations

from datetime import datetime

from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.rsvps.models import BlockedAddress


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
