"""Refresh-token rotation, reuse revocation, concurrent refresh, logout and the Origin check."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta

import httpx

from rsvp_service.accounts.models import RefreshToken
from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.accounts.tokens import hash_opaque_token
from rsvp_service.settings import Settings

SESSION_EXPIRED = {"error": "Your session has expired. Please sign in again."}
FOREIGN_ORIGIN = {
    "error": "This request came from a site that is not allowed to use your session."
}
MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]


async def sign_up(client: httpx.AsyncClient) -> str:
    """Register a user and return the refresh token from the cookie."""
    response = await client.post(
        "/api/auth/register",
        json={"name": "Ann", "email": "ann@example.org", "password": "correct horse battery"},
    )
    assert response.status_code == 201
    token = response.cookies[REFRESH_COOKIE]
    client.cookies.clear()
    return token


async def refresh_with(
    client: httpx.AsyncClient, token: str, **headers: str
) -> tuple[httpx.Response, str | None]:
    """POST /refresh presenting exactly `token`; return the response and the rotated token."""
    client.cookies.clear()
    response = await client.post(
        "/api/auth/refresh", headers={"cookie": f"{REFRESH_COOKIE}={token}", **headers}
    )
    client.cookies.clear()
    return response, response.cookies.get(REFRESH_COOKIE)


async def test_refresh_rotates_the_cookie_and_returns_a_working_access_token(
    client: httpx.AsyncClient,
) -> None:
    first = await sign_up(client)

    response, second = await refresh_with(client, first)

    assert response.status_code == 200
    assert set(response.json()) == {"accessToken"}
    assert second is not None and second != first
    cookie = response.headers["set-cookie"]
    assert "HttpOnly" in cookie and "Path=/api/auth" in cookie and "SameSite=lax" in cookie
    me = await client.get("/api/auth/me", headers={"x-auth-token": response.json()["accessToken"]})
    assert me.status_code == 200
    stored = await RefreshToken.get(token_hash=hash_opaque_token(second))
    parent = await RefreshToken.get(token_hash=hash_opaque_token(first))
    assert stored.parent_id == parent.id and stored.family == parent.family
    assert stored.expires_at == parent.expires_at  # rotation never extends the session
    assert parent.used and not parent.revoked
    # Only hashes are stored.
    assert await RefreshToken.filter(token_hash=first).count() == 0


async def test_reusing_a_spent_refresh_token_revokes_the_whole_family(
    client: httpx.AsyncClient,
) -> None:
    # Mirrors Supabase's TestRefreshTokenReuseRevocation: r0 -> r1 -> r2 -> r3, then replay r1.
    r0 = await sign_up(client)
    tokens = [r0]
    for _ in range(3):
        response, successor = await refresh_with(client, tokens[-1])
        assert response.status_code == 200 and successor is not None
        tokens.append(successor)

    # Past the grace window for concurrent refreshes, a spent token is a replay.
    await RefreshToken.all().update(created_at=datetime.now(UTC) - timedelta(minutes=1))
    replay, replay_cookie = await refresh_with(client, tokens[1])

    assert replay.status_code == 401
    assert replay.json() == SESSION_EXPIRED
    assert replay_cookie is None
    latest, _ = await refresh_with(client, tokens[3])
    assert latest.status_code == 401
    family = (await RefreshToken.get(token_hash=hash_opaque_token(r0))).family
    assert await RefreshToken.filter(family=family).count() == 4
    assert await RefreshToken.filter(family=family, revoked=False).count() == 0


async def test_concurrent_refreshes_yield_at_most_one_successor(client: httpx.AsyncClient) -> None:
    token = await sign_up(client)
    headers = {"cookie": f"{REFRESH_COOKIE}={token}"}

    responses = await asyncio.gather(
        *(client.post("/api/auth/refresh", headers=headers) for _ in range(8))
    )

    statuses = sorted(response.status_code for response in responses)
    assert statuses == [200] + [401] * 7
    parent = await RefreshToken.get(token_hash=hash_opaque_token(token))
    assert await RefreshToken.filter(parent_id=parent.id).count() == 1
    # Losing a race is not a replay: the winner's successor still works.
    winner = next(r for r in responses if r.status_code == 200)
    client.cookies.clear()
    again, _ = await refresh_with(client, winner.cookies[REFRESH_COOKIE])
    assert again.status_code == 200


async def test_a_spent_token_replayed_moments_after_rotation_is_refused_without_revoking(
    client: httpx.AsyncClient,
) -> None:
    first = await sign_up(client)
    _, second = await refresh_with(client, first)
    assert second is not None

    late, _ = await refresh_with(client, first)
    current, third = await refresh_with(client, second)

    assert late.status_code == 401
    assert current.status_code == 200 and third is not None


async def test_refresh_without_cookie_or_with_unknown_or_expired_token_is_401(
    client: httpx.AsyncClient,
) -> None:
    token = await sign_up(client)
    await RefreshToken.filter(token_hash=hash_opaque_token(token)).update(
        expires_at=datetime.now(UTC) - timedelta(seconds=1)
    )

    missing = await client.post("/api/auth/refresh")
    unknown, _ = await refresh_with(client, "x" * 43)
    expired, _ = await refresh_with(client, token)

    for response in (missing, unknown, expired):
        assert response.status_code == 401
        assert response.json() == SESSION_EXPIRED


async def test_logout_revokes_the_session_and_clears_the_cookie(client: httpx.AsyncClient) -> None:
    token = await sign_up(client)

    response = await client.post(
        "/api/auth/logout", headers={"cookie": f"{REFRESH_COOKIE}={token}"}
    )

    assert response.status_code == 200
    assert response.json() == {"msg": "You have been signed out."}
    cookie = response.headers["set-cookie"]
    assert f"{REFRESH_COOKIE}=" in cookie and "Max-Age=0" in cookie and "Path=/api/auth" in cookie
    after, _ = await refresh_with(client, token)
    assert after.status_code == 401
    assert not await RefreshToken.filter(revoked=False).exists()


async def test_logout_without_a_session_still_succeeds(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/logout")

    assert response.status_code == 200


async def test_refresh_and_logout_refuse_a_foreign_origin(
    settings: Settings, make_client: MakeClient
) -> None:
    settings.cors_origins = ["http://localhost:3000"]
    async with make_client(settings) as client:
        token = await sign_up(client)
        cookie = {"cookie": f"{REFRESH_COOKIE}={token}"}

        foreign = await client.post(
            "/api/auth/refresh", headers={**cookie, "origin": "https://evil.example"}
        )
        cross_site = await client.post(
            "/api/auth/refresh", headers={**cookie, "sec-fetch-site": "cross-site"}
        )
        logout = await client.post(
            "/api/auth/logout", headers={**cookie, "origin": "https://evil.example"}
        )
        site, rotated = await refresh_with(client, token, origin="http://127.0.0.1:8000")
        assert rotated is not None
        cors, _ = await refresh_with(client, rotated, origin="http://localhost:3000")

    for response in (foreign, cross_site, logout):
        assert response.status_code == 403
        assert response.json() == FOREIGN_ORIGIN
    assert site.status_code == 200
    assert cors.status_code == 200


async def test_cookie_is_samesite_none_and_secure_when_cors_makes_it_cross_site(
    settings: Settings, make_client: MakeClient
) -> None:
    settings.cors_origins = ["https://civicstl.netlify.app"]
    async with make_client(settings) as client:
        response = await client.post(
            "/api/auth/register",
            json={"name": "Ann", "email": "ann@example.org", "password": "correct horse battery"},
        )

    cookie = response.headers["set-cookie"]
    assert "SameSite=none" in cookie and "Secure" in cookie


async def test_cookie_is_secure_under_https(settings: Settings, make_client: MakeClient) -> None:
    settings.site_url = "https://civicstl.org"
    async with make_client(settings) as client:
        response = await client.post(
            "/api/auth/register",
            json={"name": "Ann", "email": "ann@example.org", "password": "correct horse battery"},
        )

    cookie = response.headers["set-cookie"]
    assert "Secure" in cookie and "SameSite=lax" in cookie
