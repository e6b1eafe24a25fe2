"""An hours record as an Open Badges 3.0 credential (VC-JWT, Ed25519), its keys, issuer and status.

The credential is made from the record's stored snapshot, signed with the current key
(impact.credential_keys), so it verifies with the published JWKS alone, without asking us.
Only the record's owner downloads it, signed in: the code already lets anyone read the record
here, but a credential is a copy that travels on its own and is presented as the holder's, so
it goes only to the holder (a stranger's request for it answers 404, as for a code that does
not exist). Its `credentialStatus` points at the record's public status, which answers revoked
once the owner revokes the record or deletes the account (the record is then gone).
"""

from __future__ import annotations

import json
import uuid
from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service import links
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.i18n import N_
from rsvp_service.impact import credential_keys
from rsvp_service.impact.bodies import RecordRevoked, RecordSnapshot
from rsvp_service.impact.credential_bodies import (
    Achievement,
    AchievementSubject,
    CredentialStatus,
    Criteria,
    Evidence,
    HoursCredential,
    IdentityObject,
    IssuerDocument,
    IssuerProfile,
    Jwk,
    Jwks,
    RecordStatus,
)
from rsvp_service.impact.records import LISTED, NOT_VALID, REVOKED, record_url, sign, verified_id
from rsvp_service.impact.statements import PURPOSES, method_text
from rsvp_service.organize.models import HoursRecord
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Media, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

SIGN_IN = N_("Please log in to download the credential of your service-hours record.")
ISSUER_NAME = "CivicSTL"
JWKS_PATH = "/.well-known/jwks.json"
ISSUER_PATH = "/.well-known/civicstl-issuer.json"
# Public documents that change only when a key rotates: caches may keep them a little while.
PUBLIC_CACHE = {"cache-control": "public, max-age=300", "access-control-allow-origin": "*"}
CRITERIA = N_(
    "Hours count when an organizer of the hosting organization checks the volunteer "
    "in at an event listed on CivicSTL, once the event has ended, or when the "
    "volunteer's supervisor confirms hours served elsewhere from the email CivicSTL sent "
    "to the supervisor's address. Each entry is listed in this credential's evidence, "
    "with how it was attested.")
# The credential's id is a stable UUID per record and site, so downloading twice gives the
# same id (and the same verifiable statement).
_NAMESPACE = uuid.UUID("8a5f1f0e-5a8e-4b7c-9a43-2f3c1f6e9d10")


def issuer(settings: Settings) -> IssuerProfile:
    """The issuer as each credential names it; its id is where its Profile is published."""
    return IssuerProfile(id=links.link(settings, ISSUER_PATH), name=ISSUER_NAME,
                         url=links.site(settings))


def status_url(settings: Settings, code: str) -> str:
    """Where a verifier checks a record's credential for revocation."""
    return links.link(settings, "/api/hours-records", code, "status")


def credential_id(settings: Settings, code: str) -> str:
    """The id (and JWT jti) of a record's credential: the same at every download."""
    return f"urn:uuid:{uuid.uuid5(_NAMESPACE, f'{links.site(settings)} {code}')}"


def _count(n: int, one: str, more: str) -> str:
    return f"{n} {one if n == 1 else more}"


def _hours(hours: float) -> str:
    return f"{hours:g} hour" + ("" if hours == 1 else "s")


def _instant(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _covering(snapshot: RecordSnapshot) -> str:
    """What the record covers, as the achievement's description says it ("" for older ones)."""
    period = snapshot.period
    text = f", from {period.start} to {period.end}" if period and period.start else ""
    return text + (f". Purpose: {PURPOSES[snapshot.purpose]}" if snapshot.purpose else "")


def credential(settings: Settings, record: HoursRecord) -> HoursCredential:
    """The OpenBadgeCredential of a record, as its snapshot stands."""
    snapshot = RecordSnapshot.model_validate(record.snapshot)
    code = sign(settings, record.id)
    hours = float(record.hours)
    organizations = len({entry.organization for entry in snapshot.entries})
    entries = _count(len(snapshot.entries), "attested entry", "attested entries")
    by = issuer(settings)
    return HoursCredential(
        id=credential_id(settings, code), name=f"{_hours(hours)} of volunteer service", issuer=by,
        validFrom=_instant(record.issued_at),
        credentialSubject=AchievementSubject(
            identifier=[IdentityObject(identityHash=snapshot.name)],
            achievement=Achievement(
                id=f"{record_url(settings, code)}#achievement",
                name=f"{_hours(hours)} of volunteer service",
                description=(f"{snapshot.name} served {_hours(hours)} in {entries} with "
                             f"{_count(organizations, 'organization', 'organizations')}"
                             f"{_covering(snapshot)}. Record {code}: "
                             f"{record_url(settings, code)}"),
                criteria=Criteria(narrative=CRITERIA))),
        evidence=[Evidence(name=entry.title, description=(
            f"{entry.organization}, {entry.date_text} ({entry.date}): {_hours(entry.hours)}, "
            f"{method_text(entry)}"))
            for entry in snapshot.entries],
        credentialStatus=CredentialStatus(id=status_url(settings, code)),
        iss=by.id, jti=credential_id(settings, code), nbf=int(record.issued_at.timestamp()))


def signed_jwt(settings: Settings, payload: HoursCredential) -> str:
    """The credential as a compact JWS (VC-JWT) under the current key, its `kid` in the header."""
    key = credential_keys.current(settings)
    header = {"alg": credential_keys.ALGORITHM, "typ": "JWT", "kid": key.kid}
    claims = payload.model_dump(mode="json", by_alias=True, exclude_none=True)
    signing_input = ".".join(credential_keys.b64url(json.dumps(part, separators=(",", ":"),
                                                               ensure_ascii=False).encode())
                             for part in (header, claims))
    signature = credential_keys.b64url(key.sign(signing_input.encode()))
    return f"{signing_input}.{signature}"


JWT = Media("application/jwt", {"type": "string"})


@endpoint("GET", "/api/me/hours-records/{code}/credential.jwt", responses={200: JWT},
          errors={401: ErrorBody, 404: ErrorBody, 410: RecordRevoked, 429: ErrorBody},
          auth="token", limits=(Limit("hours-credential", key="account"),),
          name="download_credential",
          summary="One of the user's records as a signed Open Badges 3.0 credential (VC-JWT).")
async def download(request: Request) -> Response | Reply[RecordRevoked]:
    """GET /api/me/hours-records/{code}/credential.jwt: the owner's record, signed (VC-JWT)."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "hours-credential", str(user.id))
    settings: Settings = request.app.state.settings
    record_id = verified_id(settings, request.path_params["code"])
    record = await HoursRecord.filter(id=record_id, user_id=user.id).only(
        *LISTED, "snapshot").first() if record_id else None
    if record is None:
        raise ApiError(404, NOT_VALID)
    if record.revoked_at is not None:
        return Reply(RecordRevoked(error=REVOKED, revoked=True), status=410)
    token = signed_jwt(settings, credential(settings, record))
    return Response(token, media_type="application/jwt", headers={
        "Content-Disposition": 'attachment; filename="civicstl-service-hours.jwt"'})


@endpoint("GET", "/api/hours-records/{code}/status", responses={200: RecordStatus},
          errors={404: ErrorBody}, name="record_status",
          summary="Whether a record, and the credential made of it, still stands.")
async def status(request: Request) -> RecordStatus:
    """GET /api/hours-records/{code}/status: active, or revoked (by its owner, or deleted)."""
    settings: Settings = request.app.state.settings
    code = request.path_params["code"]
    record_id = verified_id(settings, code)
    if record_id is None:
        raise ApiError(404, NOT_VALID)
    record = await HoursRecord.filter(id=record_id).only(*LISTED).first()
    # A genuine code whose record is gone was deleted with its owner's account: revoked.
    if record is None or record.revoked_at is not None:
        return RecordStatus(code=code, status="revoked",
                            issuedAt=record.issued_at if record else None)
    return RecordStatus(code=code, status="active", issuedAt=record.issued_at)


def _public(model: Jwks | IssuerDocument) -> Reply[Jwks | IssuerDocument]:
    return Reply(model, headers=PUBLIC_CACHE)


@endpoint("GET", JWKS_PATH, responses={200: Jwks},
          summary="The public keys hours credentials are signed with, current first.")
async def jwks(request: Request) -> Reply[Jwks | IssuerDocument]:
    """GET /.well-known/jwks.json: every public key ever used (never a private part)."""
    keys = credential_keys.all_keys(request.app.state.settings)
    return _public(Jwks(keys=[Jwk(x=key.x, kid=key.kid) for key in keys]))


@endpoint("GET", ISSUER_PATH, responses={200: IssuerDocument},
          summary="The Open Badges issuer profile of CivicSTL's credentials.")
async def issuer_profile(request: Request) -> Reply[Jwks | IssuerDocument]:
    """GET /.well-known/civicstl-issuer.json: the Profile each credential's issuer names."""
    settings: Settings = request.app.state.settings
    return _public(IssuerDocument(**issuer(settings).model_dump(), description=(
        "CivicSTL lists the volunteer events of St. Louis nonprofits and issues records of "
        "the hours their organizers verified by check-in. Its keys: "
        f"{links.link(settings, JWKS_PATH)}")))


def routes() -> list[BaseRoute]:
    """Return the credential, status, JWKS and issuer routes."""
    return contract.routes(download, status, jwks, issuer_profile)
