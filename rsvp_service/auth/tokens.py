"""Access tokens (short-lived HS256 JWTs) and the opaque secrets behind refresh and email tokens.

The core service reads the signed-in user with `await user_from_request(request)`, which looks
at the `x-auth-token` header and returns the `User` or None.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import jwt

from rsvp_service.auth.models import User

if TYPE_CHECKING:
    from starlette.requests import Request

    from rsvp_service.settings import Settings

ACCESS_TOKEN_HEADER = "x-auth-token"  # noqa: S105 - a header name, not a secret
ACCESS_TOKEN_LIFETIME = timedelta(minutes=15)
ALGORITHM = "HS256"
AUDIENCE = "civicstl-api"
# RFC 9068's media type for access tokens, so an id token or another JWT signed with the same
# key can never pass as one.
TOKEN_TYPE = "at+jwt"  # noqa: S105 - a media type, not a secret
REQUIRED_CLAIMS = ["exp", "iat", "nbf", "iss", "aud", "sub", "jti"]


def _signing_key(settings: Settings) -> bytes:
    # Derive a purpose-bound key so the session cookie and the JWTs never share a key.
    return hmac.new(
        settings.secret_key.encode("utf-8"), b"civicstl access token v1", hashlib.sha256
    ).digest()


def issuer(settings: Settings) -> str:
    """The `iss` claim: the public site URL, without a trailing slash."""
    return settings.site_url.rstrip("/")


def issue_access_token(
    settings: Settings,
    user_id: int,
    *,
    now: datetime | None = None,
    lifetime: timedelta = ACCESS_TOKEN_LIFETIME,
) -> str:
    """Sign an access token for a user id (15 minutes unless `lifetime` says less)."""
    issued = now or datetime.now(UTC)
    claims: dict[str, Any] = {
        "iss": issuer(settings),
        "aud": AUDIENCE,
        "sub": str(user_id),
        "iat": issued,
        "nbf": issued,
        "exp": issued + min(lifetime, ACCESS_TOKEN_LIFETIME),
        "jti": uuid.uuid4().hex,
    }
    return jwt.encode(
        claims, _signing_key(settings), algorithm=ALGORITHM, headers={"typ": TOKEN_TYPE}
    )


def user_id_from_access_token(settings: Settings, token: str) -> int | None:
    """Return the user id a valid access token names, or None for any invalid token."""
    try:
        header = jwt.get_unverified_header(token)
        if header.get("typ") != TOKEN_TYPE:
            return None
        claims = jwt.decode(
            token,
            _signing_key(settings),
            algorithms=[ALGORITHM],
            audience=AUDIENCE,
            issuer=issuer(settings),
            options={"require": REQUIRED_CLAIMS},
        )
        return int(claims["sub"])
    except (jwt.PyJWTError, ValueError, TypeError):
        return None


async def user_from_request(request: Request) -> User | None:
    """Return the user whose access token is in the `x-auth-token` header, or None."""
    token = request.headers.get(ACCESS_TOKEN_HEADER)
    if not token:
        return None
    user_id = user_id_from_access_token(request.app.state.settings, token)
    if user_id is None:
        return None
    return await User.get_or_none(id=user_id)


def new_opaque_token() -> str:
    """Create a 256-bit random token for a refresh cookie or an email link."""
    return secrets.token_urlsafe(32)


def hash_opaque_token(token: str) -> str:
    """Hash an opaque token for storage; SHA-256 suffices because the token is 256 random bits."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
