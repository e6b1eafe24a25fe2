"""A slot's share per client: what one visitor without a verified account may hold in a slot.

RSVPs made without a verified account (guests, and accounts whose address is not yet verified)
from one network (an IPv4 address, an IPv6 /64) or one mailbox (the canonical address: no
+tag, no dots where the provider ignores them) hold at most `share_seats` live seats of a slot
with a capacity: confirmed and waitlisted parties alike, so nobody fills a slot or its waitlist
with invented addresses. The store checks it on the slot's locked counter row, so a burst from
one client cannot slip past it. Each such RSVP keeps keyed hashes of its network and mailbox
(never the IP), under a key derived from SECRET_KEY for this use alone. A verified account's
RSVP is neither limited nor counted: it is one confirmed person, and one RSVP per slot.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass

from tortoise.backends.base.client import BaseDBAsyncClient

from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.i18n import N_
from rsvp_service.rsvps.models import BlockedAddress
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, derived_key
from rsvp_service.web.contract import ApiError
from rsvp_service.web.ratelimit import network

# A party without a verified account (the person and two guests) always fits the floor.
SHARE_FLOOR = 4
SHARE_FRACTION = 0.25
# Guests an RSVP without a verified account may bring, whatever more the event allows.
GUEST_PARTY_LIMIT = 2
# The live seats of one slot held by one network or mailbox: each key read through its own
# index with the slot (an OR of the two would scan the slot's RSVPs), a row matching both once.
SEATS_HELD_SQLITE = (
    'SELECT COALESCE(SUM("party_size"), 0) AS "seats" FROM "rsvp" WHERE "id" IN ('
    'SELECT "id" FROM "rsvp" WHERE "slot_id" = ? AND "client_key" = ? UNION '
    'SELECT "id" FROM "rsvp" WHERE "slot_id" = ? AND "mailbox_key" = ?) '
    "AND \"status\" IN ('confirmed', 'waitlisted')")
SEATS_HELD_POSTGRES = (
    'SELECT COALESCE(SUM("party_size"), 0) AS "seats" FROM "rsvp" WHERE "id" IN ('
    'SELECT "id" FROM "rsvp" WHERE "slot_id" = $1 AND "client_key" = $2 UNION '
    'SELECT "id" FROM "rsvp" WHERE "slot_id" = $1 AND "mailbox_key" = $3) '
    "AND \"status\" IN ('confirmed', 'waitlisted')")


@dataclass(frozen=True, slots=True)
class ClientShare:
    """Whose seats an RSVP counts with (two keyed hashes) and how many they may hold."""

    client_key: str
    mailbox_key: str
    seats: int


def share_seats(settings: Settings, capacity: int) -> int:
    """The most live seats one client may hold in a slot of this capacity."""
    # RATE_LIMIT_SCALE raises it like every limit, so load tests from one IP pay for the check.
    seats = max(SHARE_FLOOR, math.ceil(capacity * SHARE_FRACTION))
    return math.ceil(seats * settings.rate_limit_scale)


def client_share(settings: Settings, *, ip: str, email: str, capacity: int | None
                 ) -> ClientShare | None:
    """The share an RSVP without a verified account counts against; None on an unlimited slot."""
    if capacity is None:
        return None
    key = derived_key(settings, KeyUse.RSVP_CLIENT)

    def mac(kind: str, value: str) -> str:
        return hmac.new(key, f"{kind}\n{value}".encode(), hashlib.sha256).hexdigest()[:32]

    return ClientShare(mac("network", network(ip)), mac("mailbox", canonical_mailbox(email)),
                       share_seats(settings, capacity))


async def seats_held(connection: BaseDBAsyncClient, slot_id: str, share: ClientShare) -> int:
    """The live seats of the slot held by RSVPs from the share's network or mailbox."""
    # One plain statement: the check runs for every RSVP under the slot's lock, where building
    # the query through the ORM cost more than the RSVP's own writes.
    postgres = connection.capabilities.dialect == "postgres"
    sql = SEATS_HELD_POSTGRES if postgres else SEATS_HELD_SQLITE
    keys = ([slot_id, share.client_key, share.mailbox_key] if postgres
            else [slot_id, share.client_key, slot_id, share.mailbox_key])
    rows = await connection.execute_query_dict(sql, keys)
    return int(rows[0]["seats"])


# Blocked addresses (organize.blocks keeps each organization's list): the refusal names no
# organizer and no reason, and the RSVP endpoint spends its rate limits before asking, so each
# probe of an address costs what an RSVP costs.
REFUSED = N_(
    "We cannot take an RSVP from this email address for this organization's events. "
    "If you think this is a mistake, please contact the organization.")


async def refuse_if_blocked(organization: str, email: str) -> None:
    """Raise 403 when the organization has blocked the address's mailbox."""
    if organization and await BlockedAddress.exists(organization=organization,
                                                     email=canonical_mailbox(email)):
        raise ApiError(403, REFUSED)
