"""The /api/auth endpoints: register, login, refresh, logout, me, verification, reset, Google.

Login and register answer errors as `{errors: [{msg}]}`, verify and resend-verification as
`{msg}` (legacy shapes the seed's client reads, spec section 7); the others as `{error}`.
"""

from __future__ import annotations

import logging

from pydantic import BaseModel
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from rsvp_service.accounts import google
from rsvp_service.accounts.bodies import (
    AccessToken,
    EmailPayload,
    LoginPayload,
    Notice,
    PublicUser,
    RegisterPayload,
    ResetPasswordPayload,
    SignedIn,
    require_email,
    require_name,
    require_role,
)
from rsvp_service.accounts.models import User
from rsvp_service.accounts.passwords import (
    hash_password,
    needs_rehash,
    password_problem,
    verify_password,
)
from rsvp_service.accounts.reset import reset_password, send_reset_email, user_for_reset_token
from rsvp_service.accounts.sessions import (
    REFRESH_COOKIE,
    IssuedRefreshToken,
    clear_refresh_cookie,
    origin_allowed,
    revoke,
    rotate,
    set_refresh_cookie,
    start_session,
)
from rsvp_service.accounts.tokens import issue_access_token, signed_in
from rsvp_service.accounts.verification import consume_verification_token, send_verification_email
from rsvp_service.i18n import N_, current
from rsvp_service.mail.outbox import notify
from rsvp_service.web import contract
from rsvp_service.web.contract import (
    ApiError,
    ErrorBody,
    LegacyErrors,
    LegacyMessage,
    Reply,
    endpoint,
)
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS, Limit, RateLimiter, client_ip, enforce

logger = logging.getLogger("rsvp_service.accounts")

INVALID_LOGIN = N_("Invalid email or password.")
EMAIL_TAKEN = N_("An account with this email already exists. Please sign in.")
SESSION_EXPIRED = N_("Your session has expired. Please sign in again.")
FOREIGN_ORIGIN = N_("This request came from a site that is not allowed to use your session.")
RESEND_SENT = (
    N_("If that email belongs to an account that still needs verifying, "
    "a new verification link is on its way.")
)
VERIFY_MISSING = N_("No verification token provided.")
VERIFY_INVALID = (
    N_("This verification link is invalid, expired or already used. Please request a new one.")
)
VERIFIED = N_("Email verified successfully!")
SIGNED_OUT = N_("You have been signed out.")
RESET_SENT = (
    N_("If an account uses that email, a link to choose a new password is on its way. "
    "It works once, for one hour.")
)
RESET_INVALID = (
    N_("This password reset link is invalid, expired or already used. "
    "Please ask for a new one from the sign-in page.")
)
RESET_DONE = N_("Your password has been changed. Please sign in with your new password.")


async def allowed_origin(request: Request) -> None:
    """Guard: refuse cross-site requests that would use the refresh cookie."""
    if not origin_allowed(request, request.app.state.settings):
        raise ApiError(403, FOREIGN_ORIGIN)


class VerifyQuery(BaseModel):
    """Query of GET /api/auth/verify (the token of the email's link)."""

    token: str = ""


def session_reply(request: Request, user: User, issued: IssuedRefreshToken) -> Reply[SignedIn]:
    """Answer {accessToken, user} and set the refresh cookie."""
    settings = request.app.state.settings
    answer = SignedIn(accessToken=issue_access_token(settings, user.id, session=issued.family),
                      user=PublicUser.of(user))
    return Reply(answer, finish=lambda response: set_refresh_cookie(response, settings, issued))


@endpoint("POST", "/api/auth/register", body=RegisterPayload, responses={201: SignedIn},
          errors={403: LegacyErrors, 409: LegacyErrors, 429: LegacyErrors},
          guards=(allowed_origin,), error_shape="errors", sends_mail_to="typed",
          limits=(Limit("register-ip", key="ip"), Limit("register-email-ip", key="address+ip")),
          summary="Create an account, send its verification email and sign it in "
          "(sets the refresh cookie).")
async def register(request: Request, body: RegisterPayload) -> Reply[SignedIn]:
    """Create an account, queue its verification email and sign it in."""
    settings = request.app.state.settings
    name = require_name(body.name)
    email = require_email(body.email)
    require_role(body.role)
    if problem := password_problem(body.password, email):
        raise ApiError(422, problem)
    # Registering must say when an address is taken (it signs the person in right away);
    # the per-IP limit keeps that from being used to test addresses in bulk.
    if await User.exists(email=email):
        raise ApiError(409, EMAIL_TAKEN)
    # Spent only when a verification email would go (a weak password tried again costs none).
    await enforce(request, "register-email-ip", f"{email} {client_ip(request)}")
    password_hash = await hash_password(body.password)
    try:
        async with in_transaction() as connection:
            user = await User.create(
                name=name, email=email, password_hash=password_hash, language=current(),
                using_db=connection,
            )
            await send_verification_email(settings, user, connection=connection)
            issued = await start_session(user.id, connection=connection)
    except IntegrityError:
        # Two registrations raced for the same address; the other one won.
        raise ApiError(409, EMAIL_TAKEN) from None
    notify(request)
    logger.info("Account registered (user_id=%s).", user.id)
    return session_reply(request, user, issued)


@endpoint("POST", "/api/auth/login", body=LoginPayload, responses={200: SignedIn},
          errors={401: LegacyErrors, 403: LegacyErrors, 429: LegacyErrors},
          guards=(allowed_origin,), error_shape="errors",
          limits=(Limit("login-ip", key="ip"),
                  Limit("login-failures-ip", key="ip", counts="failures"),
                  Limit("login-failures", key="address+ip", counts="failures")),
          summary="Sign in with email and password (sets the refresh cookie).")
async def login(request: Request, body: LoginPayload) -> Reply[SignedIn]:
    """Sign in with email and password; unknown email and wrong password look the same."""
    limiter: RateLimiter = request.app.state.rate_limiter
    ip = client_ip(request)
    email = require_email(body.email)
    # Failures count per (account, IP) and per IP, never per account alone: an attacker
    # hammering an address from elsewhere must not lock its owner out.
    account_here = f"{email} {ip}"
    for name, key in (("login-failures-ip", ip), ("login-failures", account_here)):
        if (retry_after := await limiter.test(name, key)) is not None:
            logger.warning("Login refused after repeated failures (%s).", name)
            raise ApiError(429, TOO_MANY_REQUESTS, headers={"Retry-After": str(retry_after)})
    user = await User.get_or_none(email=email)
    # Unknown emails are checked against the dummy hash so they take as long as wrong passwords.
    password_hash = user.password_hash if user is not None else None
    if not await verify_password(password_hash, body.password) or user is None:
        await limiter.hit("login-failures-ip", ip)
        await limiter.hit("login-failures", account_here)
        logger.warning("Login failed.")
        raise ApiError(401, INVALID_LOGIN)
    if user.password_hash and needs_rehash(user.password_hash):
        user.password_hash = await hash_password(body.password)
        await user.save(update_fields=["password_hash"])
    issued = await start_session(user.id)
    logger.info("Login ok (user_id=%s).", user.id)
    return session_reply(request, user, issued)


@endpoint("POST", "/api/auth/refresh", responses={200: AccessToken},
          errors={401: ErrorBody, 403: ErrorBody}, auth="cookie", guards=(allowed_origin,),
          summary="Trade the refresh cookie for a new access token; rotates the cookie.")
async def refresh(request: Request) -> Reply[AccessToken]:
    """Trade the refresh cookie for a new access token, rotating the cookie."""
    settings = request.app.state.settings
    token = request.cookies.get(REFRESH_COOKIE)
    # The cookie is left alone on failure: a tab that lost a refresh race must not erase the
    # fresh cookie the winning tab just received.
    issued = await rotate(token) if token else None
    if issued is None:
        raise ApiError(401, SESSION_EXPIRED)
    answer = AccessToken(
        accessToken=issue_access_token(settings, issued.user_id, session=issued.family))
    return Reply(answer, finish=lambda response: set_refresh_cookie(response, settings, issued))


@endpoint("POST", "/api/auth/logout", responses={200: Notice}, errors={403: ErrorBody},
          auth="optional-cookie", guards=(allowed_origin,),
          summary="End the session behind the refresh cookie and clear it.")
async def logout(request: Request) -> Reply[Notice]:
    """Revoke the session behind the refresh cookie and clear it."""
    settings = request.app.state.settings
    token = request.cookies.get(REFRESH_COOKIE)
    if token:
        await revoke(token)
    logger.info("Logout.")
    return Reply(Notice(msg=SIGNED_OUT),
                 finish=lambda response: clear_refresh_cookie(response, settings))


@endpoint("GET", "/api/auth/me", responses={200: PublicUser}, errors={401: ErrorBody},
          auth="token", summary="The signed-in user.")
async def me(request: Request) -> PublicUser:
    """Return the signed-in user."""
    return PublicUser.of(await signed_in(request, SESSION_EXPIRED))


async def _queue_verification(request: Request, email: str) -> None:
    """Queue a verification email if the address has an unverified account (after the answer)."""
    try:
        user = await User.get_or_none(email=email)
        if user is None or user.is_verified:
            return
        async with in_transaction() as connection:
            await send_verification_email(request.app.state.settings, user, connection=connection)
        notify(request)
    except Exception:
        logger.exception("Could not queue a verification email.")


@endpoint("POST", "/api/auth/resend-verification", body=EmailPayload, responses={200: Notice},
          errors={429: LegacyMessage}, error_shape="msg", sends_mail_to="typed",
          limits=(Limit("resend-ip", key="ip"), Limit("resend-email-ip", key="address+ip")),
          summary="Send a new verification link (the same answer for unknown accounts).")
async def resend_verification(request: Request, body: EmailPayload) -> Reply[Notice]:
    """Send a fresh verification link; the answer never says whether the account exists."""
    email = require_email(body.email)
    await enforce(request, "resend-email-ip", f"{email} {client_ip(request)}")
    # The lookup and the queueing run after the answer is sent, so its timing cannot tell
    # whether a mail was queued.
    task = BackgroundTask(_queue_verification, request, email)
    return Reply(Notice(msg=RESEND_SENT), background=task)


async def _queue_reset(request: Request, email: str) -> None:
    """Queue a password-reset email if the address has an account (after the answer)."""
    try:
        user = await User.get_or_none(email=email)
        if user is None:
            return
        async with in_transaction() as connection:
            await send_reset_email(request.app.state.settings, user, connection=connection)
        notify(request)
        logger.info("Password reset requested (user_id=%s).", user.id)
    except Exception:
        logger.exception("Could not queue a password-reset email.")


@endpoint("POST", "/api/auth/forgot-password", body=EmailPayload, responses={200: Notice},
          errors={429: ErrorBody}, sends_mail_to="typed",
          limits=(Limit("forgot-ip", key="ip"), Limit("forgot-email-ip", key="address+ip")),
          summary="Email a one-hour, single-use password reset link (the same answer and "
          "timing for unknown accounts).")
async def forgot_password(request: Request, body: EmailPayload) -> Reply[Notice]:
    """Email a reset link; the answer and its timing never say whether the account exists."""
    email = require_email(body.email)
    await enforce(request, "forgot-email-ip", f"{email} {client_ip(request)}")
    task = BackgroundTask(_queue_reset, request, email)
    return Reply(Notice(msg=RESET_SENT), background=task)


@endpoint("POST", "/api/auth/reset-password", body=ResetPasswordPayload,
          responses={200: Notice}, errors={403: ErrorBody, 429: ErrorBody},
          guards=(allowed_origin,), limits=(Limit("reset-ip", key="ip"),),
          summary="Set a new password with the token from a reset link; marks the email "
          "verified and ends every session of the account.")
async def reset_password_route(request: Request, body: ResetPasswordPayload) -> Notice:
    """Set a new password with a reset link's token; every session of the account ends."""
    user = await user_for_reset_token(body.token.strip())
    if user is None:
        raise ApiError(400, RESET_INVALID)
    if problem := password_problem(body.password, user.email):
        raise ApiError(422, problem)
    password_hash = await hash_password(body.password)
    if not await reset_password(body.token.strip(), password_hash):
        raise ApiError(400, RESET_INVALID)
    return Notice(msg=RESET_DONE)


@endpoint("GET", "/api/auth/verify", query=VerifyQuery, responses={200: Notice},
          errors={400: LegacyMessage}, error_shape="msg",
          summary="Spend a verification token from the email link.")
async def verify(request: Request, query: VerifyQuery) -> Notice:
    """Spend a verification token from the email link."""
    token = query.token.strip()
    if not token:
        raise ApiError(400, VERIFY_MISSING)
    if len(token) > 200 or not await consume_verification_token(token):
        raise ApiError(400, VERIFY_INVALID)
    return Notice(msg=VERIFIED)


def routes() -> list[BaseRoute]:
    """Every /api/auth route, for the core app factory."""
    return contract.routes(
        register, login, refresh, logout, me, resend_verification, verify, forgot_password,
        reset_password_route, google.start, google.callback,
    )
