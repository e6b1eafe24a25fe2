"""The signed-in volunteer's own data: export it all as JSON, or delete the account and it.

Besides the account and its RSVPs, that is its check-ins (with hours), service-hours records,
organizer roles and the messages it sent as an organizer.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from pydantic import BaseModel, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.models import EmailToken, PasswordResetToken, RefreshToken, User
from rsvp_service.accounts.passwords import verify_password
from rsvp_service.accounts.sessions import clear_refresh_cookie, origin_allowed
from rsvp_service.accounts.tokens import user_from_request
from rsvp_service.events import Catalogue
from rsvp_service.mail.outbox import notify
from rsvp_service.organize.models import Attendance, HoursRecord, OrganizerGrant, OrganizerMessage
from rsvp_service.rsvps.models import OutboxMessage, Rsvp, RsvpStatus
from rsvp_service.rsvps.routes import LIVE, mine
from rsvp_service.rsvps.store import cancel_rsvp, waitlist_position
from rsvp_service.web.errors import ApiError, read_json
from rsvp_service.web.ratelimit import enforce

logger = logging.getLogger(__name__)

SIGN_IN_EXPORT = "Please log in to download your data."
SIGN_IN_DELETE = "Please log in to delete your account."
FOREIGN_ORIGIN = "This request came from a site that is not allowed to use your session."
NOT_CONFIRMED = "That password is not right. Nothing was deleted."
CONFIRM_DELETE = "Type DELETE to confirm that your account and its data should be deleted."
DELETED = "Your account and its data are deleted."


async def _position(row: Rsvp) -> int | None:
    if row.status is not RsvpStatus.WAITLISTED or row.waitlist_ticket is None:
        return None
    return await waitlist_position(row.slot_id, row.waitlist_ticket)


def _stamp(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


async def _user_or_401(request: Request, message: str) -> User:
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, message, shape="error")
    return user


async def export_data(request: Request) -> Response:
    """GET /api/me/export: the account, its RSVPs and its sessions, as a JSON download."""
    user = await _user_or_401(request, SIGN_IN_EXPORT)
    catalogue: Catalogue = request.app.state.catalogue
    rows = await Rsvp.filter(mine(user)).order_by("created_at", "id")
    families: dict[str, dict[str, object]] = {}
    # A family is one sign-in; its links share expires_at, and it is live while a link is.
    for token in await RefreshToken.filter(user_id=user.id).order_by("created_at", "id"):
        family = families.setdefault(str(token.family), {
            "created_at": _stamp(token.created_at), "expires_at": _stamp(token.expires_at),
            "revoked": True})
        if not token.revoked and not token.used:
            family["revoked"] = False
    document = {
        "account": {"id": user.id, "name": user.name, "email": user.email, "role": user.role,
                    "is_verified": user.is_verified, "created_at": _stamp(user.created_at)},
        "rsvps": [{
            "eventId": row.slot_id,
            "event": row.event,
            "title": slot.title if (slot := catalogue.slots.get(row.slot_id)) else row.event,
            "status": row.status.value,
            "position": await _position(row),
            "first_name": row.first_name,
            "last_name": row.last_name,
            "phone": row.phone,
            "created_at": _stamp(row.created_at),
            "cancelled_at": _stamp(row.cancelled_at),
            "confirmed_at": _stamp(row.confirmed_at),
            "reminder_queued_at": _stamp(row.reminder_queued_at),
        } for row in rows],
        "sessions": list(families.values()),
        **await _organizing_data(user, [row.id for row in rows]),
    }
    return Response(json.dumps(document, indent=2), media_type="application/json", headers={
        "Content-Disposition": 'attachment; filename="civicstl-data.json"'})


async def _organizing_data(user: User, rsvp_ids: list[int]) -> dict[str, object]:
    """The account's check-ins, hours records, organizer roles and messages, for the export."""
    check_ins = await Attendance.filter(rsvp_id__in=rsvp_ids).order_by("id")
    records = await HoursRecord.filter(user_id=user.id).order_by("id")
    grants = await OrganizerGrant.filter(user_id=user.id).order_by("id")
    messages = await OrganizerMessage.filter(sender_id=user.id).order_by("id")
    return {
        "check_ins": [{"eventId": a.slot_id, "event": a.event, "organization": a.organization,
                       "checked_in_at": _stamp(a.checked_in_at), "walk_in": a.walk_in,
                       "hours": float(a.hours) if a.hours is not None else None}
                      for a in check_ins],
        "hours_records": [{"issued_at": _stamp(r.issued_at), "revoked_at": _stamp(r.revoked_at),
                           "hours": float(r.hours), "record": r.snapshot} for r in records],
        "organizer_roles": [{"organization": g.organization, "granted_at": _stamp(g.granted_at)}
                            for g in grants],
        "messages_sent": [{"eventId": m.slot_id, "subject": m.subject, "body": m.body,
                           "recipients": m.recipients, "sent_at": _stamp(m.sent_at)}
                          for m in messages],
    }


class DeletePayload(BaseModel):
    """Body of POST /api/me/delete: the password, or "DELETE" for accounts without one."""

    password: str | None = Field(default=None, max_length=1024)
    confirm: str | None = Field(default=None, max_length=20)


async def _confirmed(user: User, payload: DeletePayload) -> None:
    """Raise unless the body proves the person means it (password, or DELETE without one)."""
    if user.password_hash is not None:
        if not await verify_password(user.password_hash, payload.password or ""):
            raise ApiError(403, NOT_CONFIRMED, shape="error")
    elif payload.confirm != "DELETE":
        raise ApiError(422, CONFIRM_DELETE, shape="error")


async def delete_account(request: Request) -> Response:
    """POST /api/me/delete: cancel future RSVPs (promoting waitlists), then erase the account."""
    settings = request.app.state.settings
    if not origin_allowed(request, settings):
        raise ApiError(403, FOREIGN_ORIGIN, shape="error")
    user = await _user_or_401(request, SIGN_IN_DELETE)
    await enforce(request, "account-delete", str(user.id), shape="error")
    payload = await read_json(request, DeletePayload, shape="error")
    await _confirmed(user, payload)
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
        ids = await Rsvp.filter(mine(user)).using_db(connection).values_list("id", flat=True)
        await Attendance.filter(rsvp_id__in=list(ids)).using_db(connection).delete()
        await Rsvp.filter(id__in=list(ids)).using_db(connection).update(
            first_name="", last_name="", phone=None, email="", active_email=None, user_id=None,
            checkin_code=None)
        await HoursRecord.filter(user_id=user.id).using_db(connection).delete()
        await OrganizerGrant.filter(user_id=user.id).using_db(connection).delete()
        # What an organization did (messages sent, people checked in) stays; who did it does not.
        await OrganizerMessage.filter(sender_id=user.id).using_db(connection).update(
            sender_id=None)
        await Attendance.filter(checked_in_by_id=user.id).using_db(connection).update(
            checked_in_by_id=None)
        await RefreshToken.filter(user_id=user.id).using_db(connection).delete()
        await PasswordResetToken.filter(user_id=user.id).using_db(connection).delete()
        await EmailToken.filter(user_id=user.id).using_db(connection).delete()
        await User.filter(id=user.id).using_db(connection).delete()
        # No mail goes to a deleted account (not even the cancellations above), and no record
        # keeps its address or what a message said: every row for the address goes, whatever
        # its state. One being sent right now finishes, but leaves no row behind.
        await OutboxMessage.filter(recipient=user.email).using_db(connection).delete()
    notify(request)
    logger.info("Account deleted (user_id=%s).", user.id)
    response = JSONResponse({"message": DELETED})
    clear_refresh_cookie(response, settings)
    return response


def routes() -> list[BaseRoute]:
    """Return the routes of the volunteer's own data."""
    return [
        Route("/api/me/export", export_data, methods=["GET"]),
        Route("/api/me/delete", delete_account, methods=["POST"]),
    ]
