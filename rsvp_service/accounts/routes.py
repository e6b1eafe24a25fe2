"""The /api/auth endpoints: register, login, refresh, logout, me, verification, reset, Google."""

from __future__ import annotations

import logging

from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from rsvp_service.accounts import google
from rsvp_service.accounts.models import User
from rsvp_service.accounts.passwords import (
    hash_password,
    needs_rehash,
    password_problem,
    verify_password,
)
from rsvp_service.accounts.payloads import (
    EmailPayload,
    LoginPayload,
    RegisterPayload,
    ResetPasswordPayload,
    require_email,
    require_name,
    require_role,
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
from rsvp_service.accounts.tokens import issue_access_token, user_from_request
from rsvp_service.accounts.verification import consume_verification_token, send_verification_email
from rsvp_service.mail.outbox import notify
from rsvp_service.web.errors import ApiError, read_json
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS, RateLimiter, client_ip, enforce

logger = logging.getLogger("rsvp_service.accounts")

INVALID_LOGIN = "Invalid email or password."
EMAIL_TAKEN = "An account with this email already exists. Please sign in."
SESSION_EXPIRED = "Your session has expired. Please sign in again."
FOREIGN_ORIGIN = "This request came from a site that is not allowed to use your session."
RESEND_SENT = (
    "If that email belongs to an account that still needs verifying, "
    "a new verification link is on its way."
)
VERIFY_MISSING = "No verification token provided."
VERIFY_INVALID = (
    "This verification link is invalid, expired or already used. Please request a new one."
)
VERIFIED = "Email verified successfully!"
SIGNED_OUT = "You have been signed out."
RESET_SENT = (
    "If an account uses that email, a link to choose a new password is on its way. "
    "It works once, for one hour."
)
RESET_INVALID = (
    "This password reset link is invalid, expired or already used. "
    "Please ask for a new one from the sign-in page."
)
RESET_DONE = "Your password has been changed. Please sign in with your new password."


def _require_allowed_origin(request: Request) -> None:
    if not origin_allowed(request, request.app.state.settings):
        raise ApiError(403, FOREIGN_ORIGIN, shape="errors")


def signed_in_response(
    request: Request, user: User, issued: IssuedRefreshToken, *, status: int = 200
) -> JSONResponse:
    """Answer {accessToken, user} and set the refresh cookie."""
    settings = request.app.state.settings
    response = JSONResponse(
        {"accessToken": issue_access_token(settings, user.id), "user": user.public()}, status
    )
    set_refresh_cookie(response, settings, issued)
    return response


async def register(request: Request) -> Response:
    """Create an account, queue its verification email and sign it in."""
    settings = request.app.state.settings
    _require_allowed_origin(request)
    await enforce(request, "register-ip", client_ip(request), shape="errors")
    payload = await read_json(request, RegisterPayload, shape="errors")
    name = require_name(payload.name)
    email = require_email(payload.email, shape="errors")
    require_role(payload.role)
    if problem := password_problem(payload.password, email):
        raise ApiError(422, problem, shape="errors")
    # Registering must say when an address is taken (it signs the person in right away);
    # the per-IP limit keeps that from being used to test addresses in bulk.
    if await User.exists(email=email):
        raise ApiError(409, EMAIL_TAKEN, shape="errors")
    password_hash = await hash_password(payload.password)
    try:
        async with in_transaction() as connection:
            user = await User.create(
                name=name, email=email, password_hash=password_hash, using_db=connection
            )
            await send_verification_email(settings, user, connection=connection)
            issued = await start_session(user.id, connection=connection)
    except IntegrityError:
        # Two registrations raced for the same address; the other one won.
        raise ApiError(409, EMAIL_TAKEN, shape="errors") from None
    notify(request)
    logger.info("Account registered (user_id=%s).", user.id)
    return signed_in_response(request, user, issued, status=201)


async def login(request: Request) -> Response:
    """Sign in with email and password; unknown email and wrong password look the same."""
    limiter: RateLimiter = request.app.state.rate_limiter
    _require_allowed_origin(request)
    ip = client_ip(request)
    await enforce(request, "login-ip", ip, shape="errors")
    payload = await read_json(request, LoginPayload, shape="errors")
    email = require_email(payload.email, shape="errors")
    # Failures count per (account, IP) and per IP, never per account alone: an attacker
    # hammering an address from elsewhere must not lock its owner out.
    account_here = f"{email} {ip}"
    for name, key in (("login-failures-ip", ip), ("login-failures", account_here)):
        if (retry_after := await limiter.test(name, key)) is not None:
            logger.warning("Login refused after repeated failures (%s).", name)
            raise ApiError(
                429, TOO_MANY_REQUESTS, shape="errors", headers={"Retry-After": str(retry_after)}
            )
    user = await User.get_or_none(email=email)
    # Unknown emails are checked against the dummy hash so they take as long as wrong passwords.
    password_hash = user.password_hash if user is not None else None
    if not await verify_password(password_hash, payload.password) or user is None:
        await limiter.hit("login-failures-ip", ip)
        await limiter.hit("login-failures", account_here)
        logger.warning("Login failed.")
        raise ApiError(401, INVALID_LOGIN, shape="errors")
    if user.password_hash and needs_rehash(user.password_hash):
        user.password_hash = await hash_password(payload.password)
        await user.save(update_fields=["password_hash"])
    issued = await start_session(user.id)
    logger.info("Login ok (user_id=%s).", user.id)
    return signed_in_response(request, user, issued)


async def refresh(request: Request) -> Response:
    """Trade the refresh cookie for a new access token, rotating the cookie."""
    settings = request.app.state.settings
    _require_allowed_origin(request)
    token = request.cookies.get(REFRESH_COOKIE)
    # The cookie is left alone on failure: a tab that lost a refresh race must not erase the
    # fresh cookie the winning tab just received.
    issued = await rotate(token) if token else None
    if issued is None:
        raise ApiError(401, SESSION_EXPIRED, shape="errors")
    response = JSONResponse({"accessToken": issue_access_token(settings, issued.user_id)})
    set_refresh_cookie(response, settings, issued)
    return response


async def logout(request: Request) -> Response:
    """Revoke the session behind the refresh cookie and clear it."""
    settings = request.app.state.settings
    _require_allowed_origin(request)
    token = request.cookies.get(REFRESH_COOKIE)
    if token:
        await revoke(token)
    logger.info("Logout.")
    response = JSONResponse({"msg": SIGNED_OUT})
    clear_refresh_cookie(response, settings)
    return response


async def me(request: Request) -> Response:
    """Return the signed-in user."""
    user = await user_from_request(request)
    if user is None:
        raise ApiError(401, SESSION_EXPIRED, shape="errors")
    return JSONResponse(user.public())


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


async def resend_verification(request: Request) -> Response:
    """Send a fresh verification link; the answer never says whether the account exists."""
    ip = client_ip(request)
    await enforce(request, "resend-ip", ip, shape="msg")
    payload = await read_json(request, EmailPayload, shape="msg")
    email = require_email(payload.email, shape="msg")
    await enforce(request, "resend-email-ip", f"{email} {ip}", shape="msg")
    # The lookup and the queueing run after the answer is sent, so its timing cannot tell
    # whether a mail was queued.
    task = BackgroundTask(_queue_verification, request, email)
    return JSONResponse({"msg": RESEND_SENT}, background=task)


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


async def forgot_password(request: Request) -> Response:
    """Email a reset link; the answer and its timing never say whether the account exists."""
    ip = client_ip(request)
    await enforce(request, "forgot-ip", ip, shape="errors")
    payload = await read_json(request, EmailPayload, shape="errors")
    email = require_email(payload.email, shape="errors")
    await enforce(request, "forgot-email-ip", f"{email} {ip}", shape="errors")
    task = BackgroundTask(_queue_reset, request, email)
    return JSONResponse({"msg": RESET_SENT}, background=task)


async def reset_password_route(request: Request) -> Response:
    """Set a new password with a reset link's token; every session of the account ends."""
    _require_allowed_origin(request)
    await enforce(request, "reset-ip", client_ip(request), shape="errors")
    payload = await read_json(request, ResetPasswordPayload, shape="errors")
    user = await user_for_reset_token(payload.token.strip())
    if user is None:
        raise ApiError(400, RESET_INVALID, shape="errors")
    if problem := password_problem(payload.password, user.email):
        raise ApiError(422, problem, shape="errors")
    password_hash = await hash_password(payload.password)
    if not await reset_password(payload.token.strip(), password_hash):
        raise ApiError(400, RESET_INVALID, shape="errors")
    return JSONResponse({"msg": RESET_DONE})


async def verify(request: Request) -> Response:
    """Spend a verification token from the email link."""
    token = request.query_params.get("token", "").strip()
    if not token:
        raise ApiError(400, VERIFY_MISSING, shape="msg")
    if len(token) > 200 or not await consume_verification_token(token):
        raise ApiError(400, VERIFY_INVALID, shape="msg")
    return JSONResponse({"msg": VERIFIED})


def routes() -> list[BaseRoute]:
    """Every /api/auth route, for the core app factory."""
    return [
        Route("/api/auth/register", register, methods=["POST"]),
        Route("/api/auth/login", login, methods=["POST"]),
        Route("/api/auth/refresh", refresh, methods=["POST"]),
        Route("/api/auth/logout", logout, methods=["POST"]),
        Route("/api/auth/me", me, methods=["GET"]),
        Route("/api/auth/resend-verification", resend_verification, methods=["POST"]),
        Route("/api/auth/verify", verify, methods=["GET"]),
        Route("/api/auth/forgot-password", forgot_password, methods=["POST"]),
        Route("/api/auth/reset-password", reset_password_route, methods=["POST"]),
        Route("/api/auth/google", google.start, methods=["GET"]),
        Route(
            "/api/auth/google/callback", google.callback, methods=["GET"], name="google_callback"
        ),
    ]
