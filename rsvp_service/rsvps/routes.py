"""RSVP endpoints: check, create, count, and the signed-in user's list."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.expressions import Q

from rsvp_service import clock
from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in, user_from_request
from rsvp_service.consent.records import ConsentRequest, approved_before, consent_states
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, current, gettext, ngettext
from rsvp_service.i18n.dates import long_date
from rsvp_service.mail.checkin_code import display
from rsvp_service.mail.outbox import notify
from rsvp_service.process.metrics import RSVPS
from rsvp_service.rsvps import codes as checkin_codes
from rsvp_service.rsvps.bodies import (
    CheckQuery,
    Count,
    CountQuery,
    HasRsvped,
    MyRsvp,
    MyRsvps,
    OnWaitlist,
    RsvpConfirmed,
    RsvpPayload,
    RsvpWaitlisted,
    SlotFull,
)
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus
from rsvp_service.rsvps.shares import GUEST_PARTY_LIMIT, client_share, refuse_if_blocked
from rsvp_service.rsvps.store import NewRsvp, Outcome, add_rsvp, tally, waitlist_position
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, client_ip, enforce

UNKNOWN_EVENT = N_("There is no event with that eventId.")
NO_GUEST_EVENT = N_("No event is open for RSVPs without an eventId.")
PICK_A_SLOT = N_("This event has several time slots; send the eventId of one of them.")
ENDED = N_("This event has ended.")
SIGN_IN = N_("Please log in to RSVP for this event.")
VERIFY_FIRST = N_(
    "Please verify your email address to RSVP for this event: use the link in the "
    "email we sent you, or ask for a new one from your dashboard, then try again.")
MINOR_SIGN_IN = N_(
    "Volunteers under 18 need an account with a verified email address to RSVP for "
    "this event, so that the request to your parent or guardian comes from you. "
    "Please sign up or log in, verify your email address, and try again.")
MINOR_VERIFY = N_(
    "Volunteers under 18 need a verified email address to RSVP for this event. "
    "Please use the link in the email we sent you, or ask for a new one from your "
    "dashboard, then try again.")
SIGN_IN_LIST = N_("Please log in to see your RSVPs.")
SIGN_IN_CHECK = N_("Please log in to see whether you have RSVP'd.")
OWN_ADDRESS_ONLY = N_("You can only check the RSVPs of your own email address.")
ALREADY = N_("You have already RSVP'd to this event.")
FULL = N_("This time slot is full. Join the waitlist?")
ON_WAITLIST = N_("You are already on the waitlist for this time slot (#{position}).")
CREATED = N_("You have RSVP'd! A confirmation email will be sent!")
CREATED_PARTY = N_(
    "You have RSVP'd for yourself and {guests}! "
    "A confirmation email will be sent.")
NO_GUESTS = N_(
    "This event does not take guests: each person RSVPs for themselves. "
    "Remove the guests and try again, or ask them to RSVP on their own.")
TOO_MANY_GUESTS = N_(
    "You can bring up to {limit} to this event, and you listed {given}. "
    "Remove {extra} and try again.")
GUESTS_NEED_ACCOUNT = N_(
    "Without signing in you can bring up to {limit} to this event, and you "
    "listed {given}. Log in with a verified account to bring up to {most}, "
    "or remove {extra} and try again.")
SHARE_SPENT = N_(
    "RSVPs made without signing in from your network or email address already hold "
    "as many spots of this time slot as one visitor may ({seats}). Log in with a "
    "verified account to RSVP, or cancel an RSVP you made and try again.")
PARTY_TOO_BIG = N_(
    "This time slot has {capacity} in all, so a party of {size} can never fit. "
    "Bring fewer guests and try again.")
PARTY_FULL = N_(
    "This time slot does not have {size} spots left for your party. "
    "Join the waitlist? The whole party will be moved up together.")
GUARDIAN_NEEDED = N_(
    "This event asks for a parent's or guardian's consent for volunteers under 18. "
    "Enter your parent's or guardian's email address and try again.")
GUARDIAN_IS_YOU = N_(
    "The guardian's email address is your own. Enter your parent's or guardian's "
    "address so they can approve, and try again.")
AWAITING_CONSENT = N_(
    " We have emailed your parent or guardian: your spot is held for {hours} "
    "hours until they approve.")
WAITLISTED = N_("You are #{position} on the waitlist. We will email you if a spot opens up.")
# RSVPs a volunteer holds (walk-ins are in their impact instead, not in their RSVPs).
LIVE = (RsvpStatus.CONFIRMED, RsvpStatus.WAITLISTED)


def _guests(count: int) -> str:
    return ngettext("{count} guest", "{count} guests", count).format(count=count)


def _check_party(slot: Slot, body: RsvpPayload, verified: bool) -> None:
    """422 when the party breaks the event's guest limit or could never fit the slot."""
    given = len(body.guests)
    limit = slot.max_guests_per_rsvp
    if given > limit:
        raise ApiError(422, NO_GUESTS if limit == 0 else gettext(TOO_MANY_GUESTS).format(
            limit=_guests(limit), given=_guests(given), extra=_guests(given - limit)))
    # A party larger than the slot would wait forever: no cancellation frees enough seats.
    if given and slot.capacity is not None and given + 1 > slot.capacity:
        spots = f"{slot.capacity} spot" if slot.capacity == 1 else f"{slot.capacity} spots"
        raise ApiError(422, gettext(PARTY_TOO_BIG).format(capacity=spots, size=given + 1))
    # Invented guests are seats too: without a verified account a party stays small.
    if not verified and given > GUEST_PARTY_LIMIT:
        raise ApiError(422, gettext(GUESTS_NEED_ACCOUNT).format(
            limit=_guests(GUEST_PARTY_LIMIT), given=_guests(given), most=_guests(limit),
            extra=_guests(given - GUEST_PARTY_LIMIT)))


def _consent(settings: Settings, slot: Slot, body: RsvpPayload, user: User | None,
             now: datetime) -> ConsentRequest | None:
    """The consent request a minor's RSVP needs on this slot (422 without a usable guardian)."""
    if not (slot.guardian_consent and body.under18):
        return None
    # The request carries the volunteer's name to any address typed in: only an address shown
    # to be the volunteer's own (a verified account) may send one.
    if user is None:
        raise ApiError(401, MINOR_SIGN_IN)
    if not user.is_verified:
        raise ApiError(403, MINOR_VERIFY)
    if body.guardianEmail is None:
        raise ApiError(422, GUARDIAN_NEEDED)
    # "kid+mom@" reaches the kid's own inbox.
    if canonical_mailbox(body.guardianEmail) == canonical_mailbox(user.email):
        raise ApiError(422, GUARDIAN_IS_YOU)
    hours = settings.consent_hold_hours
    return ConsentRequest(guardian_email=body.guardianEmail,
                          expires_at=(now + timedelta(hours=hours)).astimezone(UTC),
                          hold_hours=hours)


def _catalogue(request: Request) -> Catalogue:
    catalogue: Catalogue = request.app.state.catalogue
    return catalogue


def _slots_or_404(catalogue: Catalogue, event_id: str | None) -> list[Slot]:
    if event_id is None:
        slots = catalogue.guest_slots
        if not slots:
            raise ApiError(404, NO_GUEST_EVENT)
        return slots
    slots = catalogue.slots_for(event_id)
    if not slots:
        raise ApiError(404, UNKNOWN_EVENT)
    return slots


async def _check_rate_limits(request: Request, email: str, user: User | None,
                             consent: ConsentRequest | None) -> None:
    """429 when this mailbox's RSVPs from this client, or the consent emails, are spent."""
    verified = user is not None and user.is_verified
    ip = client_ip(request)
    # Per (mailbox, IP): a stranger typing someone's address spends only their own budget, and
    # the signed-in owner of a verified address is never limited by it.
    if not verified:
        await enforce(request, "rsvp-email-ip", f"{canonical_mailbox(email)} {ip}")
    if consent is not None:
        guardian = canonical_mailbox(consent.guardian_email)
        await enforce(request, "consent-ip", ip)
        await enforce(request, "consent-guardian-ip", f"{guardian} {ip}")
        # Strangers together may spend a guardian's daily cap, but never for a volunteer the
        # guardian already approved: a known family is not blocked by it.
        assert user is not None  # a consent request comes from a verified account
        if not await approved_before(consent.guardian_email, user.id):
            await enforce(request, "consent-guardian", guardian)


async def _signed_in_for_check(request: Request) -> None:
    # Checked before the query is read, and limited per account.
    user = await signed_in(request, SIGN_IN_CHECK)
    await enforce(request, "rsvp-check", str(user.id))
    request.state.user = user


@endpoint("GET", "/api/rsvp/check", query=CheckQuery, responses={200: HasRsvped},
          errors={401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody},
          auth="token", guards=(_signed_in_for_check,),
          limits=(Limit("rsvp-check", key="account"),),
          summary="Whether the signed-in user (email must be their own) has RSVP'd to a slot "
          "or to any slot of an event.")
async def check_rsvp(request: Request, query: CheckQuery) -> HasRsvped:
    """Whether the signed-in user has RSVP'd to a slot (or an event)."""
    # Only about one's own address: answering for any address would tell anyone who RSVP'd.
    user: User = request.state.user
    if query.email != user.email:
        raise ApiError(403, OWN_ADDRESS_ONLY)
    slots = _slots_or_404(_catalogue(request), query.eventId)
    exists = await Rsvp.filter(
        slot_id__in=[slot.id for slot in slots], active_email=user.email
    ).exists()
    return HasRsvped(hasRSVPed=exists)


@endpoint("GET", "/api/rsvp", query=CountQuery, responses={200: Count}, errors={404: ErrorBody},
          summary="Confirmed RSVPs, capacity, spots left and waitlist length of a slot, of a "
          "whole event (sums), or (no eventId) of the guest event.")
async def rsvp_count(request: Request, query: CountQuery) -> Count:
    """Confirmed RSVPs, spots left and waitlist of a slot, event or guest event."""
    slots = _slots_or_404(_catalogue(request), query.eventId)
    counts = await tally([slot.id for slot in slots])
    capacities = [slot.capacity for slot in slots]
    capacity = None if None in capacities else sum(c for c in capacities if c is not None)
    remaining = None if capacity is None else max(capacity - counts.count, 0)
    return Count(count=counts.count, capacity=capacity, remaining=remaining,
                 waitlist=counts.waitlist)


@endpoint("POST", "/api/rsvp", body=RsvpPayload, responses={201: RsvpConfirmed | RsvpWaitlisted},
          errors={401: ErrorBody, 403: ErrorBody, 404: ErrorBody,
                  409: OnWaitlist | SlotFull | ErrorBody, 410: ErrorBody, 429: ErrorBody},
          auth="optional", sends_mail_to="typed",
          limits=(Limit("rsvp-ip", key="ip"), Limit("rsvp-email-ip", key="address+ip"),
                  Limit("consent-ip", key="ip", counts="mail"),
                  Limit("consent-guardian-ip", key="address+ip", counts="mail"),
                  Limit("consent-guardian", key="address", counts="mail")),
          summary="RSVP to a slot (no eventId: the guest event). Account events, and minors on "
          "events asking for a guardian's consent, need a verified account. When the slot is "
          "full, waitlist: true joins its waitlist. Up to the event's max_guests_per_rsvp guests "
          "(2 without a verified account) come along, seated or waitlisted as one party. "
          "Without a verified account one network or mailbox holds at most a share of a slot.")
async def create_rsvp(
    request: Request, body: RsvpPayload
) -> RsvpConfirmed | RsvpWaitlisted | Reply[OnWaitlist | SlotFull]:
    """Store an RSVP, bump its slot's count and queue the confirmation."""
    settings: Settings = request.app.state.settings
    slots = _slots_or_404(_catalogue(request), body.eventId)
    if len(slots) > 1:
        raise ApiError(422, PICK_A_SLOT)
    slot = slots[0]
    # The one clock: the RSVP's time decides, with the slot's, whether it gets a reminder.
    now = clock.now(settings)
    if now >= slot.end:
        raise ApiError(410, ENDED)
    user = await user_from_request(request)
    verified = user is not None and user.is_verified
    if slot.needs_account and user is None:
        raise ApiError(401, SIGN_IN)
    if slot.needs_account and not verified:
        raise ApiError(403, VERIFY_FIRST)
    _check_party(slot, body, verified)
    # A signed-in RSVP is always for the account's own address.
    email = user.email if user is not None else body.email
    consent = _consent(settings, slot, body, user, now)
    await _check_rate_limits(request, email, user, consent)
    await refuse_if_blocked(_catalogue(request).host_of(slot), email)
    share = None if verified else client_share(settings, ip=client_ip(request), email=email,
                                               capacity=slot.capacity)
    placement = await add_rsvp(
        NewRsvp(
            slot_id=slot.id,
            event=slot.event,
            email=email,
            first_name=body.firstName,
            last_name=body.lastName,
            phone=body.phone,
            user_id=user.id if user is not None else None,
            capacity=slot.capacity,
            created_at=now,
            waitlist=body.waitlist,
            guests=tuple(guest.name for guest in body.guests),
            consent=consent,
            share=share,
        )
    )
    RSVPS.labels(placement.outcome.value).inc()
    position = placement.position
    if placement.outcome is Outcome.DUPLICATE:
        if position is not None:
            return Reply(OnWaitlist(error=gettext(ON_WAITLIST).format(position=position),
                                    position=position), status=409)
        raise ApiError(409, ALREADY)
    if placement.outcome is Outcome.SHARE_SPENT:
        assert share is not None  # only a limited RSVP meets its share
        raise ApiError(409, gettext(SHARE_SPENT).format(seats=share.seats))
    if placement.outcome is Outcome.FULL:
        full = gettext(PARTY_FULL).format(size=len(body.guests) + 1) if body.guests else FULL
        return Reply(SlotFull(error=full, full=True), status=409)
    notify(request)
    if placement.outcome is Outcome.WAITLISTED:
        assert position is not None  # a waitlisted placement has a position
        return RsvpWaitlisted(status="waitlisted", position=position,
                              message=gettext(WAITLISTED).format(position=position),
                              eventId=slot.id, event=slot.event, email=email)
    message = (gettext(CREATED_PARTY).format(guests=_guests(len(body.guests))) if body.guests
               else gettext(CREATED))
    if consent is not None:
        message += gettext(AWAITING_CONSENT).format(hours=f"{consent.hold_hours:g}")
    return RsvpConfirmed(status="confirmed", message=message, eventId=slot.id, event=slot.event,
                         email=email, consent="awaiting" if consent is not None else None)


def mine(user: User) -> Q:
    """The RSVPs that are the user's: their own, and guest ones with their verified address."""
    owned = Q(user_id=user.id)
    return owned | Q(email=user.email) if user.is_verified else owned


@endpoint("GET", "/api/me/rsvps", responses={200: MyRsvps}, errors={401: ErrorBody},
          auth="token",
          summary="The signed-in user's live RSVPs (confirmed or waitlisted, incl. guest RSVPs "
          "with their verified address): upcoming soonest first, then past newest first.")
async def my_rsvps(request: Request) -> MyRsvps:
    """The user's live RSVPs, upcoming first (soonest first), then past."""
    user = await signed_in(request, SIGN_IN_LIST)
    # Its events' words in the request's language; their times are the same in every one.
    catalogue = _catalogue(request).in_language(current())
    now = clock.now(request.app.state.settings)
    rows = await Rsvp.filter(mine(user), status__in=LIVE).order_by("-created_at", "-id")
    checked_in = set(await Attendance.filter(
        rsvp_id__in=[row.id for row in rows], checked_in_at__isnull=False,
    ).values_list("rsvp_id", flat=True))
    consents = await consent_states([row.id for row in rows])
    upcoming: list[tuple[datetime, MyRsvp]] = []
    past: list[tuple[datetime, MyRsvp]] = []
    for row in rows:
        slot = catalogue.slots.get(row.slot_id)
        position = None
        if row.status is RsvpStatus.WAITLISTED and row.waitlist_ticket is not None:
            position = await waitlist_position(row.slot_id, row.waitlist_ticket)
        is_past = slot is None or slot.end <= now
        code = row.checkin_code if row.status is RsvpStatus.CONFIRMED else None
        item = MyRsvp(
            id=row.id,
            status=row.status.value,
            position=position,
            eventId=row.slot_id,
            event=row.event,
            title=slot.title if slot else row.event,
            date=slot.date if slot else "",
            date_text=long_date(slot.start) if slot else "",
            time=slot.time if slot else "",
            location=slot.location if slot else "",
            start=slot.start if slot else None,
            end=slot.end if slot else None,
            path=slot.path if slot else f"/events/{row.event}",
            past=is_past,
            createdAt=row.created_at,
            code=display(code) if code else None,
            qr=checkin_codes.qr_svg_uri(code) if code and not is_past else None,
            checkedIn=row.id in checked_in,
            consent=consents.get(row.id),
        )
        # A slot gone from events.json sorts as the oldest past RSVP.
        when = slot.start if slot else datetime.min.replace(tzinfo=UTC)
        (past if is_past else upcoming).append((when, item))
    upcoming.sort(key=lambda pair: pair[0])
    past.sort(key=lambda pair: pair[0], reverse=True)
    return MyRsvps(rsvps=[item for _, item in upcoming + past])


def routes() -> list[BaseRoute]:
    """Return the RSVP routes."""
    return contract.routes(rsvp_count, create_rsvp, check_rsvp, my_rsvps)
