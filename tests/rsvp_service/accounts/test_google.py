"""Google sign-in against a real OpenID Connect provider that the test runs on loopback.

The provider checks what a real one would: the client's secret, the redirect URI and the PKCE
verifier (S256); it signs an RS256 id_token carrying the nonce from the authorization request.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import jwt
import pytest
import uvicorn
from cryptography.hazmat.primitives.asymmetric import rsa
from jwt.algorithms import RSAAlgorithm
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from rsvp_service.accounts.models import RefreshToken, User
from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.settings import Settings

CLIENT_ID = "civicstl-test-client"
CLIENT_SECRET = "test-client-secret"
SITE = "http://127.0.0.1:8000"
OAUTH_ERROR = f"{SITE}/login?error=oauth_error"
MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]


@dataclass
class Provider:
    """A minimal OpenID provider: auto-approves and signs in whoever `claims` describes."""

    issuer: str
    key: rsa.RSAPrivateKey
    claims: dict[str, Any] = field(default_factory=dict)
    codes: dict[str, dict[str, str]] = field(default_factory=dict)
    authorize_requests: list[dict[str, str]] = field(default_factory=list)

    def app(self) -> Starlette:
        """The provider's HTTP endpoints."""
        return Starlette(
            routes=[
                Route("/.well-known/openid-configuration", self.metadata),
                Route("/authorize", self.authorize),
                Route("/token", self.token, methods=["POST"]),
                Route("/jwks", self.jwks),
            ]
        )

    async def metadata(self, request: Request) -> Response:
        """The discovery document."""
        return JSONResponse(
            {
                "issuer": self.issuer,
                "authorization_endpoint": f"{self.issuer}/authorize",
                "token_endpoint": f"{self.issuer}/token",
                "jwks_uri": f"{self.issuer}/jwks",
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256"],
                "code_challenge_methods_supported": ["S256"],
            }
        )

    async def authorize(self, request: Request) -> Response:
        """Approve at once and send the browser back with a code and the state."""
        params = dict(request.query_params)
        self.authorize_requests.append(params)
        if params.get("client_id") != CLIENT_ID or params.get("response_type") != "code":
            return JSONResponse({"error": "invalid_request"}, status_code=400)
        code = secrets.token_urlsafe(16)
        self.codes[code] = params
        query = urlencode({"code": code, "state": params["state"]})
        return RedirectResponse(f"{params['redirect_uri']}?{query}", status_code=302)

    async def token(self, request: Request) -> Response:
        """Trade a code for tokens, checking client secret, redirect URI and PKCE."""
        # Parsed by hand: Starlette's form parser needs python-multipart, which the service
        # itself does not use.
        form = {key: values[0] for key, values in parse_qs((await request.body()).decode()).items()}
        basic = base64.b64encode(f"{CLIENT_ID}:{CLIENT_SECRET}".encode()).decode()
        if request.headers.get("authorization") != f"Basic {basic}":
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        grant = self.codes.pop(str(form.get("code")), None)
        verifier = str(form.get("code_verifier") or "")
        challenge = (
            base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest())
            .rstrip(b"=")
            .decode()
        )
        if (
            grant is None
            or form.get("redirect_uri") != grant["redirect_uri"]
            or grant.get("code_challenge_method") != "S256"
            or challenge != grant.get("code_challenge")
        ):
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        now = int(time.time())
        id_token = jwt.encode(
            {
                "iss": self.issuer,
                "aud": CLIENT_ID,
                "iat": now,
                "exp": now + 300,
                "nonce": grant["nonce"],
                **self.claims,
            },
            self.key,
            algorithm="RS256",
            headers={"kid": "test-key"},
        )
        return JSONResponse(
            {
                "access_token": secrets.token_urlsafe(16),
                "token_type": "Bearer",
                "expires_in": 300,
                "scope": "openid email profile",
                "id_token": id_token,
            }
        )

    async def jwks(self, request: Request) -> Response:
        """The provider's public key."""
        jwk = RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        return JSONResponse({"keys": [{**jwk, "kid": "test-key", "alg": "RS256", "use": "sig"}]})


@pytest.fixture(scope="session")
def provider_key() -> rsa.RSAPrivateKey:
    """The provider's signing key (generated once: RSA generation is slow)."""
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@pytest.fixture
async def provider(provider_key: rsa.RSAPrivateKey) -> AsyncIterator[Provider]:
    """Run the provider with uvicorn on a free loopback port."""
    config = uvicorn.Config(
        Starlette(), host="127.0.0.1", port=0, lifespan="off", ws="none", log_level="warning"
    )
    server = uvicorn.Server(config)
    # Bind first, so the issuer URL knows the port before the app exists.
    sockets = [config.bind_socket()]
    port = sockets[0].getsockname()[1]
    state = Provider(issuer=f"http://127.0.0.1:{port}", key=provider_key)
    config.app = state.app()
    task = asyncio.create_task(server.serve(sockets=sockets))
    for _ in range(500):  # at most 5 s
        if server.started:
            break
        await asyncio.sleep(0.01)
    assert server.started
    yield state
    server.should_exit = True
    await task


@pytest.fixture
async def google_client(
    make_settings: Callable[..., Settings], make_client: MakeClient, provider: Provider
) -> AsyncIterator[httpx.AsyncClient]:
    """The service configured to use the loopback provider as 'Google'."""
    settings = make_settings(
        google_client_id=CLIENT_ID,
        google_client_secret=CLIENT_SECRET,
        google_metadata_url=f"{provider.issuer}/.well-known/openid-configuration",
    )
    async with make_client(settings) as client:
        yield client


async def sign_in(client: httpx.AsyncClient, *, tamper_state: bool = False) -> httpx.Response:
    """Drive the browser's redirects by hand; return the service's final redirect."""
    start = await client.get("/api/auth/google")
    assert start.status_code == 302, start.text
    async with httpx.AsyncClient() as browser:
        approved = await browser.get(start.headers["location"])
    assert approved.status_code == 302, approved.text
    callback = approved.headers["location"]
    if tamper_state:
        callback = callback.replace("state=", "state=x")
    return await client.get(callback)


def access_token(response: httpx.Response) -> str:
    """The token the service hands the site in its /auth/callback redirect."""
    location = response.headers["location"]
    assert location.startswith(f"{SITE}/auth/callback?token="), location
    return parse_qs(urlsplit(location).query)["token"][0]


def google_claims(email: str, *, verified: bool = True, sub: str = "1234567890") -> dict[str, Any]:
    """ID-token claims as Google sends them."""
    return {"sub": sub, "email": email, "email_verified": verified, "name": "Gail Google"}


async def test_new_google_user_is_created_and_signed_in(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    provider.claims = google_claims("Gail@Example.org")

    response = await sign_in(google_client)

    assert response.status_code == 302
    token = access_token(response)
    assert REFRESH_COOKIE in response.headers["set-cookie"]
    me = await google_client.get("/api/auth/me", headers={"x-auth-token": token})
    assert me.status_code == 200
    assert me.json()["email"] == "gail@example.org"
    assert me.json()["isVerified"] is True
    user = await User.get(email="gail@example.org")
    assert (user.google_iss, user.google_sub) == (provider.issuer, "1234567890")
    assert user.password_hash is None
    [request] = provider.authorize_requests
    assert request["code_challenge_method"] == "S256" and request["nonce"] and request["state"]
    assert "openid" in request["scope"].split()


async def test_returning_user_is_found_by_issuer_and_subject(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    provider.claims = google_claims("gail@example.org")
    await sign_in(google_client)
    # The Google account's address changed: (iss, sub) still finds the same person.
    provider.claims = google_claims("gail.new@example.org")

    response = await sign_in(google_client)

    access_token(response)
    assert await User.all().count() == 1


async def test_existing_account_is_linked_when_google_verified_the_email(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    registered = await google_client.post(
        "/api/auth/register",
        json={"name": "Gail", "email": "gail@example.org", "password": "correct horse battery"},
    )
    assert registered.status_code == 201
    pre_hijack_cookie = registered.cookies[REFRESH_COOKIE]
    google_client.cookies.clear()
    provider.claims = google_claims("gail@example.org")

    response = await sign_in(google_client)

    access_token(response)
    user = await User.get(email="gail@example.org")
    assert user.google_sub == "1234567890" and user.is_verified
    # The password was set by someone who never proved they own the address: it is dropped,
    # and so are the sessions it opened.
    assert user.password_hash is None
    stale = await RefreshToken.get(user_id=user.id, revoked=True)
    assert stale is not None
    google_client.cookies.clear()
    refresh = await google_client.post(
        "/api/auth/refresh", headers={"cookie": f"{REFRESH_COOKIE}={pre_hijack_cookie}"}
    )
    assert refresh.status_code == 401


async def test_verified_account_keeps_its_password_when_linked(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    await google_client.post(
        "/api/auth/register",
        json={"name": "Gail", "email": "gail@example.org", "password": "correct horse battery"},
    )
    await User.filter(email="gail@example.org").update(is_verified=True)
    google_client.cookies.clear()
    provider.claims = google_claims("gail@example.org")

    access_token(await sign_in(google_client))

    login = await google_client.post(
        "/api/auth/login", json={"email": "gail@example.org", "password": "correct horse battery"}
    )
    assert login.status_code == 200


async def test_unverified_google_email_is_not_linked(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    await google_client.post(
        "/api/auth/register",
        json={"name": "Gail", "email": "gail@example.org", "password": "correct horse battery"},
    )
    google_client.cookies.clear()
    provider.claims = google_claims("gail@example.org", verified=False)

    response = await sign_in(google_client)

    assert response.status_code == 302
    assert response.headers["location"] == OAUTH_ERROR
    user = await User.get(email="gail@example.org")
    assert user.google_sub is None and user.password_hash is not None


async def test_state_mismatch_is_an_oauth_error(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    provider.claims = google_claims("gail@example.org")

    response = await sign_in(google_client, tamper_state=True)

    assert response.status_code == 302
    assert response.headers["location"] == OAUTH_ERROR
    assert await User.all().count() == 0


async def test_callback_without_a_session_is_an_oauth_error(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    provider.claims = google_claims("gail@example.org")
    start = await google_client.get("/api/auth/google")
    async with httpx.AsyncClient() as browser:
        approved = await browser.get(start.headers["location"])
    # Another browser (no session cookie) presents the code: login CSRF must fail.
    google_client.cookies.clear()

    response = await google_client.get(approved.headers["location"])

    assert response.headers["location"] == OAUTH_ERROR


async def test_provider_error_is_an_oauth_error(google_client: httpx.AsyncClient) -> None:
    response = await google_client.get(
        "/api/auth/google/callback", params={"error": "access_denied", "state": "x"}
    )

    assert response.status_code == 302
    assert response.headers["location"] == OAUTH_ERROR


async def test_unconfigured_google_redirects_to_the_error_and_says_so_at_startup(
    settings: Settings, make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("INFO", logger="rsvp_service.accounts"):
        async with make_client(settings) as client:
            start = await client.get("/api/auth/google")
            callback = await client.get("/api/auth/google/callback", params={"code": "x"})

    assert start.status_code == callback.status_code == 302
    assert start.headers["location"] == callback.headers["location"] == OAUTH_ERROR
    assert "Google sign-in is off" in caplog.text


async def test_the_token_handed_to_the_site_lives_at_most_60_seconds(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    provider.claims = google_claims("gail@example.org")

    token = access_token(await sign_in(google_client))

    claims = jwt.decode(token, options={"verify_signature": False})
    assert 0 < claims["exp"] - claims["iat"] <= 60


async def test_redirect_uri_comes_from_site_url_not_the_host_header(
    google_client: httpx.AsyncClient, provider: Provider
) -> None:
    start = await google_client.get("/api/auth/google", headers={"Host": "evil.example"})

    assert start.status_code == 302
    query = parse_qs(urlsplit(start.headers["location"]).query)
    assert query["redirect_uri"] == [f"{SITE}/api/auth/google/callback"]
