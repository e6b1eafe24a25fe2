"""Email verification: the email reaches a real SMTP server, and its token works once only."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import Any

import httpx
from service_testkit import register

from rsvp_service.accounts.models import EmailToken, User

RESEND_SENT = {
    "msg": "If that email belongs to an account that still needs verifying, "
    "a new verification link is on its way."
}
INVALID = {
    "msg": "This verification link is invalid, expired or already used. Please request a new one."
}
LINK = re.compile(r"http://127\.0\.0\.1:8000/verify\?token=([A-Za-z0-9_-]+)")


def link_token(message: EmailMessage) -> str:
    """The token in the verification link of an email's plain-text part."""
    body = message.get_body(("plain",))
    assert body is not None
    match = LINK.search(body.get_content())
    assert match is not None
    return match.group(1)


async def test_verification_email_arrives_and_its_token_verifies_once(
    client: httpx.AsyncClient, mailbox: Any
) -> None:
    registered = await register(client)
    assert registered.status_code == 201
    body = registered.json()

    [message] = await mailbox.wait_for(1)
    assert message["To"] == "Ann Lee <ann@example.org>"
    assert message["Subject"] == "Please verify your email for CivicSTL"
    token = link_token(message)
    html = message.get_body(("html",))
    assert html is not None and f"/verify?token={token}" in html.get_content()
    assert len(token) >= 43  # 256 bits, base64url

    first = await client.get(
        "/api/auth/verify", params={"token": token}, headers={"content-type": "application/json"}
    )
    second = await client.get("/api/auth/verify", params={"token": token})

    assert first.status_code == 200
    assert first.json() == {"msg": "Email verified successfully!"}
    assert second.status_code == 400
    assert second.json() == INVALID
    me = await client.get("/api/auth/me", headers={"x-auth-token": body["accessToken"]})
    assert me.json()["isVerified"] is True


async def test_opening_the_site_link_does_not_spend_the_token(
    client: httpx.AsyncClient, mailbox: Any
) -> None:
    assert (await register(client)).status_code == 201
    [message] = await mailbox.wait_for(1)

    # The email links to the site page, not to the API, so a link scanner burns nothing.
    assert "/api/" not in (message.get_body(("plain",)) or message).get_content()
    assert await EmailToken.filter(used_at=None).count() == 1


async def test_verify_without_token_is_400(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/auth/verify")

    assert response.status_code == 400
    assert response.json() == {"msg": "No verification token provided."}


async def test_unknown_or_expired_token_is_refused(client: httpx.AsyncClient, mailbox: Any) -> None:
    assert (await register(client)).status_code == 201
    token = link_token((await mailbox.wait_for(1))[0])
    await EmailToken.all().update(expires_at=datetime.now(UTC) - timedelta(seconds=1))

    unknown = await client.get("/api/auth/verify", params={"token": "x" * 43})
    expired = await client.get("/api/auth/verify", params={"token": token})

    assert unknown.status_code == expired.status_code == 400
    assert unknown.json() == expired.json() == INVALID
    assert not (await User.get(email="ann@example.org")).is_verified


async def test_resend_sends_a_new_link_and_invalidates_the_old_one(
    client: httpx.AsyncClient, mailbox: Any
) -> None:
    assert (await register(client)).status_code == 201
    old = link_token((await mailbox.wait_for(1))[0])

    response = await client.post("/api/auth/resend-verification", json={"email": "ANN@example.org"})

    assert response.status_code == 200
    assert response.json() == RESEND_SENT
    new = link_token((await mailbox.wait_for(2))[1])
    assert new != old
    stale = await client.get("/api/auth/verify", params={"token": old})
    fresh = await client.get("/api/auth/verify", params={"token": new})
    assert stale.status_code == 400
    assert fresh.status_code == 200


async def test_resend_answers_the_same_for_unknown_and_verified_accounts(
    client: httpx.AsyncClient, mailbox: Any
) -> None:
    assert (await register(client)).status_code == 201
    await mailbox.wait_for(1)
    await User.filter(email="ann@example.org").update(is_verified=True)

    verified = await client.post("/api/auth/resend-verification", json={"email": "ann@example.org"})
    unknown = await client.post("/api/auth/resend-verification", json={"email": "no@example.org"})

    assert verified.status_code == unknown.status_code == 200
    assert verified.content == unknown.content
    assert verified.json() == RESEND_SENT
    assert await EmailToken.filter(used_at=None).count() == 1  # nothing new was issued


async def test_resend_refuses_bad_input_in_its_msg_shape(client: httpx.AsyncClient) -> None:
    invalid = await client.post("/api/auth/resend-verification", json={"email": "nope"})
    missing = await client.post("/api/auth/resend-verification", json={})
    malformed = await client.post(
        "/api/auth/resend-verification",
        content=b"{",
        headers={"content-type": "application/json"},
    )

    assert invalid.status_code == 422
    assert invalid.json() == {"msg": "Please enter a valid email address."}
    assert missing.status_code == 422
    assert missing.json() == {"msg": "The field 'email' is required."}
    assert malformed.status_code == 400
    assert malformed.json() == {"msg": "The request body is not valid JSON."}
