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

from rsvp_service.accounts.models import SingleUseToken, User
from rsvp_service.web.contract import ApiError

if TYPE_CHECKING:
    from starlette.requests import Request
    from tortoise.backends.base.client import BaseDBAsyncClient

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


async def signed_in(request: Request, message: str) -> User:
    """Return the signed-in user, or raise 401 with the sentence given (what to sign in for)."""
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, message)
    return user


def new_opaque_token() -> str:
    """Create a 256-bit random token for a refresh cookie or an email link."""
    return secrets.token_urlsafe(32)


def hash_opaque_token(token: str) -> str:
    """Hash an opaque token for storage; SHA-256 suffices because the token is 256 random bits."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


async def issue_single_use_token(
    model: type[SingleUseToken], user_id: int, lifetime: timedelta, *,
    connection: BaseDBAsyncClient,
) -> str:
    """Replace the account's unspent tokens of this kind with a new one; return it for one email."""
    # Only the newest link works: a resend makes every earlier one useless.
    await model.filter(user_id=user_id, used_at=None).using_db(connection).delete()
    token = new_opaque_token()
    await model.create(
        token_hash=hash_opaque_token(token),
        user_id=user_id,
        expires_at=datetime.now(UTC) + lifetime,
        using_db=connection,
    )
    return token


async def live_single_use_token(
    model: type[SingleUseToken], token: str, connection: BaseDBAsyncClient | None = None
) -> SingleUseToken | None:
    """The stored token for `token` while it is unspent and unexpired, else None."""
    if not token or len(token) > 200:
        return None
    found = model.filter(token_hash=hash_opaque_token(token))
    record = await (found.using_db(connection) if connection else found).first()
    if record is None or record.used_at is not None or record.expires_at <= datetime.now(UTC):
        return None
    return record


async def spend_single_use_token(
    model: type[SingleUseToken], token: str, *, connection: BaseDBAsyncClient
) -> int | None:
    """Mark a live token used and return its user id; None when it cannot be spent."""
    record = await live_single_use_token(model, token, connection)
    if record is None:
        return None
    # Conditional on used_at IS NULL, so two submissions of one link spend it once.
    claimed = await model.filter(id=record.pk, used_at=None).using_db(connection).update(
        used_at=datetime.now(UTC))
    return record.user_id if claimed == 1 else None
