"""Bad input, error shapes, security headers and CORS."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from service_testkit import rsvp
from starlette.applications import Starlette

from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import issue_access_token
from rsvp_service.rsvps import routes as rsvp_routes
from rsvp_service.rsvps.cancel import NO_SUCH_RSVP
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def test_malformed_json_gets_400(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/rsvp", content=b'{"email": ', headers={"content-type": "application/json"}
    )

    assert response.status_code == 400
    assert response.json() == {"error": "The request body is not valid JSON."}


async def test_non_object_json_gets_422(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/rsvp", json=["not", "an", "object"])

    assert response.status_code == 422
    assert response.json() == {"error": "The request body must be a JSON object."}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"email": None}, "The field 'email' must be a string."),
        ({"email": 42}, "The field 'email' must be a string."),
        ({"firstName": ""}, "The field 'firstName' must not be empty."),
        ({"firstName": ["Ann"]}, "The field 'firstName' must be a string."),
        ({"phone": 3145550100}, "The field 'phone' must be a string."),
        ({"eventId": 7}, "The field 'eventId' must be a string."),
        ({"lastName": "x" * 101}, "The field 'lastName' must be at most 100 characters long."),
    ],
)
async def test_wrong_types_get_422_naming_the_field(
    client: httpx.AsyncClient, change: dict, message: str
) -> None:
    response = await client.post("/api/rsvp", json=rsvp() | change)

    assert response.status_code == 422
    assert response.json() == {"error": message}
    assert await Rsvp.all().count() == 0


async def test_missing_field_and_bad_email_get_422(client: httpx.AsyncClient) -> None:
    payload = rsvp()
    del payload["firstName"]
    missing = await client.post("/api/rsvp", json=payload)
    bad_email = await client.post("/api/rsvp", json=rsvp(email="ann at example"))

    assert missing.status_code == 422
    assert missing.json() == {"error": "The field 'firstName' is required."}
    assert bad_email.status_code == 422
    assert bad_email.json() == {
        "error": "The field 'email' is invalid: it must be a valid email address."
    }


async def test_body_over_64_kb_gets_413(client: httpx.AsyncClient) -> None:
    big = rsvp(lastName="x" * (65 * 1024))
    declared = await client.post("/api/rsvp", json=big)

    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(70):
            yield b" " * 1024

    streamed = await client.post(
        "/api/rsvp", content=chunks(), headers={"content-type": "application/json"}
    )

    for response in (declared, streamed):
        assert response.status_code == 413
        assert response.json() == {"error": "The request body is larger than 64 KB."}
    assert await Rsvp.all().count() == 0


async def test_unknown_api_paths_get_json_404(client: httpx.AsyncClient) -> None:
    for path in ("/api", "/api/nope", "/api/rsvp/nope/deeper"):
        response = await client.get(path)
        assert response.status_code == 404
        assert response.json() == {"error": "There is no such API endpoint."}
    wrong_method = await client.delete("/api/me/rsvps")
    assert wrong_method.status_code in {404, 405}
    assert "error" in wrong_method.json()


async def test_unexpected_errors_are_a_json_sentence_without_trace(
    app: Starlette, client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(slot_ids: list[str]) -> int:
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr(rsvp_routes, "tally", broken)

    response = await client.get("/api/rsvp")

    assert response.status_code == 500
    assert response.json() == {"error": "Something went wrong on our side. Please try again."}
    assert "secret" not in response.text
    assert response.headers["x-content-type-options"] == "nosniff"


async def test_security_headers_on_api_responses(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/rsvp")

    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert "strict-transport-security" not in response.headers


async def test_hsts_under_https(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    async with make_client(make_settings(site_url="https://civicstl.org")) as client:
        response = await client.get("/api/rsvp")

    assert response.headers["strict-transport-security"].startswith("max-age=")


async def test_cors_allows_only_listed_origins_with_credentials(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    settings = make_settings(cors_origins="https://civicstl.org, https://preview.civicstl.org/")
    async with make_client(settings) as client:
        preflight = await client.options(
            "/api/rsvp",
            headers={
                "origin": "https://preview.civicstl.org",
                "access-control-request-method": "POST",
                "access-control-request-headers": "content-type, x-auth-token",
            },
        )
        allowed = await client.get("/api/rsvp", headers={"origin": "https://civicstl.org"})
        denied = await client.get("/api/rsvp", headers={"origin": "https://evil.example"})

    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "https://preview.civicstl.org"
    assert preflight.headers["access-control-allow-credentials"] == "true"
    assert "x-auth-token" in preflight.headers["access-control-allow-headers"].lower()
    assert allowed.headers["access-control-allow-origin"] == "https://civicstl.org"
    assert "access-control-allow-origin" not in denied.headers


async def test_rsvp_rate_limit_answers_429_with_retry_after(client: httpx.AsyncClient) -> None:
    statuses = [(await client.post("/api/rsvp", json=rsvp())).status_code for _ in range(11)]

    assert statuses[:2] == [201, 409]
    assert statuses[-1] == 429
    limited = await client.post("/api/rsvp", json=rsvp())
    assert int(limited.headers["retry-after"]) > 0
    assert limited.json() == {
        "error": "Too many attempts. Please wait a few minutes and try again."
    }


@pytest.mark.parametrize(
    ("rsvp_id", "message"),
    [
        ("9223372036854775808", "There is no such API endpoint."),  # past BIGINT: no route
        ("99999999999999999999", "There is no such API endpoint."),
        ("1" * 5000, "There is no such API endpoint."),  # past what Python parses
        ("9223372036854775807", NO_SUCH_RSVP),  # the largest id: looked up, not there
    ],
)
async def test_ids_outside_the_database_range_are_404(
    client: httpx.AsyncClient, settings: Settings, rsvp_id: str, message: str
) -> None:
    user = await User.create(name="Ann Park", email="ann@example.org", is_verified=True)
    headers = {"x-auth-token": issue_access_token(settings, user.id)}

    cancel = await client.post(f"/api/me/rsvps/{rsvp_id}/cancel", headers=headers)
    calendar = await client.get(f"/api/me/rsvps/{rsvp_id}/calendar.ics", headers=headers)

    assert (cancel.status_code, cancel.json()) == (404, {"error": message})
    assert (calendar.status_code, calendar.json()) == (404, {"error": message})
