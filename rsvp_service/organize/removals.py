"""Organizers remove RSVPs from a slot's roster and block addresses from their events.

A removal is the volunteer's own cancellation (`rsvps.store.cancel_rsvp`): the seats are freed
and the waitlist promoted in one transaction, and the person is emailed that the organizer
removed the RSVP (`rsvp_notices.REMOVED`) instead of the cancellation's "as you asked". Only
RSVPs of slots that have not started, of people not checked in, are removed: after the start
the roster is the record of who came. Each organizer's removals and blocks are rate limited
on their account, after the role check, so nobody else can spend them.
"""

from __future__ import annotations

from datetime import datetime

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail import rsvp_notices
from rsvp_service.mail.outbox import notify
from rsvp_service.organize import blocks
from rsvp_service.organize.bodies import (
    Blocked,
    BlockEntry,
    BlockPayload,
    Blocks,
    Message,
    Organization,
    Removed,
    RemovePayload,
    UnblockPayload,
)
from rsvp_service.organize.roles import check_role, current_organizer
from rsvp_service.organize.roster import ON_ROSTER, display_name, slot_for_organizer
from rsvp_service.rsvps.models import Attendance, BlockedAddress, Rsvp, RsvpStatus
from rsvp_service.rsvps.store import CancelOutcome, cancel_rsvp
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

NOT_ON_ROSTER = N_("That person is not on this slot's roster. Reload the roster and try again.")
CHECKED_IN = N_(
    "{name} is checked in, so their RSVP cannot be removed. Undo the check-in first "
    "if they have left.")
STARTED = N_(
    "This time slot has already started, so its RSVPs can no longer be removed. "
    "Mark who came at check-in instead.")
NO_SUCH_ORGANIZATION = N_(
    "There is no organization with that name. Check the address and try again.")
NOT_BLOCKED = N_("{email} is not blocked from the events of {name}, so there is nothing to undo.")
UNBLOCKED = N_("{email} can RSVP to the events of {name} again.")
BLOCKED = N_("{email} is blocked from the events of {name}.")
REMOVED = N_("{name}'s RSVP is removed and they have been emailed.")
MOVED_UP = N_(" {n} from the waitlist moved up.")
REMOVE_LIMIT = "organizer-remove"
BLOCK_LIMIT = "organizer-block"
REMOVES = (Limit(REMOVE_LIMIT, key="account"), Limit(BLOCK_LIMIT, key="account"))
BLOCKS_WRITE = (Limit(BLOCK_LIMIT, key="account"),)
LIVE = (RsvpStatus.CONFIRMED, RsvpStatus.WAITLISTED)


async def _removable(slot: Slot, row: Rsvp | None, now: datetime) -> Rsvp:
    """The RSVP if an organizer may remove it now: 404 off the roster, 409 once begun."""
    if row is None or row.slot_id != slot.id or row.status not in ON_ROSTER:
        raise ApiError(404, NOT_ON_ROSTER)
    if now >= slot.start:
        raise ApiError(409, STARTED)
    if row.status is RsvpStatus.WALK_IN or await Attendance.exists(
            rsvp_id=row.id, checked_in_at__isnull=False):
        raise ApiError(409, gettext(CHECKED_IN).format(name=display_name(row)))
    return row


async def remove(slot: Slot, row: Rsvp, now: datetime,
                 reason: rsvp_notices.RemovalReason | None = None) -> int | None:
    """Cancel the RSVP as removed by the organizer; return how many moved up (None: gone)."""
    result = await cancel_rsvp(row.id, capacity=slot.capacity, now=now,
                               notice=rsvp_notices.removed_kind(reason))
    return None if result.outcome is CancelOutcome.ALREADY else len(result.promoted_ids)


async def remove_live(catalogue: Catalogue, organization: str, email: str,
                      now: datetime) -> tuple[int, int]:
    """Remove the RSVPs of the address's mailbox to the organization's events not yet begun
    (any spelling of it, as a block refuses them); return (removed, moved up)."""
    slots = {slot.id: slot for slot in catalogue.slots.values()
             if catalogue.host_of(slot) == organization and slot.start > now}
    mailbox = canonical_mailbox(email)
    removed = promoted = 0
    rows = await Rsvp.filter(slot_id__in=list(slots), status__in=LIVE).order_by("id")
    for row in rows:
        if canonical_mailbox(row.email) != mailbox:
            continue
        slot = slots[row.slot_id]
        try:
            await _removable(slot, row, now)
        except ApiError:
            continue  # begun or checked in: the roster keeps it
        moved = await remove(slot, row, now)
        if moved is not None:
            removed, promoted = removed + 1, promoted + moved
    return removed, promoted


def _entry(row: BlockedAddress) -> BlockEntry:
    return BlockEntry(email=row.email, blockedAt=row.blocked_at)


def _also(n: int, name: str, other: str = "") -> str:
    """The sentence saying how many more RSVPs a block removed ("" for none)."""
    if not n:
        return ""
    rsvps, were = (f"1 {other}RSVP", "was") if n == 1 else (f"{n} {other}RSVPs", "were")
    return f" {rsvps} of theirs to upcoming events of {name} {were} removed too."


ON_SLOT = {401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody}


@endpoint("POST", "/api/organize/slots/{slot_id}/removals", body=RemovePayload,
          responses={200: Removed}, errors=ON_SLOT, auth="token", limits=REMOVES,
          summary="Remove an RSVP from the slot (before it starts): the waitlist moves up as "
          "when a volunteer cancels and the person is emailed; block: true also blocks "
          "the address from the organization's events.")
async def remove_rsvp(request: Request, body: RemovePayload) -> Removed:
    """POST /api/organize/slots/{slot_id}/removals: take an RSVP off the roster."""
    organizer, slot = await slot_for_organizer(request)
    await enforce(request, REMOVE_LIMIT, str(organizer.user.id))
    if body.block:
        await enforce(request, BLOCK_LIMIT, str(organizer.user.id))
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(request.app.state.settings)
    row = await _removable(slot, await Rsvp.get_or_none(id=body.attendee), now)
    moved = await remove(slot, row, now, body.reason)
    if moved is None:
        raise ApiError(404, NOT_ON_ROSTER)  # removed or cancelled a moment ago
    removed, message = 1, gettext(REMOVED).format(name=display_name(row))
    host = catalogue.host_of(slot)
    if body.block and host:
        await blocks.block(host, row.email, organizer.user.id, now)
        others, more = await remove_live(catalogue, host, row.email, now)
        removed, moved = removed + others, moved + more
        org = catalogue.organizations.get(host, host)
        blocked = gettext(BLOCKED).format(email=row.email, name=org)
        message += " " + blocked + _also(others, org, "other ")
    if moved:
        message += gettext(MOVED_UP).format(n=moved)
    notify(request)
    return Removed(removed=removed, promoted=moved, blocked=body.block and bool(host),
                   message=message)


async def _organization(request: Request) -> Organization:
    """The organization the path names, for its organizer (401, 403, then 404 if unknown)."""
    organizer = await current_organizer(request)
    catalogue: Catalogue = request.app.state.catalogue
    typed = request.path_params["organization"]
    slug = catalogue.organization(typed)
    # The role first: a stranger learns nothing about which organizations exist.
    check_role(request, organizer, slug or typed)
    if slug is None:
        raise ApiError(404, NO_SUCH_ORGANIZATION)
    request.state.organizer = organizer
    return Organization(slug=slug, name=catalogue.organizations[slug])


ON_ORGANIZATION = {401: ErrorBody, 403: ErrorBody, 404: ErrorBody}
BLOCKS = "/api/organize/organizations/{organization}/blocks"


@endpoint("GET", BLOCKS, responses={200: Blocks}, errors=ON_ORGANIZATION, auth="token",
          summary="The addresses the organization has blocked from its events, newest first.")
async def list_blocks(request: Request) -> Blocks:
    """GET .../blocks: the organization's blocked addresses."""
    organization = await _organization(request)
    return Blocks(organization=organization,
                  blocks=[_entry(row) for row in await blocks.blocked(organization.slug)])


@endpoint("POST", BLOCKS, body=BlockPayload, responses={200: Blocked},
          errors={**ON_ORGANIZATION, 429: ErrorBody}, auth="token", limits=BLOCKS_WRITE,
          summary="Block an address from the organization's events (its RSVPs to them are "
          "refused); removeRsvps: true also removes its live RSVPs to slots not yet started.")
async def add_block(request: Request, body: BlockPayload) -> Blocked:
    """POST .../blocks: block an address, optionally removing its live RSVPs."""
    organization = await _organization(request)
    user_id = request.state.organizer.user.id
    await enforce(request, BLOCK_LIMIT, str(user_id))
    now = clock.now(request.app.state.settings)
    row = await blocks.block(organization.slug, body.email, user_id, now)
    removed = 0
    message = gettext(BLOCKED).format(email=body.email, name=organization.name)
    if body.removeRsvps:
        removed, moved = await remove_live(request.app.state.catalogue, organization.slug,
                                           body.email, now)
        message += _also(removed, organization.name)
        if moved:
            message += gettext(MOVED_UP).format(n=moved)
        notify(request)
    return Blocked(block=_entry(row), removed=removed, message=message)


@endpoint("POST", "/api/organize/organizations/{organization}/unblock", body=UnblockPayload,
          responses={200: Message}, errors={**ON_ORGANIZATION, 429: ErrorBody}, auth="token",
          limits=BLOCKS_WRITE,
          summary="Let a blocked address RSVP to the organization's events again.")
async def remove_block(request: Request, body: UnblockPayload) -> Message:
    """POST .../unblock: lift a block."""
    organization = await _organization(request)
    await enforce(request, BLOCK_LIMIT, str(request.state.organizer.user.id))
    if not await blocks.unblock(organization.slug, body.email):
        raise ApiError(404, gettext(NOT_BLOCKED).format(email=body.email, name=organization.name))
    return Message(message=gettext(UNBLOCKED).format(email=body.email, name=organization.name))


def routes() -> list[BaseRoute]:
    """Return the removal and block routes."""
    return contract.routes(remove_rsvp, list_blocks, add_block, remove_block)
