"""An hours record's Open Badges 3.0 credential, its issuer profile, JWKS and status (wire names).

Field names follow the Open Badges 3.0 data model (OpenBadgeCredential, Profile, Achievement,
AchievementSubject, IdentityObject, Evidence) and RFC 7517 (JWK Set).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rsvp_service.web.contract import Moment

CONTEXTS = ["https://www.w3.org/ns/credentials/v2",
            "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"]


class _Strict(BaseModel):
    """Nothing but the declared fields; `@context` and `type` by their wire names."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class Jwk(_Strict):
    """One public key (Ed25519, RFC 8037): never a private part."""

    kty: Literal["OKP"] = "OKP"
    crv: Literal["Ed25519"] = "Ed25519"
    x: str
    kid: str
    alg: Literal["EdDSA"] = "EdDSA"
    use: Literal["sig"] = "sig"


class Jwks(_Strict):
    """GET /.well-known/jwks.json: every key credentials were signed with, current first."""

    keys: list[Jwk]


class IssuerProfile(_Strict):
    """An Open Badges Profile: who issues the credentials (as embedded in each one)."""

    id: str
    type: list[str] = Field(default_factory=lambda: ["Profile"])
    name: str
    url: str


class IssuerDocument(IssuerProfile):
    """GET /.well-known/civicstl-issuer.json: the issuer's Profile, where its id points."""

    context: list[str] = Field(default_factory=lambda: list(CONTEXTS), alias="@context")
    description: str


class Criteria(_Strict):
    """How the achievement is earned."""

    narrative: str


class Achievement(_Strict):
    """What the credential says the volunteer did: N hours of volunteer service."""

    id: str
    type: list[str] = Field(default_factory=lambda: ["Achievement"])
    name: str
    description: str
    criteria: Criteria


class IdentityObject(_Strict):
    """Who the credential is about, by the name on the record (never an email address)."""

    type: Literal["IdentityObject"] = "IdentityObject"
    identityType: Literal["name"] = "name"
    identityHash: str
    hashed: Literal[False] = False


class AchievementSubject(_Strict):
    """The volunteer and the achievement."""

    type: list[str] = Field(default_factory=lambda: ["AchievementSubject"])
    identifier: list[IdentityObject]
    achievement: Achievement


class Evidence(_Strict):
    """One attended event of the record."""

    type: list[str] = Field(default_factory=lambda: ["Evidence"])
    name: str
    description: str


class CredentialStatus(_Strict):
    """Where a verifier checks whether the record was revoked."""

    id: str
    type: Literal["CivicSTLRecordStatus"] = "CivicSTLRecordStatus"


class HoursCredential(_Strict):
    """The VC-JWT payload: the OpenBadgeCredential with the JWT claims Open Badges maps to it."""

    context: list[str] = Field(default_factory=lambda: list(CONTEXTS), alias="@context")
    id: str
    type: list[str] = Field(
        default_factory=lambda: ["VerifiableCredential", "OpenBadgeCredential"])
    name: str
    issuer: IssuerProfile
    validFrom: str
    credentialSubject: AchievementSubject
    evidence: list[Evidence]
    credentialStatus: CredentialStatus
    # JWT claims as Open Badges maps them: iss is issuer.id, jti the credential's id, nbf
    # validFrom (seconds), sub the subject's id; the subject has none (no account URL is
    # published), so sub is absent. No iat: the same record and key give the same token.
    iss: str
    jti: str
    nbf: int


class RecordStatus(_Strict):
    """GET /api/hours-records/{code}/status: whether the record (and its credential) stands."""

    code: str
    status: Literal["active", "revoked"]
    issuedAt: Moment | None
