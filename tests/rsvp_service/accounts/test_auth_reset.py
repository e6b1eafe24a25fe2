"""Password reset: forgot-password email, single-use one-hour links, and what a reset changes."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from urllib.parse import parse_qs, urlsplit

import httpx
from mail_testkit import Mailbox
from service_testkit import PASSWORD, register

from rsvp_service.accounts.models import PasswordResetToken, RefreshToken, User
from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.settings import Settings

MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]
NEW_PASSWORD = "a brand new passphrase"
SITE = "http://127.0.0.1:8000"
SENT = (
    "If an account uses that email, a link to choose a new password is on its way. "
    "It works once, for one hour."
)
INVALID = (
    "This password reset link is invalid, expired or already used. "
    "Please ask for a new one from the sign-in page."
)
DONE = "Your password has been changed. Please sign in with your new password."


def reset_token(message: EmailMessage) -> str:
    """The token in a reset email's link (the plain-text part), checking the link's shape."""
    body = message.get_body(("plain",))
    assert body is not None
    [link] = [line for line in body.get_content().splitlines() if "/reset-password" in line]
    parts = urlsplit(link.strip())
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{SITE}/reset-password"
    # In the fragment: never sent to a server, so never in an access log or a Referer.
    assert parts.query == ""
    [token] = parse_qs(parts.fragment)["token"]
    return token


async def forgot(client: httpx.AsyncClient, email: str = "ann@example.org") -> httpx.Response:
    """Ask for a reset link."""
    return await client.post("/api/auth/forgot-password", json={"email": email})


async def reset(
    client: httpx.AsyncClient, token: str, password: str = NEW_PASSWORD
) -> httpx.Response:
    """Set a new password with a token."""
    body = {"token": token, "password": password, "verifyPassword": password}
    return await client.post("/api/auth/reset-password", json=body)


async def login(client: httpx.AsyncClient, password: str) -> httpx.Response:
    """Sign in as ann@example.org."""
    return await client.post(
        "/api/auth/login", json={"email": "ann@example.org", "password": password}
    )


async def test_forgot_password_emails_a_link_and_answers_the_same_for_unknown_addresses(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await register(client)
    await mailbox.wait_for(1)  # the verification email

    known = await forgot(client, "  ANN@example.org ")
    unknown = await forgot(client, "nobody@example.org")

    assert known.status_code == unknown.status_code == 200
    assert known.json() == unknown.json() == {"msg": SENT}
    assert known.headers["cache-control"] == "no-store"
    messages = await mailbox.wait_for(2)
    assert [str(m["Subject"]) for m in messages] == [
        "Please verify your email for CivicSTL",
        "Reset your CivicSTL password",
    ]
    assert "ann@example.org" in str(messages[1]["To"])
    token = reset_token(messages[1])
    assert len(token) >= 22  # at least 128 bits in URL-safe base64
    [record] = await PasswordResetToken.all()
    # Only a hash is stored.
    assert record.token_hash == hashlib.sha256(token.encode()).hexdigest()
    lifetime = record.expires_at - datetime.now(UTC)
    assert timedelta(minutes=59) < lifetime <= timedelta(hours=1)
    assert await OutboxMessage.filter(recipient="nobody@example.org").count() == 0


async def test_a_reset_sets_the_password_verifies_the_email_and_ends_every_session(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await register(client)
    old_cookie = client.cookies[REFRESH_COOKIE]
    client.cookies.clear()
    await login(client, PASSWORD)  # a second session
    client.cookies.clear()
    await forgot(client)
    token = reset_token((await mailbox.wait_for(2))[1])

    done = await reset(client, token)

    assert done.status_code == 200
    assert done.json() == {"msg": DONE}
    user = await User.get(email="ann@example.org")
    assert user.is_verified
    assert await RefreshToken.filter(user_id=user.id, revoked=False).count() == 0
    client.cookies.set(REFRESH_COOKIE, old_cookie, path="/api/auth")
    assert (await client.post("/api/auth/refresh")).status_code == 401
    client.cookies.clear()
    assert (await login(client, PASSWORD)).status_code == 401
    assert (await login(client, NEW_PASSWORD)).status_code == 200


async def test_a_link_works_once(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    await register(client)
    await forgot(client)
    token = reset_token((await mailbox.wait_for(2))[1])

    first = await reset(client, token)
    second = await reset(client, token, "yet another passphrase")

    assert first.status_code == 200
    assert second.status_code == 400
    assert second.json() == {"error": INVALID}
    assert (await login(client, NEW_PASSWORD)).status_code == 200


async def test_only_the_newest_link_works(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    await register(client)
    await forgot(client)
    await forgot(client)
    messages = await mailbox.wait_for(3)
    older, newer = reset_token(messages[1]), reset_token(messages[2])

    refused = await reset(client, older)
    accepted = await reset(client, newer)

    assert refused.status_code == 400
    assert accepted.status_code == 200


async def test_an_expired_or_unknown_link_is_refused(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await register(client)
    await forgot(client)
    token = reset_token((await mailbox.wait_for(2))[1])
    await PasswordResetToken.all().update(expires_at=datetime.now(UTC) - timedelta(seconds=1))

    expired = await reset(client, token)
    unknown = await reset(client, "not-a-token")

    assert expired.status_code == unknown.status_code == 400
    assert expired.json() == unknown.json() == {"error": INVALID}
    assert (await login(client, PASSWORD)).status_code == 200


async def test_a_refused_new_password_leaves_the_link_usable(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await register(client)
    await forgot(client)
    token = reset_token((await mailbox.wait_for(2))[1])

    short = await reset(client, token, "short")
    blank = await reset(client, token, " " * 12)
    own_email = await reset(client, token, "ann@example.org")
    accepted = await reset(client, token)

    assert short.status_code == blank.status_code == own_email.status_code == 422
    assert short.json() == {"error": "Password must be at least 8 characters long."}
    assert blank.json()["error"] == (
        "Your password must contain more than spaces. Please choose a different one."
    )
    assert own_email.json()["error"] == (
        "Your password must not be your email address. Please choose a different one."
    )
    assert accepted.status_code == 200


async def test_reset_refuses_a_foreign_origin(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    await register(client)
    await forgot(client)
    token = reset_token((await mailbox.wait_for(2))[1])

    response = await client.post(
        "/api/auth/reset-password",
        json={"token": token, "password": NEW_PASSWORD},
        headers={"Origin": "https://evil.example"},
    )

    assert response.status_code == 403
    assert (await login(client, PASSWORD)).status_code == 200


async def test_forgot_password_is_rate_limited_per_address(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.3: one request per address per 15 minutes, three per IP per hour.
    async with make_client(make_settings(rate_limit_scale=0.3)) as client:
        first = await forgot(client)
        again = await forgot(client)
        other = await forgot(client, "bob@example.org")

    assert first.status_code == other.status_code == 200
    assert again.status_code == 429
    assert int(again.headers["retry-after"]) >= 1
    assert again.json() == {
        "error": "Too many attempts. Please wait a few minutes and try again."
    }
