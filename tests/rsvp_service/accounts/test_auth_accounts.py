"""Register, login and me: success paths, the spec's error shapes and no user enumeration."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from service_testkit import PASSWORD, registration

from rsvp_service.accounts.models import EmailToken, User
from rsvp_service.accounts.passwords import DUMMY_HASH, needs_rehash
from rsvp_service.mail.models import OutboxMessage

NAME_CONTROL = "Your name must not contain control characters or line breaks."
NON_ASCII_EMAIL = (
    "We cannot send email to addresses with accented or non-Latin letters before the @ yet. "
    "Please use another address."
)
BLANK_PASSWORD = "Your password must contain more than spaces. Please choose a different one."
EMAIL_PASSWORD = "Your password must not be your email address. Please choose a different one."


async def test_register_signs_in_and_stores_everything_in_one_go(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/register", json=registration("  Ann@Example.ORG "))

    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"accessToken", "user"}
    assert body["user"] == {
        "id": body["user"]["id"],
        "name": "Ann Lee",
        "email": "ann@example.org",
        "role": "volunteer",
        "phone": None,
        "isVerified": False,
    }
    assert response.headers["cache-control"] == "no-store"
    cookie = response.headers["set-cookie"]
    assert "civicstl_refresh=" in cookie
    assert "HttpOnly" in cookie and "Path=/api/auth" in cookie and "SameSite=lax" in cookie
    assert "Secure" not in cookie  # SITE_URL is http in the tests
    user = await User.get(email="ann@example.org")
    assert user.password_hash is not None and user.password_hash.startswith("$argon2id$")
    assert PASSWORD not in user.password_hash
    assert not needs_rehash(user.password_hash)
    assert await EmailToken.filter(user_id=user.id).count() == 1
    assert await OutboxMessage.filter(recipient="ann@example.org").count() == 1


async def test_me_returns_the_signed_in_user(client: httpx.AsyncClient) -> None:
    token = (await client.post("/api/auth/register", json=registration())).json()["accessToken"]

    response = await client.get("/api/auth/me", headers={"x-auth-token": token})

    assert response.status_code == 200
    assert response.json()["email"] == "ann@example.org"
    assert set(response.json()) == {"id", "name", "email", "role", "phone", "isVerified"}


@pytest.mark.parametrize("headers", [{}, {"x-auth-token": "not-a-jwt"}])
async def test_me_without_a_valid_token_is_401(
    client: httpx.AsyncClient, headers: dict[str, str]
) -> None:
    response = await client.get("/api/auth/me", headers=headers)

    assert response.status_code == 401
    assert response.json() == {"error": "Your session has expired. Please sign in again."}


async def test_login_returns_token_and_user(client: httpx.AsyncClient) -> None:
    await client.post("/api/auth/register", json=registration())
    client.cookies.clear()

    response = await client.post(
        "/api/auth/login", json={"email": "ANN@example.org", "password": PASSWORD}
    )

    assert response.status_code == 200
    assert response.json()["user"]["email"] == "ann@example.org"
    assert "civicstl_refresh=" in response.headers["set-cookie"]
    me = await client.get("/api/auth/me", headers={"x-auth-token": response.json()["accessToken"]})
    assert me.status_code == 200


async def test_unknown_email_and_wrong_password_get_the_same_answer(
    client: httpx.AsyncClient,
) -> None:
    await client.post("/api/auth/register", json=registration())

    wrong = await client.post(
        "/api/auth/login", json={"email": "ann@example.org", "password": "wrong password!"}
    )
    unknown = await client.post(
        "/api/auth/login", json={"email": "nobody@example.org", "password": "wrong password!"}
    )

    assert wrong.status_code == unknown.status_code == 401
    assert wrong.content == unknown.content
    assert wrong.json() == {"errors": [{"msg": "Invalid email or password."}]}
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


async def test_google_only_account_cannot_log_in_with_a_password(
    client: httpx.AsyncClient,
) -> None:
    await User.create(name="G", email="g@example.org", google_iss="https://x", google_sub="1")

    response = await client.post(
        "/api/auth/login", json={"email": "g@example.org", "password": DUMMY_HASH}
    )

    assert response.status_code == 401
    assert response.json() == {"errors": [{"msg": "Invalid email or password."}]}


async def test_register_with_an_existing_email_is_409(client: httpx.AsyncClient) -> None:
    await client.post("/api/auth/register", json=registration())

    response = await client.post("/api/auth/register", json=registration("ANN@example.org"))

    assert response.status_code == 409
    assert response.json() == {
        "errors": [{"msg": "An account with this email already exists. Please sign in."}]
    }
    assert await User.all().count() == 1


async def test_a_64_character_password_works_untruncated(client: httpx.AsyncClient) -> None:
    password = "p" * 63 + "1"
    await client.post("/api/auth/register", json=registration(password=password))

    good = await client.post(
        "/api/auth/login", json={"email": "ann@example.org", "password": password}
    )
    cut = await client.post(
        "/api/auth/login", json={"email": "ann@example.org", "password": password[:-1] + "2"}
    )

    assert good.status_code == 200
    assert cut.status_code == 401


@pytest.mark.parametrize(
    ("overrides", "status", "message"),
    [
        ({"password": "short1"}, 422, "Password must be at least 8 characters long."),
        (
            {"password": "Password123"},
            422,
            "This password is too common and easy to guess. Please choose a different one.",
        ),
        ({"email": "not-an-email"}, 422, "Please enter a valid email address."),
        ({"name": "   "}, 422, "Please enter your name."),
        ({"name": "Ann\x00"}, 422, NAME_CONTROL),
        ({"name": "Ann\u2028Lee"}, 422, NAME_CONTROL),
        ({"name": "Ann\u202eLee"}, 422, NAME_CONTROL),
        ({"name": "Ann\tLee"}, 422, NAME_CONTROL),
        ({"email": "jörg@example.org"}, 422, NON_ASCII_EMAIL),
        ({"password": "          "}, 422, BLANK_PASSWORD),
        ({"password": "Ann@Example.org"}, 422, EMAIL_PASSWORD),
        ({"role": "admin"}, 422, "New accounts can only have the volunteer role."),
        ({"password": None}, 422, "The field 'password' must be a string."),
    ],
)
async def test_register_refuses_bad_input_and_stores_nothing(
    client: httpx.AsyncClient, overrides: dict[str, Any], status: int, message: str
) -> None:
    response = await client.post("/api/auth/register", json=registration(**overrides))

    assert response.status_code == status
    assert response.json() == {"errors": [{"msg": message}]}
    assert await User.all().count() == 0
    assert await OutboxMessage.all().count() == 0


async def test_register_missing_field_names_it(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/register", json={"name": "Ann", "email": "a@b.org"})

    assert response.status_code == 422
    assert response.json() == {"errors": [{"msg": "The field 'password' is required."}]}


async def test_login_malformed_json_is_400(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/auth/login", content=b"{not json", headers={"content-type": "application/json"}
    )

    assert response.status_code == 400
    assert response.json() == {"errors": [{"msg": "The request body is not valid JSON."}]}


async def test_login_missing_password_is_422(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/login", json={"email": "ann@example.org"})

    assert response.status_code == 422
    assert response.json() == {"errors": [{"msg": "The field 'password' is required."}]}
