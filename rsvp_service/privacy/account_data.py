"""The signed-in volunteer's own data: export it all as JSON, or delete the account and it.

Besides the account and its RSVPs, that is its check-ins (with hours), service-hours records,
hours served elsewhere (with their supervisors' answers), organizer roles, the messages it sent
as an organizer, and what its address follows.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.expressions import Q, Subquery
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.models import EmailToken, PasswordResetToken, RefreshToken, User
from rsvp_service.accounts.passwords import verify_password
from rsvp_service.accounts.routes import allowed_origin
from rsvp_service.accounts.sessions import clear_refresh_cookie
from rsvp_service.accounts.tokens import signed_in_session
from rsvp_service.consent.models import GuardianConsent
from rsvp_service.events import Catalogue
from rsvp_service.follows.models import Follow, Follower
from rsvp_service.follows.store import followers_of
from rsvp_service.i18n import N_
from rsvp_service.impact.bodies import RecordSnapshot
from rsvp_service.impact.credentials import credential_id, status_url
from rsvp_service.impact.records import sign
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import notify
from rsvp_service.organize.models import HoursRecord, OrganizerGrant, OrganizerMessage
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.outside_hours.service import exported
from rsvp_service.privacy.bodies import (
    Deleted,
    DeletePayload,
    Export,
    ExportAccount,
    ExportCheckIn,
    ExportConsent,
    ExportFollow,
    ExportGivenConsent,
    ExportHoursRecord,
    ExportMessage,
    ExportRole,
    ExportRsvp,
    ExportSession,
)
from rsvp_service.privacy.others_records import consents_given, erase_from_others
from rsvp_service.rsvps.models import Attendance, Rsvp, RsvpStatus
from rsvp_service.rsvps.routes import LIVE, mine
from rsvp_service.rsvps.store import cancel_rsvp, waitlist_position
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

logger = logging.getLogger(__name__)

SIGN_IN_EXPORT = N_("Please log in to download your data.")
SIGN_IN_DELETE = N_("Please log in to delete your account.")
NOT_CONFIRMED = N_("That password is not right. Nothing was deleted.")
CONFIRM_DELETE = N_("Type DELETE to confirm that your account and its data should be deleted.")
DELETED = N_("Your account and its data are deleted.")


async def _position(row: Rsvp) -> int | None:
    if row.status is not RsvpStatus.WAITLISTED or row.waitlist_ticket is None:
        return None
    return await waitlist_position(row.slot_id, row.waitlist_ticket)


@endpoint("GET", "/api/me/export", responses={200: Export}, errors={401: ErrorBody},
          auth="token", summary="Everything stored about the signed-in user, as a JSON download.")
async def export_data(request: Request) -> Reply[Export]:
    """GET /api/me/export: the account, its RSVPs and its sessions, as a JSON download."""
    user = await signed_in_session(request, SIGN_IN_EXPORT)
    catalogue: Catalogue = request.app.state.catalogue
    rows = await Rsvp.filter(mine(user)).order_by("created_at", "id")
    slot_of = {row.id: row.slot_id for row in rows}
    families: dict[str, ExportSession] = {}
    # A family is one sign-in; its links share expires_at, and it is live while a link is.
    for token in await RefreshToken.filter(user_id=user.id).order_by("created_at", "id"):
        family = families.setdefault(str(token.family), ExportSession(
            created_at=token.created_at, expires_at=token.expires_at, revoked=True))
        if not token.revoked and not token.used:
            family.revoked = False
    document = Export(
        account=ExportAccount(id=user.id, name=user.name, email=user.email, role=user.role,
                              is_verified=user.is_verified, created_at=user.created_at,
                              age_bracket=user.age_bracket, language=user.language),
        rsvps=[ExportRsvp(
            eventId=row.slot_id,
            event=row.event,
            title=slot.title if (slot := catalogue.slots.get(row.slot_id)) else row.event,
            status=row.status.value,
            position=await _position(row),
            first_name=row.first_name,
            last_name=row.last_name,
            phone=row.phone,
            created_at=row.created_at,
            cancelled_at=row.cancelled_at,
            confirmed_at=row.confirmed_at,
            reminder_queued_at=row.reminder_queued_at,
            language=row.language,
        ) for row in rows],
        sessions=list(families.values()),
        **await _organizing_data(request.app.state.settings, user, list(slot_of)),
        follows=[ExportFollow(kind=f.kind.value, target=f.target, created_at=f.created_at,
                              confirmed_at=f.confirmed_at, language=f.follower.language)
                 for f in await Follow.filter(
                     follower_id__in=Subquery(Follower.filter(followers_of(user)).values("id")))
                 .order_by("id").prefetch_related("follower")],
        guardian_consents=[ExportConsent(
            eventId=slot_of[c.rsvp_id], guardian_email=c.guardian_email,
            requested_at=c.requested_at, expires_at=c.expires_at, decided_at=c.decided_at,
            decision=c.decision.value if c.decision else None, released_at=c.released_at,
            language=c.language)
            for c in await GuardianConsent.filter(rsvp_id__in=list(slot_of)).order_by("id")],
        consents_given_as_guardian=await _given(catalogue, await consents_given(user)),
        outside_hours=await exported(user.id),
    )
    return Reply(document, headers={
        "Content-Disposition": 'attachment; filename="civicstl-data.json"'})


async def _given(catalogue: Catalogue, consents: list[GuardianConsent]
                 ) -> list[ExportGivenConsent]:
    """The consents the person was asked for as a guardian, for the export (one RSVP query)."""
    slot_of = dict(await Rsvp.filter(id__in=[c.rsvp_id for c in consents]).values_list(
        "id", "slot_id"))
    given = []
    for consent in consents:
        slot_id = slot_of[consent.rsvp_id]
        slot = catalogue.slots.get(slot_id)
        given.append(ExportGivenConsent(
            eventId=slot_id, title=slot.title if slot else slot_id,
            requested_at=consent.requested_at, expires_at=consent.expires_at,
            decided_at=consent.decided_at,
            decision=consent.decision.value if consent.decision else None))
    return given


async def _organizing_data(settings: Settings, user: User, rsvp_ids: list[int]
                           ) -> dict[str, list[Any]]:
    """The account's check-ins, hours records, organizer roles and messages, for the export."""
    check_ins = await Attendance.filter(rsvp_id__in=rsvp_ids).order_by("id")
    records = await HoursRecord.filter(user_id=user.id).order_by("id")
    grants = await OrganizerGrant.filter(user_id=user.id).order_by("id")
    messages = await OrganizerMessage.filter(sender_id=user.id).order_by("id")
    return {
        "check_ins": [ExportCheckIn(
            eventId=a.slot_id, event=a.event, organization=a.organization,
            checked_in_at=a.checked_in_at, walk_in=a.walk_in,
            hours=float(a.hours) if a.hours is not None else None,
            hours_reason=a.hours_reason, attested_name=a.attested_name,
            attested_role=a.attested_role, attested_email=a.attested_email,
            attested_organization=a.attested_organization, service_type=a.service_type,
            starts_at=a.starts_at, ends_at=a.ends_at) for a in check_ins],
        "hours_records": [ExportHoursRecord(
            issued_at=r.issued_at, revoked_at=r.revoked_at, hours=float(r.hours),
            record=RecordSnapshot.model_validate(r.snapshot),
            credential_id=credential_id(settings, code := sign(settings, r.id)),
            credential_status=status_url(settings, code)) for r in records],
        "organizer_roles": [ExportRole(organization=g.organization, granted_at=g.granted_at)
                            for g in grants],
        "messages_sent": [ExportMessage(
            eventId=m.slot_id, subject=m.subject, body=m.body, recipients=m.recipients,
            sent_at=m.sent_at) for m in messages],
    }


async def _confirmed(user: User, payload: DeletePayload) -> None:
    """Raise unless the body proves the person means it (password, or DELETE without one)."""
    if user.password_hash is not None:
        if not await verify_password(user.password_hash, payload.password or ""):
            raise ApiError(403, NOT_CONFIRMED)
    elif payload.confirm != "DELETE":
        raise ApiError(422, CONFIRM_DELETE)


@endpoint("POST", "/api/me/delete", body=DeletePayload, responses={200: Deleted},
          errors={401: ErrorBody, 403: ErrorBody, 429: ErrorBody}, auth="token",
          guards=(allowed_origin,), limits=(Limit("account-delete", key="account"),),
          summary="Delete the signed-in user's account: cancels future RSVPs (promoting "
          "waitlists), erases sessions and personal data, clears the refresh cookie.")
async def delete_account(request: Request, body: DeletePayload) -> Reply[Deleted]:
    """POST /api/me/delete: cancel future RSVPs (promoting waitlists), then erase the account."""
    settings = request.app.state.settings
    user = await signed_in_session(request, SIGN_IN_DELETE)
    await enforce(request, "account-delete", str(user.id))
    await _confirmed(user, body)
    catalogue: Catalogue = request.app.state.catalogue
    now = clock.now(settings)
    live = await Rsvp.filter(mine(user), status__in=LIVE)
    for row in live:
        slot = catalogue.slots.get(row.slot_id)
        if slot is not None and now < slot.start:
            # One transaction per RSVP, the same path as any cancellation, so waitlists move up.
            await cancel_rsvp(row.id, capacity=slot.capacity, now=now)
    async with in_transaction() as connection:
        # Counts live in the slot counter rows, so the RSVP rows stay (for history) but lose
        # everything that says who made them.
        rows = await Rsvp.filter(mine(user)).using_db(connection)
        ids = [row.id for row in rows]
        await erase_from_others(user, rows, connection=connection)
        await Attendance.filter(rsvp_id__in=list(ids)).using_db(connection).delete()
        await GuardianConsent.filter(rsvp_id__in=list(ids)).using_db(connection).delete()
        await Rsvp.filter(id__in=list(ids)).using_db(connection).update(
            first_name="", last_name="", phone=None, email="", active_email=None, user_id=None,
            checkin_code=None, guest_names=None, client_key=None, mailbox_key=None)
        await HoursRecord.filter(user_id=user.id).using_db(connection).delete()
        # Pending requests go too: their links then answer that they are not valid.
        await OutsideHoursRequest.filter(user_id=user.id).using_db(connection).delete()
        await OrganizerGrant.filter(user_id=user.id).using_db(connection).delete()
        # What an organization did (messages sent, people checked in) stays; who did it does not.
        await OrganizerMessage.filter(sender_id=user.id).using_db(connection).update(
            sender_id=None)
        await Attendance.filter(checked_in_by_id=user.id).using_db(connection).update(
            checked_in_by_id=None)
        await RefreshToken.filter(user_id=user.id).using_db(connection).delete()
        await PasswordResetToken.filter(user_id=user.id).using_db(connection).delete()
        await EmailToken.filter(user_id=user.id).using_db(connection).delete()
        # Follows (and the digest rows) go with the account's follower rows.
        await Follower.filter(followers_of(user)).using_db(connection).delete()
        await User.filter(id=user.id).using_db(connection).delete()
        # No mail goes to a deleted account (not even the cancellations above), and no record
        # keeps its address or what a message said: every row it caused goes, whatever its
        # state, and every row for its address once it proved the address is its own. An
        # unverified account (perhaps an impostor's) leaves the address owner's mail alone.
        # One being sent right now finishes, but leaves no row behind.
        caused = Q(user_id=user.id)
        await OutboxMessage.filter(caused | Q(recipient=user.email) if user.is_verified
                                   else caused).using_db(connection).delete()
    notify(request)
    logger.info("Account deleted (user_id=%s).", user.id)
    return Reply(Deleted(message=DELETED), finish=partial(clear_refresh_cookie, settings=settings))


def routes() -> list[BaseRoute]:
    """Return the routes of the volunteer's own data."""
    return contract.routes(export_data, delete_account)
