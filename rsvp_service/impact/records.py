"""Service-hours records: a signed, stored snapshot of a volunteer's verified hours, revocable.

The code in a record's link is the record id and an HMAC of it (SHA-256, under a key derived
from SECRET_KEY for this purpose only), so a changed digit or letter is detected without a
lookup and nobody can make a code for a record they were not given. The record itself is
the snapshot stored when it was issued: later check-ins or hour changes never alter it. The
volunteer picks what it covers (a period, a purpose, some entries: impact/requests.py). The
public answer holds the name, the entries, the period and purpose, and what CivicSTL checked
(impact/statements.py), nothing more about the person.
"""

from __future__ import annotations

from decimal import Decimal
from zoneinfo import ZoneInfo

from pydantic import ValidationError
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service import clock, links
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_, gettext
from rsvp_service.impact.bodies import (
    HoursEntries,
    MyRecords,
    PublicRecord,
    RecordCreated,
    RecordEntry,
    RecordListing,
    RecordNowRevoked,
    RecordPeriod,
    RecordRevoked,
    RecordSnapshot,
)
from rsvp_service.impact.entries import entries_of
from rsvp_service.impact.pdf_builds import PdfBuilder
from rsvp_service.impact.requests import (
    IN_THE_FUTURE,
    EntriesQuery,
    RecordRequest,
    period_of,
    within,
)
from rsvp_service.impact.statements import a_plus_eligible, statement
from rsvp_service.organize.models import HoursRecord
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds
from rsvp_service.web import contract
from rsvp_service.web.contract import (
    ApiError,
    ErrorBody,
    Media,
    Reply,
    endpoint,
    validation_message,
)
from rsvp_service.web.ratelimit import Limit, enforce

SIGN_IN = N_("Please log in to manage your service-hours records.")
NOTHING_TO_RECORD = N_(
    "You have no verified hours yet. A record lists the events where an "
    "organizer checked you in, once they have ended, so come back after "
    "your first one.")
NOTHING_IN_PERIOD = N_(
    "You have no verified hours in the period you chose. Choose a longer "
    "period, or all of your hours.")
NOT_CHOSEN = N_(
    "These entries are not among your verified hours in the period you chose: {}. "
    "Choose entries from the list of your hours for that period.")
NOT_VALID = N_("This verification code is not valid. Check that the link was copied in full.")
REVOKED = N_("This record was revoked by its owner.")
NOW_REVOKED = N_("The record is revoked. Its link now says so instead of showing your hours.")
# 26 base32 characters: 130 bits (codes are typed from printouts, so shorter than links' 32).
CODES = SignedIds(KeyUse.HOURS_RECORD, length=26)


def sign(settings: Settings, record_id: int) -> str:
    """Return the verification code of a record: `<id>-<mac>` (lower case, URL-safe)."""
    return CODES.sign(settings, record_id)


def verified_id(settings: Settings, code: str) -> int | None:
    """Return the record id a code names when its signature holds, else None."""
    return CODES.verified_id(settings, code)


def record_url(settings: Settings, code: str) -> str:
    """Return the public verification page of a record."""
    return links.link(settings, "/verify-hours", code)


def public_record(settings: Settings, record: HoursRecord) -> PublicRecord:
    """Return the record as anyone with its code sees it (the issued snapshot)."""
    snapshot = RecordSnapshot.model_validate(record.snapshot)
    return PublicRecord(code=sign(settings, record.id), name=snapshot.name,
                        issuedAt=record.issued_at, hours=float(record.hours),
                        entries=snapshot.entries, revoked=record.revoked_at is not None,
                        period=snapshot.period, purpose=snapshot.purpose,
                        checked=statement(snapshot.entries, snapshot.purpose))


async def _period_entries(request: Request, user: User, asked: RecordRequest
                          ) -> tuple[RecordPeriod, list[RecordEntry]]:
    """The period asked for, in dates, and the volunteer's entries in it."""
    settings: Settings = request.app.state.settings
    catalogue: Catalogue = request.app.state.catalogue
    # Days as the volunteer lives them: the events' time zone, by the service clock.
    today = clock.now(settings).astimezone(ZoneInfo(catalogue.timezone)).date()
    if asked.end is not None and asked.end > today:
        raise ApiError(422, IN_THE_FUTURE)
    period = period_of(asked.period, asked.start, asked.end, today)
    entries = await entries_of(user, catalogue, clock.now(settings))
    return period, [entry for entry in entries if within(period, entry.date)]


@endpoint("GET", "/api/me/hours-entries", query=EntriesQuery, responses={200: HoursEntries},
          errors={401: ErrorBody}, auth="token",
          summary="The entries a record of the period would hold, with their ids.")
async def hours_entries(request: Request, query: EntriesQuery) -> HoursEntries:
    """GET /api/me/hours-entries: the entries of a period, newest first (the record's picker)."""
    user = await signed_in(request, SIGN_IN)
    # Validated as a record's request, so the preview refuses what issuing would.
    try:
        asked = query.record_request()
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc)) from None
    return HoursEntries(entries=(await _period_entries(request, user, asked))[1])


def _chosen(entries: list[RecordEntry], ids: list[str] | None) -> list[RecordEntry]:
    """The entries named (all when none are), 422 naming any id that is not among them."""
    if ids is None:
        return entries
    # The same answer for another volunteer's entry and one that does not exist: no hint whose.
    unknown = sorted(set(ids) - {entry.id for entry in entries})
    if unknown:
        raise ApiError(422, gettext(NOT_CHOSEN).format(", ".join(unknown)[:500]))
    return [entry for entry in entries if entry.id in set(ids)]


@endpoint("POST", "/api/me/hours-records", body=RecordRequest, body_optional=True,
          responses={201: RecordCreated},
          errors={401: ErrorBody, 409: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("hours-records", key="account"),),
          summary="Issue a record of the user's verified hours (no body: all of them).")
async def create(request: Request, body: RecordRequest) -> RecordCreated:
    """POST /api/me/hours-records: issue a record of the signed-in volunteer's verified hours."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "hours-records", str(user.id))
    settings: Settings = request.app.state.settings
    period, entries = await _period_entries(request, user, body)
    if not entries:
        raise ApiError(409, NOTHING_TO_RECORD if period.kind == "all" else NOTHING_IN_PERIOD)
    entries = _chosen(entries, body.entries)
    if body.purpose == "a-plus":
        entries = [entry.model_copy(update={"a_plus_eligible": a_plus_eligible(
            entry.service_type)}) for entry in entries]
    snapshot = RecordSnapshot(name=user.name, entries=entries, period=period,
                              purpose=body.purpose, language=user.language)
    record = await HoursRecord.create(
        user_id=user.id, issued_at=clock.now(settings),
        hours=sum(Decimal(str(entry.hours)) for entry in entries),
        snapshot=snapshot.model_dump(mode="json", by_alias=True))
    code = sign(settings, record.id)
    return RecordCreated(code=code, url=record_url(settings, code),
                         record=public_record(settings, record))


@endpoint("GET", "/api/me/hours-records", responses={200: MyRecords}, errors={401: ErrorBody},
          auth="token", summary="The user's service-hours records, newest first.")
async def mine(request: Request) -> MyRecords:
    """GET /api/me/hours-records: the signed-in volunteer's records, newest first."""
    user = await signed_in(request, SIGN_IN)
    settings: Settings = request.app.state.settings
    records = await HoursRecord.filter(user_id=user.id).order_by("-issued_at", "-id").only(
        *LISTED, "snapshot")
    return MyRecords(records=[RecordListing(
        code=(code := sign(settings, record.id)), url=record_url(settings, code),
        issuedAt=record.issued_at, revoked=record.revoked_at is not None,
        hours=float(record.hours), period=(snapshot := RecordSnapshot.model_validate(
            record.snapshot)).period, purpose=snapshot.purpose) for record in records])


@endpoint("POST", "/api/me/hours-records/{code}/revoke", responses={200: RecordNowRevoked},
          errors={401: ErrorBody, 404: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("account-write", key="account"),),
          summary="Revoke one of the user's records (idempotent).")
async def revoke_record(request: Request) -> RecordNowRevoked:
    """POST /api/me/hours-records/{code}/revoke: revoke one of one's own records (idempotent)."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    settings: Settings = request.app.state.settings
    record_id = verified_id(settings, request.path_params["code"])
    record = await HoursRecord.get_or_none(id=record_id, user_id=user.id) if record_id else None
    if record is None:
        raise ApiError(404, NOT_VALID)
    await HoursRecord.filter(id=record.id, revoked_at__isnull=True).update(
        revoked_at=clock.now(settings), pdf=None)
    return RecordNowRevoked(message=NOW_REVOKED, revoked=True)


# What listing or verifying a record reads: never its kept PDF, which only the PDF's own
# endpoint sends.
LISTED = ("id", "issued_at", "revoked_at", "hours")


async def genuine(request: Request) -> HoursRecord:
    """The record a public code names, revoked or not: 404 unless the code is genuine."""
    settings: Settings = request.app.state.settings
    record_id = verified_id(settings, request.path_params["code"])
    record = await HoursRecord.filter(id=record_id).only(*LISTED, "snapshot").first() \
        if record_id else None
    if record is None:
        raise ApiError(404, NOT_VALID)
    return record


PUBLIC_ERRORS: dict[int, type[ErrorBody]] = {404: ErrorBody, 410: RecordRevoked}


def revoked_reply() -> Reply[RecordRevoked]:
    return Reply(RecordRevoked(error=REVOKED, revoked=True), status=410)


@endpoint("GET", "/api/hours-records/{code}", responses={200: PublicRecord},
          errors=PUBLIC_ERRORS, summary="A service-hours record, confirmed by the service.")
async def verify_record(request: Request) -> PublicRecord | Reply[RecordRevoked]:
    """GET /api/hours-records/{code}: the record, confirmed by the service (public)."""
    record = await genuine(request)
    if record.revoked_at is not None:
        return revoked_reply()
    return public_record(request.app.state.settings, record)


PDF = Media("application/pdf", {"type": "string", "format": "binary"})


@endpoint("GET", "/api/hours-records/{code}.pdf", responses={200: PDF},
          errors=PUBLIC_ERRORS, limits=(Limit("hours-pdf-ip", key="ip"),),
          summary="The same record as a printable PDF.")
async def verify_pdf(request: Request) -> Response | Reply[RecordRevoked]:
    """GET /api/hours-records/{code}.pdf: the same record as a printable PDF (public)."""
    record = await genuine(request)
    if record.revoked_at is not None:
        return revoked_reply()
    pdf = await HoursRecord.filter(id=record.id).first().values_list("pdf", flat=True)
    if pdf is None:
        # A record is a snapshot: its PDF is made once, off the event loop, and kept.
        settings: Settings = request.app.state.settings
        data = public_record(settings, record)
        builder: PdfBuilder = request.app.state.pdf_builder
        language = RecordSnapshot.model_validate(record.snapshot).language
        pdf = await builder.build(data, record_url(settings, data.code), language)
        await HoursRecord.filter(id=record.id, revoked_at__isnull=True).update(pdf=pdf)
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": 'inline; filename="civicstl-service-hours.pdf"'})


def routes() -> list[BaseRoute]:
    """Return the hours-record routes (the .pdf one first: its path is the more specific; the
    .csv one, in record_csv.py, is mounted before these)."""
    return contract.routes(create, mine, hours_entries, revoke_record, verify_pdf, verify_record)
