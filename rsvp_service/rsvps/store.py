"""The RSVP store: every RSVP write and count, through Tortoise, the same on SQLite and PostgreSQL.

An RSVP is all or nothing: the RSVP row, its cancel token, its email in the outbox, and the
slot's counter row moved by one. RSVPs that arrive while another is being written share the
next transaction (up to a bound), each in its own savepoint (`commit_group`), so a crowd pays
one commit (on SQLite one fsync) per batch rather than one per RSVP, and each is answered after
its batch's commit. An RSVP first locks its slot's counter row (SELECT ... FOR UPDATE on
PostgreSQL, which waits for a transaction holding the row and then reads its newest version;
SQLite transactions here take the write lock when they begin, see `db`) and decides there: a
seat while the count is below capacity, else the next waitlist ticket, so tickets follow
arrival order, and its position is the number already waiting plus one.
An RSVP made without a verified account also checks, on that locked row, that its client's
live seats in the slot stay within the client's share (`shares`), else it is not stored.

An RSVP may bring guests: it is one party of `party_size` seats, and the counter counts seats.
A party is seated only whole (its seats fit under the capacity), else it waits whole, as one
ticket. A cancellation locks the slot's counter row first (SELECT ... FOR UPDATE on
PostgreSQL), then frees the party's seats and promotes in the same transaction: waiting
parties in ticket order, each that fits the seats still free (a smaller later party may pass a
larger earlier one that does not fit), until none fits. Two cancellations queue on the row, so
they never promote the same party and the slot never exceeds capacity.
A minor's RSVP to an event that asks for a guardian's consent writes its consent record and
the guardian's email in the same transaction (`consent.records`); it holds its seat like any
other until the consent is declined or expires, and is then released through `cancel_rsvp`.
Only live (not cancelled) RSVPs carry `active_email`, on which (slot, address) is unique, and
each RSVP a random check-in code unique in its slot. Counting reads the slots' counter rows.

A walk-in (someone an organizer adds at the door) is an RSVP row of its own kind that never
holds a seat: it neither moves nor locks the slot's counter, so capacity does not apply, and it
has no cancel token, no check-in code and no email. Its check-in is written by the caller in
the same transaction, so a walk-in is never on the roster without being checked in.
"""

from __future__ import annotations

import enum
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.exceptions import IntegrityError
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from rsvp_service.accounts.tokens import hash_opaque_token
from rsvp_service.consent.records import ConsentRequest, request_consent
from rsvp_service.db import commit_group
from rsvp_service.i18n import current
from rsvp_service.mail import rsvp_notices
from rsvp_service.mail.outbox import enqueue
from rsvp_service.rsvps.codes import new_code
from rsvp_service.rsvps.models import CancelToken, Rsvp, RsvpStatus, SlotCount
from rsvp_service.rsvps.shares import ClientShare, seats_held


class Outcome(enum.Enum):
    """How an RSVP write ended; only CREATED and WAITLISTED were committed."""

    CREATED = "created"
    WAITLISTED = "waitlisted"
    DUPLICATE = "duplicate"
    FULL = "full"
    # The client's share of the slot (rsvps.shares) has no room for the party.
    SHARE_SPENT = "share_spent"


@dataclass(frozen=True, slots=True)
class NewRsvp:
    """One RSVP to store with its slot's counter bump and its email."""

    slot_id: str
    event: str
    email: str
    first_name: str
    last_name: str
    phone: str | None
    user_id: int | None
    capacity: int | None
    created_at: datetime
    waitlist: bool = False
    # The guests' names ("" for one not named): each takes a seat beside the person.
    guests: tuple[str, ...] = ()
    # A minor's RSVP to an event that asks for a guardian's consent: stored with its request.
    consent: ConsentRequest | None = None
    # Without a verified account, on a slot with a capacity: whose seats it counts with.
    share: ClientShare | None = None

    @property
    def party_size(self) -> int:
        """The seats the RSVP takes: the person and their guests."""
        return 1 + len(self.guests)


@dataclass(frozen=True, slots=True)
class Placement:
    """What became of an RSVP: its outcome and, on the waitlist, its place (1 = next)."""

    outcome: Outcome
    position: int | None = None


class CancelOutcome(enum.Enum):
    """How a cancellation ended; only CANCELLED changed anything."""

    CANCELLED = "cancelled"
    ALREADY = "already"


@dataclass(frozen=True, slots=True)
class Cancellation:
    """The result of a cancellation: its outcome and the RSVPs promoted in its place, if any."""

    outcome: CancelOutcome
    promoted_ids: tuple[int, ...] = ()


CODE_ATTEMPTS = 5  # fresh check-in codes to try when one is taken in the slot


class _Rollback(commit_group.Undo):
    """Raised inside the write to undo it when the RSVP must not be stored."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.value)
        self.outcome = outcome


async def issue_cancel_token(connection: BaseDBAsyncClient, rsvp_id: int) -> str:
    """Store a new 256-bit cancel token for an RSVP (hashed) and return it for one email."""
    token = secrets.token_urlsafe(32)
    await CancelToken.create(token_hash=hash_opaque_token(token), rsvp_id=rsvp_id,
                             using_db=connection)
    return token


async def _counter(connection: BaseDBAsyncClient, slot_id: str) -> SlotCount:
    """Lock the slot's counter row (creating it for the slot's first RSVP) and read it."""
    locked = SlotCount.filter(slot_id=slot_id).select_for_update().using_db(connection)
    counter = await locked.first()
    if counter is None:
        # Another transaction may create the row at the same moment, so conflicts are ignored.
        await SlotCount.bulk_create([SlotCount(slot_id=slot_id, count=0)], ignore_conflicts=True,
                                    using_db=connection)
        counter = await locked.get()
    return counter


async def waitlist_position(slot_id: str, ticket: int) -> int:
    """Return the place (1 = next) of a waitlist ticket among the slot's waiting RSVPs."""
    return await Rsvp.filter(
        slot_id=slot_id, status=RsvpStatus.WAITLISTED, waitlist_ticket__lte=ticket
    ).count()


@dataclass(frozen=True, slots=True)
class _Place:
    """A seat (no ticket) or a waitlist ticket with its position, taken on the counter row."""

    ticket: int | None = None
    position: int | None = None


async def _place(connection: BaseDBAsyncClient, rsvp: NewRsvp) -> _Place:
    """Take the party's seats, or the next waitlist ticket when they do not fit, on the counter."""
    counter = await _counter(connection, rsvp.slot_id)
    # Read under the counter's lock, so RSVPs from one client at once queue for the share too.
    share = rsvp.share
    if share is not None and (await seats_held(connection, rsvp.slot_id, share)
                              + rsvp.party_size > share.seats):
        raise _Rollback(Outcome.SHARE_SPENT)
    moved = SlotCount.filter(slot_id=rsvp.slot_id).using_db(connection)
    if rsvp.capacity is None or counter.count + rsvp.party_size <= rsvp.capacity:
        await moved.update(count=F("count") + rsvp.party_size)
        return _Place()
    if not rsvp.waitlist:
        raise _Rollback(Outcome.FULL)
    await moved.update(waitlist=F("waitlist") + 1, tickets=F("tickets") + 1)
    # The new ticket is the slot's highest, so everyone waiting is ahead of it.
    return _Place(counter.tickets + 1, counter.waitlist + 1)


async def _write(connection: BaseDBAsyncClient, rsvp: NewRsvp, code: str) -> int | None:
    """Write the RSVP with its place, token and email; return its waitlist position."""
    place = await _place(connection, rsvp)
    try:
        row = await Rsvp.create(
            slot_id=rsvp.slot_id,
            event=rsvp.event,
            email=rsvp.email,
            active_email=rsvp.email,
            first_name=rsvp.first_name,
            last_name=rsvp.last_name,
            phone=rsvp.phone,
            user_id=rsvp.user_id,
            language=current(),
            created_at=rsvp.created_at,
            status=RsvpStatus.CONFIRMED if place.ticket is None else RsvpStatus.WAITLISTED,
            waitlist_ticket=place.ticket,
            confirmed_at=rsvp.created_at if place.ticket is None else None,
            checkin_code=code,
            party_size=rsvp.party_size,
            guest_names=list(rsvp.guests) or None,
            client_key=rsvp.share.client_key if rsvp.share else None,
            mailbox_key=rsvp.share.mailbox_key if rsvp.share else None,
            using_db=connection,
        )
    except IntegrityError:
        # The savepoint's rollback takes back the place too.
        raise _Rollback(Outcome.DUPLICATE) from None
    if rsvp.consent is not None:
        volunteer = f"{rsvp.first_name} {rsvp.last_name}".strip()
        await request_consent(connection, rsvp_id=int(row.id), slot_id=rsvp.slot_id,
                              volunteer=volunteer, now=rsvp.created_at, request=rsvp.consent)
    token = await issue_cancel_token(connection, row.id)
    person: dict[str, Any] = {"email": rsvp.email, "first_name": rsvp.first_name,
                              "last_name": rsvp.last_name, "cancel_token": token,
                              "language": row.language}
    if place.position is None:
        held = rsvp.consent.hold_hours if rsvp.consent is not None else None
        mail = rsvp_notices.confirmation_mail(rsvp.slot_id, checkin_code=code, held_hours=held,
                                              user_id=rsvp.user_id, **person)
    else:
        mail = rsvp_notices.notice_mail(rsvp_notices.WAITLISTED, rsvp.slot_id,
                                        position=place.position, user_id=rsvp.user_id, **person)
    await enqueue(mail, connection=connection)
    return place.position


async def _store(rsvp: NewRsvp, code: str) -> int | None:
    """Store the RSVP in a transaction shared with concurrent ones; return its position."""

    async def write(connection: BaseDBAsyncClient) -> int | None:
        return await _write(connection, rsvp, code)

    position: int | None = await commit_group.write(Rsvp, write, order=rsvp.slot_id)
    return position


async def add_rsvp(rsvp: NewRsvp) -> Placement:
    """Store the RSVP (seated or waitlisted), its token, email and counter in one transaction."""
    for _attempt in range(CODE_ATTEMPTS):
        try:
            position = await _store(rsvp, new_code())
        except _Rollback as stop:
            # A full slot is decided before the row is written: someone already in hears so.
            if await Rsvp.exists(slot_id=rsvp.slot_id, active_email=rsvp.email):
                return Placement(Outcome.DUPLICATE, await live_position(rsvp.slot_id, rsvp.email))
            if stop.outcome is not Outcome.DUPLICATE:
                return Placement(stop.outcome)
            # No live RSVP of the address: the random check-in code was one another RSVP of
            # the slot holds (or that RSVP was cancelled meanwhile), so try again.
            continue
        return Placement(Outcome.CREATED if position is None else Outcome.WAITLISTED, position)
    return Placement(Outcome.DUPLICATE)


@dataclass(frozen=True, slots=True)
class NewWalkIn:
    """Someone added at the door: their name, maybe an address, and when."""

    slot_id: str
    event: str
    email: str | None
    name: str
    created_at: datetime


# Writes the walk-in's check-in on the walk-in's transaction.
CheckIn = Callable[[BaseDBAsyncClient, Rsvp], Awaitable[None]]


async def add_walk_in(walk_in: NewWalkIn, check_in: CheckIn) -> Rsvp | None:
    """Store a walk-in and its check-in in one transaction (no seat, the counter untouched).

    Returns None, storing nothing, when the check-in meets a unique constraint: the same
    walk-in stored by another request at the same moment.
    """
    try:
        async with in_transaction() as connection:
            row = await Rsvp.create(
                slot_id=walk_in.slot_id, event=walk_in.event, email=walk_in.email or "",
                first_name=walk_in.name, last_name="", status=RsvpStatus.WALK_IN,
                created_at=walk_in.created_at, using_db=connection)
            await check_in(connection, row)
    except IntegrityError:
        return None
    return row


async def live_position(slot_id: str, email: str) -> int | None:
    """Return the waitlist position of the address's live RSVP to the slot (None: not waiting)."""
    row = await Rsvp.get_or_none(slot_id=slot_id, active_email=email)
    if row is None or row.status is not RsvpStatus.WAITLISTED or row.waitlist_ticket is None:
        return None
    return await waitlist_position(slot_id, row.waitlist_ticket)


async def cancel_rsvp(rsvp_id: int, *, capacity: int | None, now: datetime,
                      notice: str = rsvp_notices.CANCELLED) -> Cancellation:
    """Cancel an RSVP and seat the waiting parties that fit its freed seats, in one transaction.

    `notice` is the kind of email the person gets: a consent release says why, not "as asked".
    """
    async with in_transaction() as connection:
        found = await Rsvp.filter(id=rsvp_id).using_db(connection).only("slot_id").first()
        if found is None:
            return Cancellation(CancelOutcome.ALREADY)
        slot_id = found.slot_id
        # The counter row is the slot's lock: cancellations and RSVPs of a slot queue on it.
        await SlotCount.bulk_create([SlotCount(slot_id=slot_id, count=0)], ignore_conflicts=True,
                                    using_db=connection)
        await SlotCount.filter(slot_id=slot_id).select_for_update().using_db(connection).get()
        row = await Rsvp.get(id=rsvp_id, using_db=connection)
        if row.status is RsvpStatus.CANCELLED:
            return Cancellation(CancelOutcome.ALREADY)
        was = row.status
        await Rsvp.filter(id=rsvp_id).using_db(connection).update(
            status=RsvpStatus.CANCELLED, cancelled_at=now, active_email=None
        )
        await enqueue(rsvp_notices.notice_mail(
            notice, slot_id, email=row.email, first_name=row.first_name,
            last_name=row.last_name, user_id=row.user_id, seated=was is not RsvpStatus.WAITLISTED,
            language=row.language), connection=connection)
        counter = SlotCount.filter(slot_id=slot_id).using_db(connection)
        if was is RsvpStatus.WAITLISTED:
            await counter.update(waitlist=F("waitlist") - 1)
            return Cancellation(CancelOutcome.CANCELLED)
        await counter.update(count=F("count") - row.party_size)
        return Cancellation(CancelOutcome.CANCELLED, await _promote(connection, slot_id,
                                                                    capacity, now))


async def _promote(
    connection: BaseDBAsyncClient, slot_id: str, capacity: int | None, now: datetime
) -> tuple[int, ...]:
    """Seat the waiting parties that fit the free seats, in ticket order; return their ids."""
    counter = await SlotCount.get(slot_id=slot_id, using_db=connection)
    # Below zero when the capacity was lowered: then nobody fits.
    free = None if capacity is None else capacity - counter.count
    waiting = await Rsvp.filter(slot_id=slot_id, status=RsvpStatus.WAITLISTED).using_db(
        connection).order_by("waitlist_ticket", "id")
    promoted: list[int] = []
    for party in waiting:
        if free is not None and party.party_size > free:
            continue  # a party is never split: a smaller one behind it may fit
        await Rsvp.filter(id=party.id).using_db(connection).update(
            status=RsvpStatus.CONFIRMED, waitlist_ticket=None, confirmed_at=now
        )
        await SlotCount.filter(slot_id=slot_id).using_db(connection).update(
            waitlist=F("waitlist") - 1, count=F("count") + party.party_size)
        token = await issue_cancel_token(connection, party.id)
        await enqueue(rsvp_notices.notice_mail(
            rsvp_notices.PROMOTED, slot_id, email=party.email, first_name=party.first_name,
            last_name=party.last_name, cancel_token=token, checkin_code=party.checkin_code,
            user_id=party.user_id, language=party.language,
        ), connection=connection)
        promoted.append(int(party.id))
        if free is not None:
            free -= party.party_size
            if free <= 0:
                break
    return tuple(promoted)


@dataclass(frozen=True, slots=True)
class SlotTally:
    """Seats taken and waiting RSVPs (parties) over some slots."""

    count: int
    waitlist: int


async def tally(slot_ids: list[str]) -> SlotTally:
    """Return the committed numbers of seats taken and of waiting RSVPs over the given slots."""
    # Whole rows: cheaper to build than a column selection (Tortoise resolves .only() anew
    # each time), and a counter row is a few columns.
    counters = await SlotCount.filter(slot_id__in=slot_ids)
    return SlotTally(sum(c.count for c in counters), sum(c.waitlist for c in counters))


async def count_rsvps(slot_ids: list[str]) -> int:
    """Return the committed number of seats taken over the given slots."""
    return (await tally(slot_ids)).count
