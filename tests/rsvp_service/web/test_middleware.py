"""The middleware, one job each: no-store on personal data, headers on every answer, body limit."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import httpx
import pytest
from service_testkit import GUEST_SLOT, rsvp, signed_in
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.types import Message, Receive, Scope, Send

from rsvp_service.process.metrics import MetricsMiddleware
from rsvp_service.settings import Settings
from rsvp_service.web.language import LanguageMiddleware
from rsvp_service.web.middleware import (
    BodyDeadlineMiddleware,
    BodySizeLimitMiddleware,
    SecurityHeadersMiddleware,
)

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def test_answers_with_personal_data_are_never_cached(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await signed_in(settings)
    answers = {
        "created": await client.post("/api/rsvp", json=rsvp()),
        "check": await client.get(
            "/api/rsvp/check", params={"eventId": GUEST_SLOT, "email": "ann@example.org"}
        ),
        "mine": await client.get("/api/me/rsvps", headers=headers),
        "me": await client.get("/api/auth/me", headers=headers),
        "register": await client.post(
            "/api/auth/register",
            json={"name": "Bo Diaz", "email": "bo@example.org", "password": "a long passphrase"},
        ),
        "error": await client.get("/api/rsvp/check"),
    }

    assert {name: r.headers.get("cache-control") for name, r in answers.items()} == {
        name: "no-store" for name in answers
    }
    assert answers["mine"].status_code == 200


async def test_site_pages_keep_their_own_caching(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>Home</h1>", encoding="utf-8")
    async with make_client(make_settings(static_dir=site)) as client:
        home = await client.get("/")

    assert home.status_code == 200
    assert home.headers.get("cache-control") != "no-store"
    assert home.headers["x-content-type-options"] == "nosniff"


async def test_cors_headers_reach_even_a_refused_body(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    async with make_client(make_settings(cors_origins="https://civicstl.org")) as client:
        response = await client.post(
            "/api/rsvp",
            content=b"x" * (65 * 1024),
            headers={"content-type": "application/json", "origin": "https://civicstl.org"},
        )

    assert response.status_code == 413
    assert response.headers["access-control-allow-origin"] == "https://civicstl.org"
    assert response.headers["cache-control"] == "no-store"


async def test_an_answer_before_the_whole_body_was_read_closes_the_connection(
    client: httpx.AsyncClient,
) -> None:
    refused = await client.post("/api/rsvp", content=b"x" * (65 * 1024),
                                headers={"content-type": "application/json"})
    read = await client.post("/api/rsvp", json=rsvp())

    # Left open, the server would go on reading the rest of the body at the client's pace.
    assert refused.status_code == 413
    assert refused.headers["connection"] == "close"
    assert read.status_code == 201
    assert "connection" not in read.headers


# Timing: the client outlasts the body deadline, a timer on the same event loop; the loop fires
# the two in order of their times, so a slow machine delays both and cannot change the outcome.
@pytest.mark.timing
async def test_the_body_deadline_ends_when_the_answer_starts() -> None:
    received: list[Message] = []

    async def file_like_app(scope: Scope, receive: Receive, send: Send) -> None:
        # Like FileResponse: it answers, then reads only to notice the client leaving.
        await send({"type": "http.response.start", "status": 200, "headers": []})
        received.append(await receive())
        await send({"type": "http.response.body", "body": b"ok"})

    async def slow_client() -> Message:
        await asyncio.sleep(0.3)
        return {"type": "http.disconnect"}

    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/big.js",
             "headers": [(b"content-length", b"5")]}
    await BodyDeadlineMiddleware(file_like_app, timeout=0.1)(scope, slow_client, send)

    assert received == [{"type": "http.disconnect"}]
    assert (b"connection", b"close") in sent[0]["headers"]
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]


def test_each_middleware_is_its_own_layer(app: Starlette) -> None:
    classes = [m.cls for m in app.user_middleware]
    assert classes[:6] == [MetricsMiddleware, LanguageMiddleware, SecurityHeadersMiddleware,
                           CORSMiddleware, BodyDeadlineMiddleware, BodySizeLimitMiddleware]


def test_a_sqlite_only_module_runs_db_url_on_sqlite_alone(db_url: str) -> None:
    """This module's sqlite_only marker leaves db_url one parameter (conftest.py)."""
    assert db_url.startswith("sqlite://")
