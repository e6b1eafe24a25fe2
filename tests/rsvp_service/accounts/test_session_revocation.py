"""Logging out ends an access token's use on the sensitive endpoints at once.

From the side of someone who copied an access token (a shared computer, a leaked log): after
the owner logs out, the token no longer exports, deletes or organizes; the other endpoints
take it until it expires (15 minutes), as the README says. On SQLite and PostgreSQL.
"""

from __future__ import annotations

import httpx
from service_testkit import PASSWORD

from rsvp_service.accounts.models import User
from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.accounts.tokens import issue_access_token
from rsvp_service.settings import Settings

SITE = {"Origin": "http://127.0.0.1:8000"}
ANN = {"email": "ann@example.org", "password": PASSWORD}


async def log_in(client: httpx.AsyncClient) -> tuple[dict[str, str], str]:
    """Log Ann in; return her access-token header and her refresh cookie."""
    answer = await client.post("/api/auth/login", json=ANN, headers=SITE)
    assert answer.status_code == 200, answer.text
    cookie = answer.cookies[REFRESH_COOKIE]
    client.cookies.clear()
    return {"x-auth-token": answer.json()["accessToken"]}, cookie


async def test_a_logged_out_token_is_refused_where_it_matters_and_taken_elsewhere(
    client: httpx.AsyncClient,
) -> None:
    registered = await client.post("/api/auth/register", json={"name": "Ann", **ANN},
                                   headers=SITE)
    assert registered.status_code == 201, registered.text
    client.cookies.clear()
    # An admin, so the organizing endpoints are hers to use too.
    await User.filter(email=ANN["email"]).update(is_verified=True, role="admin")
    copied, cookie = await log_in(client)
    other_device, _ = await log_in(client)
    assert (await client.get("/api/me/export", headers=copied)).status_code == 200
    assert (await client.get("/api/admin/organizers", headers=copied)).status_code == 200

    logged_out = await client.post("/api/auth/logout", headers={
        **SITE, "cookie": f"{REFRESH_COOKIE}={cookie}"})
    assert logged_out.status_code == 200

    export = await client.get("/api/me/export", headers=copied)
    organizers = await client.get("/api/admin/organizers", headers=copied)
    roster = await client.get("/api/organize/events", headers=copied)
    delete = await client.post("/api/me/delete", json={"password": PASSWORD},
                               headers={**copied, **SITE})
    assert [r.status_code for r in (export, organizers, roster, delete)] == [401] * 4
    assert export.json() == {"error": "Please log in to download your data."}
    assert delete.json() == {"error": "Please log in to delete your account."}
    assert await User.exists(email=ANN["email"])
    # Documented: the endpoints that do not check the session take the token until it expires.
    me = await client.get("/api/auth/me", headers=copied)
    assert (me.status_code, me.json()["email"]) == (200, ANN["email"])
    # Per session, not per account: her other sign-in is untouched.
    assert (await client.get("/api/me/export", headers=other_device)).status_code == 200


async def test_a_token_without_a_session_is_refused_on_the_sensitive_endpoints(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    user = await User.create(name="Ann", email=ANN["email"], is_verified=True, role="admin")
    sessionless = {"x-auth-token": issue_access_token(settings, user.id)}

    assert (await client.get("/api/me/export", headers=sessionless)).status_code == 401
    assert (await client.get("/api/admin/organizers", headers=sessionless)).status_code == 401
    assert (await client.get("/api/auth/me", headers=sessionless)).status_code == 200
