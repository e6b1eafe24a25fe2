"""The supervisor's endpoints, reached by the emailed link with no account: what is asked, and
Confirm, Adjust, Decline or Not me.

The page reads the token from its URL and POSTs it here (its form posts to its own URL instead:
outside_hours/forms.py). A token that is malformed, signed for another request, or whose
request is gone (withdrawn, the account deleted) gets the same sentence. The first answer
stands: a second confirm is told so, any other second answer refused; past 14 days nothing is
recorded. "Not me" closes the request and every other waiting one to that inbox, and blocks the
inbox for every volunteer.
"""

from __future__ import annotations

from decimal import Decimal
from zoneinfo import ZoneInfo

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import F
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.models import User
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail import outside_hours_request as tokens
from rsvp_service.outside_hours import service
from rsvp_service.outside_hours.asking import forget_mail, served_text
from rsvp_service.outside_hours.bodies import Answered, HoursAskedPreview, SupervisorAnswer
from rsvp_service.outside_hours.models import Answer, BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, LinkToken, endpoint
from rsvp_service.web.ratelimit import Limit

BAD_LINK = N_(
    "This hours-request link is not valid. Please use the link in the most recent email "
    "from CivicSTL; if the volunteer withdrew the request, there is nothing to answer.")
ANSWERED = N_("This request was already answered, and the answer given then stands. Thank you.")
EXPIRED = N_(
    "This request has expired (its links work for 14 days), so nothing was recorded. The "
    "volunteer can send a new request if they still need one.")
WITHDRAWN = N_("The volunteer withdrew this request, so there is nothing to answer.")
ADJUST_NEEDS_HOURS = N_(
    "The field 'hours' is required to adjust: give the hours served, more than "
    "0 and at most 24.")
CONFIRMED = N_(
    "Thank you: you confirmed these hours. They count on the volunteer's record, with "
    "your name as their supervisor.")
ADJUSTED = N_(
    "Thank you: you adjusted the hours to {hours}. They count on the volunteer's record, "
    "with your name as their supervisor.")
DECLINED = N_(
    "Thank you: you declined, so these hours do not count. The volunteer sees that the "
    "request was declined.")
ADJUST_TOO_MANY = N_(
    "The hours can be at most {hours}, the time between the start and end the "
    "volunteer gave. Please give the hours served within that time, or decline.")
NOT_ME = N_(
    "Thank you for telling us. This request is closed, and CivicSTL will send no more "
    "hours requests to this address.")

ERRORS = {404: ErrorBody, 410: ErrorBody, 429: ErrorBody}
LIMITS = (Limit("hours-request-link", key="ip"),)


async def _request(request: Request, token: str) -> OutsideHoursRequest:
    """The request the token was signed for (404 for anything else)."""
    settings: Settings = request.app.state.settings
    row_id = tokens.request_id_of(token)
    row = None if row_id is None else await OutsideHoursRequest.get_or_none(id=row_id)
    if row is None or not tokens.holds(settings, token, row.user_id):
        raise ApiError(404, BAD_LINK)
    return row


async def _opened(request: Request, token: str) -> OutsideHoursRequest:
    """The request, marked opened the first time its link is used."""
    row = await _request(request, token)
    if row.opened_at is None and row.answer is None:
        row.opened_at = clock.now(request.app.state.settings)
        await OutsideHoursRequest.filter(id=row.id, opened_at__isnull=True).update(
            opened_at=row.opened_at)
    return row


@endpoint("POST", "/api/hours-requests/preview", body=LinkToken,
          responses={200: HoursAskedPreview}, errors={404: ErrorBody, 429: ErrorBody},
          limits=LIMITS,
          summary="What a supervisor's hours-request link asks and whether it can be answered.")
async def hours_preview(request: Request, body: LinkToken) -> HoursAskedPreview:
    """Who asked for which hours; marks the request opened."""
    row = await _opened(request, body.token)
    now = clock.now(request.app.state.settings)
    user = await User.get(id=row.user_id)
    state = ("withdrawn" if row.answer is Answer.WITHDRAWN
             else "expired" if row.answer is Answer.EXPIRED or now >= service.expires_at(row)
             else "answered" if row.answer is not None else "awaiting")
    return HoursAskedPreview(
        volunteer=user.name, organization=row.organization, date=row.date,
        time=served_text(row, ZoneInfo(request.app.state.catalogue.timezone)),
        hours=float(row.hours), description=row.description, service_type=row.service_type,
        supervisor_name=row.supervisor_name, state=state)


async def _answer(request: Request, body: SupervisorAnswer, answer: Answer, *,
                  connection: BaseDBAsyncClient | None = None,
                  **more: object) -> OutsideHoursRequest | None:
    """Record the answer once; None when it repeats a confirm (410 for anything else late)."""
    row = await _opened(request, body.token)
    now = clock.now(request.app.state.settings)
    if row.answer is Answer.WITHDRAWN:
        raise ApiError(410, WITHDRAWN)
    if (row.answer is None and now >= service.expires_at(row)) or row.answer is Answer.EXPIRED:
        raise ApiError(410, EXPIRED)
    if row.answer is not None:
        if row.answer is answer is Answer.CONFIRMED:
            return None
        raise ApiError(410, ANSWERED)
    # Conditional, so two presses at once answer once.
    done = await OutsideHoursRequest.filter(id=row.id, answer__isnull=True).using_db(
        connection).update(answer=answer, answered_at=now, supervisor_role=body.role or None,
                           **more)
    if not done:
        raise ApiError(410, ANSWERED)
    return row


@endpoint("POST", "/api/hours-requests/confirm", body=SupervisorAnswer,
          responses={200: Answered}, errors=ERRORS, limits=LIMITS,
          summary="The supervisor confirms the hours as asked (optionally with their role).")
async def hours_confirm(request: Request, body: SupervisorAnswer) -> Answered:
    """Confirm the hours asked; a second confirm is told it was answered."""
    row = await _answer(request, body, Answer.CONFIRMED, confirmed_hours=F("hours"),
                        supervisor_note=body.note or None)
    return Answered(answer="confirmed", message=CONFIRMED if row is not None else ANSWERED)


@endpoint("POST", "/api/hours-requests/adjust", body=SupervisorAnswer,
          responses={200: Answered}, errors={422: ErrorBody, **ERRORS}, limits=LIMITS,
          summary="The supervisor confirms other hours than asked, with an optional note.")
async def hours_adjust(request: Request, body: SupervisorAnswer) -> Answered:
    """Confirm `hours` instead of the hours asked."""
    if body.hours is None:
        raise ApiError(422, ADJUST_NEEDS_HOURS)
    hours = Decimal(str(body.hours)).quantize(Decimal("0.01"))
    asked = (await _request(request, body.token)).hours
    if hours > asked:
        raise ApiError(422, gettext(ADJUST_TOO_MANY).format(hours=f"{float(asked):g}"))
    await _answer(request, body, Answer.ADJUSTED, confirmed_hours=hours,
                  supervisor_note=body.note or None)
    return Answered(answer="adjusted", message=gettext(ADJUSTED).format(hours=f"{float(hours):g}"))


@endpoint("POST", "/api/hours-requests/decline", body=SupervisorAnswer,
          responses={200: Answered}, errors=ERRORS, limits=LIMITS,
          summary="The supervisor declines the hours (optionally saying why).")
async def hours_decline(request: Request, body: SupervisorAnswer) -> Answered:
    """Decline: the hours do not count, and the supervisor's address is forgotten."""
    async with in_transaction() as connection:
        row = await _answer(request, body, Answer.DECLINED, connection=connection,
                            supervisor_note=body.note or None, **service.FORGET_ADDRESS)
        if row is not None:
            await forget_mail(row, connection=connection)
    return Answered(answer="declined", message=DECLINED)


@endpoint("POST", "/api/hours-requests/not-me", body=SupervisorAnswer,
          responses={200: Answered}, errors=ERRORS, limits=LIMITS,
          summary="The address's owner does not know the volunteer: the request closes and no "
          "request goes to this address again.")
async def hours_not_me(request: Request, body: SupervisorAnswer) -> Answered:
    """Close the request and every other waiting one to this inbox, and block the inbox (kept
    as a keyed hash only)."""
    row = await _request(request, body.token)
    key = row.supervisor_key
    now = clock.now(request.app.state.settings)
    async with in_transaction() as connection:
        await _answer(request, body, Answer.NOT_ME, connection=connection,
                      **service.FORGET_ADDRESS)
        await forget_mail(row, connection=connection)
        if key is not None:
            await BlockedSupervisor.get_or_create(key=key, defaults={"blocked_at": now},
                                                  using_db=connection)
            # Other volunteers' requests to this inbox close too, without counting against
            # them (not opened through this answer: see service.NOT_ME_LIMIT's count).
            waiting = await OutsideHoursRequest.filter(
                supervisor_key=key, **service.pending(now)).using_db(connection)
            for other in waiting:
                await OutsideHoursRequest.filter(id=other.id, answer__isnull=True).using_db(
                    connection).update(answer=Answer.NOT_ME, answered_at=now,
                                       **service.FORGET_ADDRESS)
                await forget_mail(other, connection=connection)
    return Answered(answer="not_me", message=NOT_ME)


def routes() -> list[BaseRoute]:
    """The supervisor's routes."""
    return contract.routes(hours_preview, hours_confirm, hours_adjust, hours_decline,
                           hours_not_me)
