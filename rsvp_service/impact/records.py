"""Service-hours records: a signed, stored snapshot of a volunteer's verified hours, revocable.

The code in a record's link is the record id and an HMAC of it (SHA-256, under a key derived
from SECRET_KEY for this purpose only), so a changed digit or letter is detected without a
lookup and nobody can make a code for a record they were not given. The record itself is
the snapshot stored when it was issued: later check-ins or hour changes never alter it. The
public answer holds the name and the entries, nothing more about the person.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service import clock, links
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.events import Catalogue
from rsvp_service.impact.bodies import (
    Attestation,
    MyRecords,
    PublicRecord,
    RecordCreated,
    RecordEntry,
    RecordListing,
    RecordNowRevoked,
    RecordRevoked,
    RecordSnapshot,
)
from rsvp_service.impact.pdf_builds import PdfBuilder
from rsvp_service.impact.summary import Attended, attended, total_hours
from rsvp_service.organize.models import HoursRecord
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Media, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

SIGN_IN = "Please log in to manage your service-hours records."
NOTHING_TO_RECORD = ("You have no verified hours yet. A record lists the events where an "
                     "organizer checked you in, once they have ended, so come back after "
                     "your first one.")
NOT_VALID = "This verification code is not valid. Check that the link was copied in full."
REVOKED = "This record was revoked by its owner."
NOW_REVOKED = "The record is revoked. Its link now says so instead of showing your hours."
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
                        entries=snapshot.entries, revoked=record.revoked_at is not None)


def _local(moment: datetime | None, zone: ZoneInfo) -> datetime | None:
    return moment.astimezone(zone) if moment is not None else None


def record_entry(entry: Attended, catalogue: Catalogue) -> RecordEntry:
    """One attended slot as a record lists it, with its times, kind of service and attester."""
    row, zone = entry.row, ZoneInfo(catalogue.timezone)
    # Times as the event's place tells them (the database hands them back in UTC).
    start, end = _local(row.starts_at, zone), _local(row.ends_at, zone)
    slot = catalogue.slots.get(row.slot_id)
    time = slot.time if slot else (f"{start:%-I:%M %p}-{end:%-I:%M %p}" if start and end
                                   else None)
    attested = None
    if row.attested_name is not None and row.checked_in_at is not None:
        attested = Attestation(
            method="check-in", name=row.attested_name, role=row.attested_role or "",
            organization=row.attested_organization or entry.organization_name,
            email=row.attested_email, at=row.checked_in_at.astimezone(zone))
    return RecordEntry(
        title=entry.title, organization=entry.organization_name, date=entry.date,
        date_text=entry.date_text, hours=float(entry.hours), time=time, start=start, end=end,
        service_type=row.service_type, attestation=attested)


@endpoint("POST", "/api/me/hours-records", responses={201: RecordCreated},
          errors={401: ErrorBody, 409: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("hours-records", key="account"),),
          summary="Issue a record of the user's verified hours.")
async def create(request: Request) -> RecordCreated:
    """POST /api/me/hours-records: issue a record of the signed-in volunteer's verified hours."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "hours-records", str(user.id))
    settings: Settings = request.app.state.settings
    entries = await attended(user, request.app.state.catalogue, clock.now(settings))
    if not entries:
        raise ApiError(409, NOTHING_TO_RECORD)
    snapshot = RecordSnapshot(name=user.name, entries=[record_entry(e, request.app.state.catalogue)
                                                       for e in entries])
    record = await HoursRecord.create(
        user_id=user.id, issued_at=clock.now(settings), hours=total_hours(entries),
        snapshot=snapshot.model_dump(mode="json"))
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
        *LISTED)
    return MyRecords(records=[RecordListing(
        code=(code := sign(settings, record.id)), url=record_url(settings, code),
        issuedAt=record.issued_at, revoked=record.revoked_at is not None,
        hours=float(record.hours)) for record in records])


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


async def _genuine(request: Request) -> HoursRecord:
    """The record a public code names, revoked or not: 404 unless the code is genuine."""
    settings: Settings = request.app.state.settings
    record_id = verified_id(settings, request.path_params["code"])
    record = await HoursRecord.filter(id=record_id).only(*LISTED, "snapshot").first() \
        if record_id else None
    if record is None:
        raise ApiError(404, NOT_VALID)
    return record


PUBLIC_ERRORS: dict[int, type[ErrorBody]] = {404: ErrorBody, 410: RecordRevoked}


def _revoked() -> Reply[RecordRevoked]:
    return Reply(RecordRevoked(error=REVOKED, revoked=True), status=410)


@endpoint("GET", "/api/hours-records/{code}", responses={200: PublicRecord},
          errors=PUBLIC_ERRORS, summary="A service-hours record, confirmed by the service.")
async def verify_record(request: Request) -> PublicRecord | Reply[RecordRevoked]:
    """GET /api/hours-records/{code}: the record, confirmed by the service (public)."""
    record = await _genuine(request)
    if record.revoked_at is not None:
        return _revoked()
    return public_record(request.app.state.settings, record)


PDF = Media("application/pdf", {"type": "string", "format": "binary"})


@endpoint("GET", "/api/hours-records/{code}.pdf", responses={200: PDF},
          errors=PUBLIC_ERRORS, limits=(Limit("hours-pdf-ip", key="ip"),),
          summary="The same record as a printable PDF.")
async def verify_pdf(request: Request) -> Response | Reply[RecordRevoked]:
    """GET /api/hours-records/{code}.pdf: the same record as a printable PDF (public)."""
    record = await _genuine(request)
    if record.revoked_at is not None:
        return _revoked()
    pdf = await HoursRecord.filter(id=record.id).first().values_list("pdf", flat=True)
    if pdf is None:
        # A record is a snapshot: its PDF is made once, off the event loop, and kept.
        settings: Settings = request.app.state.settings
        data = public_record(settings, record)
        builder: PdfBuilder = request.app.state.pdf_builder
        pdf = await builder.build(data, record_url(settings, data.code))
        await HoursRecord.filter(id=record.id, revoked_at__isnull=True).update(pdf=pdf)
    return Response(pdf, media_type="application/pdf", headers={
        "Content-Disposition": 'inline; filename="civicstl-service-hours.pdf"'})


def routes() -> list[BaseRoute]:
    """Return the hours-record routes (the .pdf one first: its path is the more specific)."""
    return contract.routes(create, mine, revoke_record, verify_pdf, verify_record)
