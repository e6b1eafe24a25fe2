"""The volunteer's endpoints: ask a supervisor to confirm hours served elsewhere, list the
requests with where each stands, and withdraw one still waiting.

A request mails an address the volunteer typed, so it is held to limits that an attacker would
meet first: a verified account only; never the volunteer's own inbox; never an address whose
owner answered "not me"; never from an account three owners answered "not me" to; per
volunteer a day's requests and a cap on those waiting; per volunteer and supervisor's inbox
(keyed on its canonical mailbox) a day's requests and a cap on those waiting; and per inbox, from
all volunteers together, a generous day's cap. Another volunteer's request is a 404, as a
missing one.
"""

from __future__ import annotations

import logging
from datetime import datetime
from zoneinfo import ZoneInfo

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.emails import canonical_mailbox
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.i18n import N_, current, gettext
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.mail.outbox import notify
from rsvp_service.outside_hours import service
from rsvp_service.outside_hours.asking import ask, forget_mail
from rsvp_service.outside_hours.bodies import (
    MyOutsideHours,
    NewOutsideHours,
    OutsideHoursItem,
    Withdrawn,
)
from rsvp_service.outside_hours.models import Answer, OutsideHoursRequest
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

log = logging.getLogger(__name__)

SIGN_IN = N_("Please log in to report hours served elsewhere.")
UNVERIFIED = N_(
    "Please verify your email address first: CivicSTL mails supervisors for verified "
    "accounts only. Open the link in our verification email, or ask for a new one.")
NOT_FOUND = N_("You have no such hours request. It may have been deleted; reload the list.")
NOT_PENDING = N_(
    "This request was already answered or has expired, so it cannot be withdrawn. "
    "It stays in your list as it ended.")
WITHDRAWN = N_(
    "The request is withdrawn: its link now tells the supervisor there is nothing to "
    "answer.")
# Retry after an hour: the waiting requests of a busy inbox end within 14 days.
BUSY_RETRY = {"Retry-After": "3600"}


def _item(row: OutsideHoursRequest, now: datetime, mail: service.MailState) -> OutsideHoursItem:
    return OutsideHoursItem(
        id=int(row.id), organization=row.organization, date=row.date, start=row.starts_at,
        end=row.ends_at, hours=float(row.hours),
        confirmed_hours=None if row.confirmed_hours is None else float(row.confirmed_hours),
        description=row.description, service_type=row.service_type,
        supervisor_name=row.supervisor_name, state=service.state_of(row, now, mail),
        created_at=row.created_at, answered_at=row.answered_at,
        supervisor_role=row.supervisor_role, supervisor_note=row.supervisor_note)


async def _check_may_ask(request: Request, user: User, body: NewOutsideHours) -> str:
    """Refuse what a stranger's or a careless request would do; return the supervisor's key."""
    settings: Settings = request.app.state.settings
    if not user.is_verified:
        raise ApiError(403, UNVERIFIED)
    if service.is_own_address(user.email, body.supervisor_email):
        raise ApiError(422, service.OWN_ADDRESS)
    # Spent before the block list and the caps are read, so that probing them is not free.
    await enforce(request, "outside-hours-account", str(user.id))
    # Answers given through the volunteer's own request's link (opened), not the requests to
    # the same inbox that another volunteer's "not me" closed.
    if await OutsideHoursRequest.filter(user_id=user.id, answer=Answer.NOT_ME,
                                        opened_at__isnull=False).count() \
            >= service.NOT_ME_LIMIT:
        log.warning("Account %d was refused an hours request: %d supervisors answered "
                    "\"not me\" to it.", user.id, service.NOT_ME_LIMIT)
        raise ApiError(403, gettext(service.STOPPED).format(count=service.NOT_ME_LIMIT))
    key = service.supervisor_key(settings, body.supervisor_email)
    if await service.is_blocked(key):
        raise ApiError(403, service.BLOCKED)
    now = clock.now(settings)
    if await OutsideHoursRequest.filter(user_id=user.id, **service.pending(now)).count() \
            >= service.PENDING_PER_VOLUNTEER:
        raise ApiError(429, gettext(service.TOO_MANY_PENDING).format(
            count=service.PENDING_PER_VOLUNTEER), headers=BUSY_RETRY)
    if await OutsideHoursRequest.filter(user_id=user.id, supervisor_key=key,
                                        **service.pending(now)).count() \
            >= service.PENDING_PER_PAIR:
        raise ApiError(429, gettext(service.PAIR_PENDING).format(
            count=service.PENDING_PER_PAIR), headers=BUSY_RETRY)
    mailbox = canonical_mailbox(body.supervisor_email)
    # Per volunteer and inbox first: one volunteer spends their own budget, not the inbox's.
    await enforce(request, "outside-hours-pair", f"{user.id} {mailbox}")
    await enforce(request, "outside-hours-supervisor", mailbox)
    return key


async def _signed_in_first(request: Request) -> None:
    # Before the body is read: a stranger is told to sign in, not what the body lacks.
    request.state.user = await signed_in(request, SIGN_IN)


@endpoint("POST", "/api/me/outside-hours", body=NewOutsideHours,
          responses={201: OutsideHoursItem},
          errors={401: ErrorBody, 403: ErrorBody, 429: ErrorBody}, auth="token",
          guards=(_signed_in_first,), sends_mail_to="typed",
          limits=(Limit("outside-hours-account", key="account"),
                  Limit("outside-hours-pair", key="account+address", counts="mail"),
                  Limit("outside-hours-supervisor", key="address", counts="mail")),
          summary="Ask a supervisor by email to confirm hours served outside CivicSTL.")
async def outside_hours_create(request: Request,
                               body: NewOutsideHours) -> contract.Reply[OutsideHoursItem]:
    """Store the request and queue the supervisor's email, in one transaction."""
    user: User = request.state.user
    settings: Settings = request.app.state.settings
    zone = ZoneInfo(request.app.state.catalogue.timezone)
    now = clock.now(settings)
    span = service.span_of(body, zone, now)
    key = await _check_may_ask(request, user, body)
    async with in_transaction() as connection:
        row = await OutsideHoursRequest.create(
            user_id=user.id, organization=body.organization, date=body.date,
            starts_at=span.start, ends_at=span.end, hours=span.hours,
            description=body.description, service_type=body.service_type,
            supervisor_name=body.supervisor_name, supervisor_email=body.supervisor_email,
            supervisor_key=key, honesty_accepted_at=now, not_relative=True, created_at=now,
            language=current(), using_db=connection)
        row.outbox_id = await ask(row, user.name, zone, connection=connection)
        await row.save(update_fields=["outbox_id"], using_db=connection)
    notify(request)
    return contract.Reply(_item(row, now, "queued"), status=201)


@endpoint("GET", "/api/me/outside-hours", responses={200: MyOutsideHours},
          errors={401: ErrorBody}, auth="token",
          summary="The user's requests for hours served elsewhere, newest first, with states.")
async def outside_hours_mine(request: Request) -> MyOutsideHours:
    """Every request of the signed-in volunteer and where it stands."""
    user = await signed_in(request, SIGN_IN)
    now = clock.now(request.app.state.settings)
    rows = await OutsideHoursRequest.filter(user_id=user.id).order_by("-created_at", "-id")
    outbox_ids = [row.outbox_id for row in rows if row.outbox_id is not None]
    mails = await OutboxMessage.filter(id__in=outbox_ids).values(
        "id", "sent_at", "dead_at", "held_at") if outbox_ids else []
    where: dict[int, service.MailState] = {
        mail["id"]: "sent" if mail["sent_at"] else "undelivered"
        if mail["dead_at"] or mail["held_at"] else "queued" for mail in mails}
    return MyOutsideHours(requests=[
        _item(row, now, where.get(row.outbox_id or 0, "queued")) for row in rows])


@endpoint("POST", "/api/me/outside-hours/{request_id:id}/withdraw", responses={200: Withdrawn},
          errors={401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody},
          auth="token", limits=(Limit("account-write", key="account"),),
          summary="Withdraw one of the user's requests still waiting on its supervisor.")
async def outside_hours_withdraw(request: Request) -> Withdrawn:
    """Close a waiting request: its link answers that there is nothing to answer."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    now = clock.now(request.app.state.settings)
    row_id = request.path_params["request_id"]
    row = await OutsideHoursRequest.get_or_none(id=row_id, user_id=user.id)
    if row is None:
        raise ApiError(404, NOT_FOUND)
    async with in_transaction() as connection:
        closed = await OutsideHoursRequest.filter(
            id=row_id, user_id=user.id, **service.pending(now)).using_db(connection).update(
            answer=Answer.WITHDRAWN, answered_at=now, **service.FORGET_ADDRESS)
        if closed:
            await forget_mail(row, connection=connection)
    if not closed:
        raise ApiError(409, NOT_PENDING)
    return Withdrawn(message=WITHDRAWN)


def routes() -> list[BaseRoute]:
    """The volunteer's outside-hours routes."""
    return contract.routes(outside_hours_create, outside_hours_mine, outside_hours_withdraw)
