"""Access tokens (short-lived HS256 JWTs) and the opaque secrets behind refresh and email tokens.

The core service reads the signed-in user with `await user_from_request(request)`, which looks
at the `x-auth-token` header and returns the `User` or None. A token names the sign-in session
(refresh-token family) it came from in its `sid` claim: sensitive endpoints read the user with
`signed_in_session`, which also asks the database whether that session is still live, so a
token stops working there at logout; elsewhere it works until it expires (15 minutes).
"""

from __future__ import annotations

import hashlib
import secrets
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import jwt

from rsvp_service import links
from rsvp_service.accounts.models import SingleUseToken, User
from rsvp_service.signing import KeyUse, derived_key
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


def issuer(settings: Settings) -> str:
    """The `iss` claim: the public site URL, without a trailing slash."""
    return links.site(settings)


def issue_access_token(
    settings: Settings,
    user_id: int,
    *,
    session: uuid.UUID | None = None,
    now: datetime | None = None,
    lifetime: timedelta = ACCESS_TOKEN_LIFETIME,
) -> str:
    """Sign an access token for a user id and session (15 minutes unless `lifetime` says less)."""
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
    if session is not None:
        claims["sid"] = str(session)
    return jwt.encode(claims, derived_key(settings, KeyUse.ACCESS_TOKEN), algorithm=ALGORITHM,
                      headers={"typ": TOKEN_TYPE})


def _subject_and_session(settings: Settings, token: str) -> tuple[int, uuid.UUID | None] | None:
    """The user id and session id (None in a token without one) of a valid token, else None."""
    try:
        header = jwt.get_unverified_header(token)
        if header.get("typ") != TOKEN_TYPE:
            return None
        claims = jwt.decode(
            token,
            derived_key(settings, KeyUse.ACCESS_TOKEN),
            algorithms=[ALGORITHM],
            audience=AUDIENCE,
            issuer=issuer(settings),
            options={"require": REQUIRED_CLAIMS},
        )
        session = claims.get("sid")
        return int(claims["sub"]), uuid.UUID(session) if session is not None else None
    except (jwt.PyJWTError, ValueError, TypeError, AttributeError):
        return None


def user_id_from_access_token(settings: Settings, token: str) -> int | None:
    """Return the user id a valid access token names, or None for any invalid token."""
    found = _subject_and_session(settings, token)
    return found[0] if found is not None else None


def _token_of(request: Request) -> tuple[int, uuid.UUID | None] | None:
    token = request.headers.get(ACCESS_TOKEN_HEADER)
    return _subject_and_session(request.app.state.settings, token) if token else None


async def user_from_request(request: Request) -> User | None:
    """Return the user whose access token is in the `x-auth-token` header, or None."""
    found = _token_of(request)
    return await User.get_or_none(id=found[0]) if found is not None else None


async def signed_in(request: Request, message: str) -> User:
    """Return the signed-in user, or raise 401 with the sentence given (what to sign in for)."""
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, message)
    return user


async def signed_in_session(request: Request, message: str) -> User:
    """Like `signed_in`, but also 401 once the token's session ended (logout, revocation)."""
    found = _token_of(request)
    if found is None or found[1] is None:
        raise ApiError(401, message)
    user_id, session = found
    # One query: the account, joined to a link of its session that is neither revoked nor expired.
    user = await User.filter(
        id=user_id, refresh_tokens__family=session, refresh_tokens__revoked=False,
        refresh_tokens__expires_at__gt=datetime.now(UTC)).first()
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
