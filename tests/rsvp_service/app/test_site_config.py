"""GET /api/config tells the site whether to offer Google sign-in, and nothing more."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest

from rsvp_service.settings import Settings

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]


@pytest.mark.parametrize(
    ("client_id", "secret", "google"),
    [(None, None, False), ("civicstl-client", None, False), (None, "a-secret", False),
     ("civicstl-client", "a-secret", True)],
)
async def test_config_says_whether_google_sign_in_is_configured(
    make_settings: Callable[..., Settings], make_client: MakeClient,
    client_id: str | None, secret: str | None, google: bool,
) -> None:
    settings = make_settings(google_client_id=client_id, google_client_secret=secret)
    async with make_client(settings) as client:
        response = await client.get("/api/config")
    assert response.status_code == 200
    assert response.json() == {"google": google}
    # Public, but an API answer: never a secret, never cached by a proxy.
    assert "a-secret" not in response.text and "civicstl-client" not in response.text
    assert response.headers["cache-control"] == "no-store"


async def test_config_is_read_only(client: httpx.AsyncClient) -> None:
    # Only GET is routed: anything else falls through to the API's JSON 404, changing nothing.
    response = await client.post("/api/config", json={"google": True})
    assert response.status_code == 404
    assert response.json()["error"].endswith(".")
    assert (await client.get("/api/config")).json() == {"google": False}
