"""Google sign-in over OpenID Connect (authlib's Starlette client, with state, nonce and PKCE).

Wiring (core service):

    app.state.google_oauth = build_google_client(settings)      # in create_app
    middleware.append(session_middleware(settings))              # after CORS, any position

authlib keeps state, nonce and the PKCE verifier in Starlette's session between the redirect
to Google and the callback; `session_middleware` scopes that signed cookie to the Google
routes (it only runs on them) and ten minutes.
"""

from __future__ import annotations

import logging
import unicodedata
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.responses import RedirectResponse
from starlette.types import ASGIApp, Receive, Scope, Send
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from rsvp_service import links
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.accounts.models import RefreshToken, User
from rsvp_service.accounts.sessions import set_refresh_cookie, start_session
from rsvp_service.accounts.tokens import issue_access_token
from rsvp_service.i18n import current
from rsvp_service.signing import KeyUse, derived_key
from rsvp_service.web.contract import endpoint

if TYPE_CHECKING:
    from authlib.integrations.starlette_client import StarletteOAuth2App
    from starlette.requests import Request
    from starlette.responses import Response

    from rsvp_service.settings import Settings

logger = logging.getLogger("rsvp_service.accounts")

SESSION_COOKIE = "civicstl_oauth"
SESSION_PATH = "/api/auth/google"
SCOPE = "openid email profile"
CALLBACK_PATH = "/api/auth/google/callback"
# The token handed to the site's /auth/callback travels in a URL (history, logs): it only has
# to last until the page trades it for /api/auth/me; the refresh cookie does the rest.
CALLBACK_TOKEN_LIFETIME = timedelta(seconds=60)


def build_google_client(settings: Settings) -> StarletteOAuth2App | None:
    """Register the OIDC client from GOOGLE_*; None (and a log line) when unconfigured."""
    if not settings.google_sign_in:
        logger.info("Google sign-in is off: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are unset.")
        return None
    # Imported only when Google sign-in is configured: authlib and its JOSE library are a
    # large share of the service's import, which every worker start pays.
    from authlib.integrations.starlette_client import OAuth

    oauth = OAuth()
    client: StarletteOAuth2App = oauth.register(
        "google",
        client_id=settings.google_client_id,
        client_secret=settings.google_client_secret,
        server_metadata_url=settings.google_metadata_url,
        client_kwargs={"scope": SCOPE, "code_challenge_method": "S256", "timeout": 10},
    )
    return client


class _GoogleSessionMiddleware:
    """Starlette's session, run only for the Google routes (the only ones that use it)."""

    def __init__(self, app: ASGIApp, /, **options: Any) -> None:
        self.app = app
        # Everything else skips parsing cookies and wrapping `send` for a session it never reads.
        self.with_session = SessionMiddleware(app, **options)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the session middleware under SESSION_PATH, the app directly elsewhere."""
        if scope["type"] == "http" and scope["path"].startswith(SESSION_PATH):
            await self.with_session(scope, receive, send)
        else:
            await self.app(scope, receive, send)


def session_middleware(settings: Settings) -> Middleware:
    """The session authlib needs for state, limited to the Google routes and ten minutes."""
    # A key of its own, so a forged session cookie can never double as a token signature.
    key = derived_key(settings, KeyUse.OAUTH_SESSION).hex()
    return Middleware(
        _GoogleSessionMiddleware,
        secret_key=key,
        session_cookie=SESSION_COOKIE,
        max_age=600,
        path=SESSION_PATH,
        same_site="lax",
        https_only=settings.is_https,
    )


def failure(settings: Settings) -> RedirectResponse:
    """Send the browser back to the login page with the error the site knows."""
    return RedirectResponse(links.link(settings, "/login", query={"error": "oauth_error"}),
                            status_code=302)


@endpoint("GET", "/api/auth/google", responses={302: None},
          summary="Start Google sign-in: redirects to Google, or to /login?error=oauth_error.")
async def start(request: Request) -> Response:
    """Redirect to Google's consent page (or to the login error when Google is off)."""
    settings = request.app.state.settings
    client: StarletteOAuth2App | None = getattr(request.app.state, "google_oauth", None)
    if client is None:
        return failure(settings)
    try:
        # From SITE_URL, never from the Host header, which the client chooses.
        redirect: Response = await client.authorize_redirect(
            request, links.link(settings, CALLBACK_PATH)
        )
    # Any failure (provider unreachable, bad metadata) must land on the login page.
    except Exception:
        logger.exception("Google sign-in could not start.")
        return failure(settings)
    return redirect


def _clean_name(claims: dict[str, Any], email: str) -> str:
    name = " ".join(str(claims.get("name") or "").split())
    name = "".join(char for char in name if not unicodedata.category(char).startswith("C"))
    return name[:200] or email.split("@", 1)[0]


async def _link_existing(user: User, iss: str, sub: str) -> User | None:
    """Attach a Google identity to an account with the same (Google-verified) email."""
    if user.google_sub is not None:
        # The account already belongs to another Google identity.
        return None
    user.google_iss, user.google_sub = iss, sub
    fields = ["google_iss", "google_sub"]
    if not user.is_verified:
        # Nobody ever proved they own this address, so whoever set its password may be an
        # attacker who registered it first (account pre-hijacking). Google just proved the
        # owner is here: drop that password and its sessions.
        user.is_verified, user.password_hash = True, None
        fields += ["is_verified", "password_hash"]
        await RefreshToken.filter(user_id=user.id).update(revoked=True)
        logger.warning("Google sign-in took over an unverified account (user_id=%s).", user.id)
    await user.save(update_fields=fields)
    return user


async def user_for_claims(claims: dict[str, Any]) -> User | None:
    """Find the account for verified ID-token claims, linking or creating it; None to refuse."""
    iss, sub = str(claims.get("iss") or ""), str(claims.get("sub") or "")
    if not iss or not sub:
        return None
    user = await User.get_or_none(google_iss=iss, google_sub=sub)
    if user is not None:
        return user
    try:
        email = normalize_email(str(claims.get("email") or ""))
    except ValueError:
        return None
    email_verified = claims.get("email_verified") in (True, "true")
    existing = await User.get_or_none(email=email)
    if existing is not None:
        # Linking by an unverified email would hand the account to whoever typed it in.
        return await _link_existing(existing, iss, sub) if email_verified else None
    try:
        async with in_transaction() as connection:
            return await User.create(
                name=_clean_name(claims, email),
                email=email,
                is_verified=email_verified,
                google_iss=iss,
                google_sub=sub,
                language=current(),
                using_db=connection,
            )
    except IntegrityError:
        return None


@endpoint("GET", CALLBACK_PATH, responses={302: None}, name="google_callback",
          summary="Finish Google sign-in (Google sends code and state, or error): redirects "
          "to /auth/callback with an access token (setting the refresh cookie), or to "
          "/login?error=oauth_error.")
async def callback(request: Request) -> Response:
    """Finish the OIDC flow: sign the user in and hand the site an access token."""
    settings = request.app.state.settings
    client: StarletteOAuth2App | None = getattr(request.app.state, "google_oauth", None)
    if client is None:
        return failure(settings)
    try:
        token = await client.authorize_access_token(request)
    # authlib, httpx and joserfc each raise their own errors; every one means "not signed in".
    except Exception as exc:
        logger.warning("Google sign-in failed: %s.", type(exc).__name__)
        return failure(settings)
    claims = token.get("userinfo")
    user = await user_for_claims(dict(claims)) if claims else None
    if user is None:
        logger.warning("Google sign-in refused for the returned identity.")
        return failure(settings)
    issued = await start_session(user.id)
    access_token = issue_access_token(settings, user.id, session=issued.family,
                                      lifetime=CALLBACK_TOKEN_LIFETIME)
    response = RedirectResponse(
        links.link(settings, "/auth/callback", query={"token": access_token}), 302)
    set_refresh_cookie(response, settings, issued)
    logger.info("Login ok through Google (user_id=%s).", user.id)
    return response
