"""Access tokens refuse every tampering, and password hashing meets the OWASP minimum."""

from __future__ import annotations

import warnings
from datetime import UTC, datetime, timedelta
from typing import Any

import jwt
import jwt.warnings
import pytest
from argon2 import extract_parameters
from service_testkit import TEST_SECRET_KEY

from rsvp_service.accounts import passwords
from rsvp_service.accounts.routes import routes
from rsvp_service.accounts.tokens import (
    ACCESS_TOKEN_LIFETIME,
    AUDIENCE,
    issue_access_token,
    user_id_from_access_token,
)
from rsvp_service.app.openapi import build_document
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, derived_key

SETTINGS = Settings(
    _env_file=None,  # type: ignore[call-arg]
    environment="test",
    secret_key=TEST_SECRET_KEY,
    site_url="https://civicstl.org",
)


def forge(**changes: Any) -> str:
    """Sign a token like issue_access_token does, with some claims or settings changed."""
    now = datetime.now(UTC)
    claims = {
        "iss": "https://civicstl.org",
        "aud": AUDIENCE,
        "sub": "7",
        "iat": now,
        "nbf": now,
        "exp": now + timedelta(minutes=5),
        "jti": "abc",
    }
    claims.update(changes.pop("claims", {}))
    for claim in changes.pop("drop", ()):
        del claims[claim]
    key = changes.pop("key", derived_key(SETTINGS, KeyUse.ACCESS_TOKEN))
    algorithm = changes.pop("algorithm", "HS256")
    headers = changes.pop("headers", {"typ": "at+jwt"})
    with warnings.catch_warnings():
        # HS512 with the real 32-byte key is exactly the forgery under test.
        warnings.simplefilter("ignore", jwt.warnings.InsecureKeyLengthWarning)
        return jwt.encode(claims, key, algorithm=algorithm, headers=headers)


def test_a_fresh_token_names_its_user_and_lasts_at_most_15_minutes() -> None:
    token = issue_access_token(SETTINGS, 7)

    assert user_id_from_access_token(SETTINGS, token) == 7
    claims = jwt.decode(token, options={"verify_signature": False})
    assert claims["exp"] - claims["iat"] <= ACCESS_TOKEN_LIFETIME.total_seconds() <= 900
    assert jwt.get_unverified_header(token) == {"alg": "HS256", "typ": "at+jwt"}
    assert forge() and user_id_from_access_token(SETTINGS, forge()) == 7


@pytest.mark.parametrize(
    "changes",
    [
        {"algorithm": "HS512"},
        {"key": "another-secret-that-is-long-enough-for-hs256!!"},
        {"claims": {"aud": "someone-else"}},
        {"claims": {"iss": "https://evil.example"}},
        {"claims": {"exp": datetime.now(UTC) - timedelta(seconds=1)}},
        # A day ahead: the parameters are made at collection, maybe minutes before the test runs.
        {"claims": {"nbf": datetime.now(UTC) + timedelta(days=1)}},
        {"claims": {"sub": "not-a-number"}},
        {"headers": {"typ": "JWT"}},
        {"headers": {}},
    ],
    ids=["alg", "key", "aud", "iss", "expired", "not-yet", "sub", "typ", "no-typ"],
)
def test_tampered_tokens_are_refused(changes: dict[str, Any]) -> None:
    assert user_id_from_access_token(SETTINGS, forge(**changes)) is None


def test_unsigned_and_garbage_tokens_are_refused() -> None:
    unsigned = jwt.encode(
        {"sub": "7", "aud": AUDIENCE, "iss": "https://civicstl.org"},
        None,
        algorithm="none",
        headers={"typ": "at+jwt"},
    )

    assert user_id_from_access_token(SETTINGS, unsigned) is None
    assert user_id_from_access_token(SETTINGS, "garbage") is None
    assert user_id_from_access_token(SETTINGS, "") is None


@pytest.mark.parametrize("claim", ["exp", "iat", "nbf", "iss", "aud", "sub", "jti"])
def test_a_token_missing_a_required_claim_is_refused(claim: str) -> None:
    assert user_id_from_access_token(SETTINGS, forge(drop=[claim])) is None


def test_argon2id_parameters_meet_the_owasp_minimum() -> None:
    parameters = extract_parameters(passwords.DUMMY_HASH)

    assert parameters.type.name == "ID"
    assert parameters.memory_cost >= 19 * 1024
    assert parameters.time_cost >= 2
    assert not passwords.needs_rehash(passwords.DUMMY_HASH)


async def test_hashing_round_trip_and_dummy_hash_never_matches() -> None:
    long_password = "Ünïcode and spaces " * 4  # 76 characters, kept whole

    hashed = await passwords.hash_password(long_password)

    assert await passwords.verify_password(hashed, long_password)
    assert not await passwords.verify_password(hashed, long_password[:-1])
    assert not await passwords.verify_password(None, long_password)
    assert not await passwords.verify_password("not a hash", long_password)


@pytest.mark.parametrize(
    ("password", "problem"),
    [
        ("short", "Password must be at least 8 characters long."),
        ("x" * 257, "Password must be at most 256 characters long."),
        (
            "QWERTY123",
            "This password is too common and easy to guess. Please choose a different one.",
        ),
        (
            "iloveyou",
            "This password is too common and easy to guess. Please choose a different one.",
        ),
        ("a" * 64, None),
        ("purple-otter-harbor", None),
    ],
)
def test_password_rules(password: str, problem: str | None) -> None:
    assert passwords.password_problem(password) == problem


def test_the_common_password_list_is_shipped_and_substantial() -> None:
    assert len(passwords.COMMON_PASSWORDS) > 200
    assert "password" in passwords.COMMON_PASSWORDS


def test_the_document_describes_every_auth_route_and_its_credentials() -> None:
    document = build_document(routes())
    paths = document["paths"]

    assert {route.path for route in routes()} <= set(paths)  # type: ignore[attr-defined]
    assert paths["/api/auth/me"]["get"]["security"] == [{"accessToken": []}]
    assert paths["/api/auth/refresh"]["post"]["security"] == [{"refreshCookie": []}]
    assert document["components"]["securitySchemes"]["accessToken"]["name"] == "x-auth-token"
