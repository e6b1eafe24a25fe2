"""Sign-in sessions: rotating refresh-token families, the refresh cookie and the Origin check."""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from ipaddress import ip_address
from typing import TYPE_CHECKING, Literal
from urllib.parse import urlsplit

from tortoise.transactions import in_transaction

from rsvp_service.accounts.models import RefreshToken
from rsvp_service.accounts.tokens import hash_opaque_token, new_opaque_token
from rsvp_service.settings import origin_of
from rsvp_service.web.origins import from_own_site

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response
    from tortoise.backends.base.client import BaseDBAsyncClient

    from rsvp_service.settings import Settings

logger = logging.getLogger("rsvp_service.accounts")

REFRESH_COOKIE = "civicstl_refresh"
# Only the auth endpoints ever need the refresh token, so no other request carries it.
COOKIE_PATH = "/api/auth"
SESSION_LIFETIME = timedelta(days=30)
# A spent token presented within this long of its rotation is taken for a concurrent refresh
# (refused, nothing revoked) rather than a replay. Supabase's reuse interval, shortened: a
# replay inside it still gets no token, it only escapes the family revocation.
REUSE_GRACE = timedelta(seconds=5)


@dataclass(frozen=True)
class IssuedRefreshToken:
    """A new refresh token (the secret goes to the cookie) and the account it belongs to."""

    token: str
    user_id: int
    expires_at: datetime
    # The session (refresh-token family) it belongs to: access tokens name it (`sid`).
    family: uuid.UUID


async def start_session(
    user_id: int, *, connection: BaseDBAsyncClient | None = None
) -> IssuedRefreshToken:
    """Open a new refresh-token family for a user who just proved who they are."""
    token = new_opaque_token()
    expires_at = datetime.now(UTC) + SESSION_LIFETIME
    family = uuid.uuid4()
    await RefreshToken.create(
        token_hash=hash_opaque_token(token),
        family=family,
        user_id=user_id,
        expires_at=expires_at,
        using_db=connection,
    )
    return IssuedRefreshToken(token, user_id, expires_at, family)


async def _rotated_moments_ago(record: RefreshToken) -> bool:
    successor = await RefreshToken.filter(parent_id=record.id).order_by("created_at").first()
    return successor is not None and successor.created_at > datetime.now(UTC) - REUSE_GRACE


async def rotate(token: str) -> IssuedRefreshToken | None:
    """Spend a refresh token for its successor; None when it is unknown, expired or spent.

    Replaying a spent token revokes its whole family: either the owner or a thief holds a
    stale copy, and there is no telling which, so every session descended from it ends.
    Within REUSE_GRACE of the rotation the request is refused without revoking anything.
    """
    record = await RefreshToken.get_or_none(token_hash=hash_opaque_token(token))
    if record is None or record.revoked or record.expires_at <= datetime.now(UTC):
        return None
    if record.used:
        if await _rotated_moments_ago(record):
            # Two tabs refreshing together: the later one lost a race, it is no replay.
            logger.info("Refresh of a token rotated moments ago (user_id=%s).", record.user_id)
            return None
        await RefreshToken.filter(family=record.family).update(revoked=True)
        logger.warning(
            "Refresh token reuse detected; revoked its session family (user_id=%s, family=%s).",
            record.user_id,
            record.family,
        )
        return None
    successor = new_opaque_token()
    async with in_transaction() as connection:
        # The conditional UPDATE is the lock: of two concurrent refreshes, only one sees a row.
        claimed = (
            await RefreshToken.filter(id=record.id, used=False, revoked=False)
            .using_db(connection)
            .update(used=True)
        )
        if claimed != 1:
            logger.info("Concurrent refresh lost the race (user_id=%s).", record.user_id)
            return None
        await RefreshToken.create(
            token_hash=hash_opaque_token(successor),
            family=record.family,
            parent_id=record.id,
            user_id=record.user_id,
            expires_at=record.expires_at,
            using_db=connection,
        )
    return IssuedRefreshToken(successor, record.user_id, record.expires_at, record.family)


async def revoke(token: str) -> None:
    """End the session a refresh token belongs to (its whole family)."""
    record = await RefreshToken.get_or_none(token_hash=hash_opaque_token(token))
    if record is not None:
        await RefreshToken.filter(family=record.family).update(revoked=True)


def _site(origin: str) -> tuple[str, str]:
    """Approximate a URL's "site" (scheme + registrable domain) as the last two host labels.

    Without a public-suffix list, hosts under a two-label suffix (example.co.uk) look
    same-site; that errs toward SameSite=Lax, which is the safer of the two.
    """
    parts = urlsplit(origin)
    host = (parts.hostname or "").lower()
    try:
        ip_address(host)
    except ValueError:
        host = ".".join(host.split(".")[-2:])
    return parts.scheme, host


def cookie_samesite(settings: Settings) -> Literal["lax", "none"]:
    """Lax, unless a CORS origin sits on another site and so needs the cookie cross-site."""
    home = _site(settings.site_url)
    cross_site = any(_site(origin) != home for origin in settings.cors_origins)
    return "none" if cross_site else "lax"


def set_refresh_cookie(response: Response, settings: Settings, issued: IssuedRefreshToken) -> None:
    """Put a refresh token in its HttpOnly cookie, expiring with the session."""
    samesite = cookie_samesite(settings)
    max_age = max(0, int((issued.expires_at - datetime.now(UTC)).total_seconds()))
    response.set_cookie(
        REFRESH_COOKIE,
        issued.token,
        max_age=max_age,
        path=COOKIE_PATH,
        # Browsers drop SameSite=None cookies that are not Secure.
        secure=settings.is_https or samesite == "none",
        httponly=True,
        samesite=samesite,
    )


def clear_refresh_cookie(response: Response, settings: Settings) -> None:
    """Tell the browser to forget the refresh cookie."""
    samesite = cookie_samesite(settings)
    response.delete_cookie(
        REFRESH_COOKIE,
        path=COOKIE_PATH,
        secure=settings.is_https or samesite == "none",
        httponly=True,
        samesite=samesite,
    )


def allowed_origins(settings: Settings) -> set[str]:
    """The site's own origins plus every CORS origin."""
    return settings.site_origins | {origin_of(o) for o in settings.cors_origins}


def origin_allowed(request: Request, settings: Settings) -> bool:
    """Refuse cross-site requests that carry the refresh cookie (login CSRF, forced logout)."""
    return from_own_site(request, allowed_origins(settings))
