"""Rate limits: 429 with Retry-After in each endpoint's shape, in memory and in a real Redis."""

from __future__ import annotations

import logging
import uuid
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from limits.aio.storage import MemoryStorage
from mail_testkit import Mailbox
from starlette.applications import Starlette

from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import (
    TOO_MANY_REQUESTS,
    RateLimiter,
    build_rate_limiter,
    network,
)

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

REDIS_URL = "redis://127.0.0.1:6379"
MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]
PASSWORD = "correct horse battery"


def assert_limited(response: httpx.Response, body: dict[str, object]) -> None:
    """A 429 with a positive Retry-After and the endpoint's own error body."""
    assert response.status_code == 429
    assert int(response.headers["retry-after"]) >= 1
    assert response.json() == body


@pytest.fixture
def redis_prefix() -> str:
    """A Redis key prefix no other test shares, so reruns start from zero."""
    return f"civicstl-test-{uuid.uuid4().hex}"


@pytest.fixture
async def redis_limiter(settings: Settings, redis_prefix: str) -> AsyncIterator[RateLimiter]:
    """A Redis-backed limiter with this test's own key prefix."""
    settings.redis_url = REDIS_URL
    limiter = build_rate_limiter(settings, key_prefix=redis_prefix)
    yield limiter
    await limiter.close()


@pytest.fixture(params=["memory", "redis"])
async def make_limiter(
    request: pytest.FixtureRequest, redis_prefix: str
) -> AsyncIterator[Callable[[float], RateLimiter]]:
    """Build limiters at a scale on one storage: in memory, or Redis with this test's prefix."""
    uri = "async+memory://" if request.param == "memory" else "async+" + REDIS_URL
    built: list[RateLimiter] = []

    def build(scale: float) -> RateLimiter:
        built.append(RateLimiter(uri, scale=scale, key_prefix=redis_prefix))
        return built[-1]

    yield build
    for limiter in built:
        await limiter.close()


def test_scale_multiplies_every_limit() -> None:
    base = RateLimiter("async+memory://")
    scaled = RateLimiter("async+memory://", scale=10)
    tiny = RateLimiter("async+memory://", scale=0.001)

    for name, item in base.items.items():
        assert scaled.items[name].amount == item.amount * 10
        assert tiny.items[name].amount == 1  # never zero: the check still runs
        assert scaled.items[name].get_expiry() == item.get_expiry()


async def test_a_limit_allows_its_amount_per_key_then_says_how_long_to_wait(
    make_limiter: Callable[[float], RateLimiter],
) -> None:
    limiter = make_limiter(0.1)  # rsvp-ip: 3 a minute

    allowed = [await limiter.hit("rsvp-ip", "203.0.113.1") for _ in range(3)]
    wait = await limiter.hit("rsvp-ip", "203.0.113.1")

    assert allowed == [None, None, None]
    assert wait is not None and 1 <= wait <= 60  # Retry-After: whole seconds within the window
    assert await limiter.hit("rsvp-ip", "203.0.113.2") is None  # another key has its own budget
    assert await limiter.hit("rsvp-email-ip", "203.0.113.1") is None  # and so has another limit


async def test_scale_sets_how_many_hits_a_limit_allows(
    make_limiter: Callable[[float], RateLimiter],
) -> None:
    limiter = make_limiter(2)  # account-delete: 10 per 15 minutes instead of 5

    answers = [await limiter.hit("account-delete", "user-1") for _ in range(11)]

    assert answers[:10] == [None] * 10
    assert answers[10] is not None and 1 <= answers[10] <= 15 * 60


async def test_test_never_spends(make_limiter: Callable[[float], RateLimiter]) -> None:
    limiter = make_limiter(0.1)  # login-failures: 1 per 15 minutes

    checks = [await limiter.test("login-failures", "ann|203.0.113.1") for _ in range(5)]
    spent = await limiter.hit("login-failures", "ann|203.0.113.1")
    after = await limiter.test("login-failures", "ann|203.0.113.1")

    assert checks == [None] * 5
    assert spent is None
    assert after is not None and 1 <= after <= 15 * 60


async def test_login_is_limited_per_ip(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.1: login-ip allows 2 a minute.
    async with make_client(make_settings(rate_limit_scale=0.1)) as client:
        for n in range(2):
            response = await client.post(
                "/api/auth/login", json={"email": f"u{n}@example.org", "password": PASSWORD}
            )
            assert response.status_code == 401
        limited = await client.post(
            "/api/auth/login", json={"email": "u9@example.org", "password": PASSWORD}
        )

    assert_limited(limited, {"errors": [{"msg": TOO_MANY_REQUESTS}]})


async def test_repeated_failures_lock_the_account_from_that_address_and_are_logged(
    make_settings: Callable[..., Settings],
    make_client: MakeClient,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # Scale 0.2: 2 failed logins per (account, IP) per 15 minutes, 4 attempts per IP per minute.
    async with make_client(make_settings(rate_limit_scale=0.2)) as client:
        await client.post(
            "/api/auth/register",
            json={"name": "Ann", "email": "ann@example.org", "password": PASSWORD},
        )
        wrong = {"email": "ann@example.org", "password": "not the password"}
        with caplog.at_level(logging.INFO, logger="rsvp_service.accounts"):
            first = await client.post("/api/auth/login", json=wrong)
            second = await client.post("/api/auth/login", json=wrong)
            locked = await client.post(
                "/api/auth/login", json={"email": "ann@example.org", "password": PASSWORD}
            )

    assert first.status_code == second.status_code == 401
    assert_limited(locked, {"errors": [{"msg": TOO_MANY_REQUESTS}]})
    messages = [record.getMessage() for record in caplog.records]
    assert messages.count("Login failed.") == 2
    assert any("repeated failures" in message for message in messages)
    # Neither the passwords nor the address end up in the log.
    assert not any(
        PASSWORD in message or "not the password" in message or "ann@" in message
        for message in messages
    )


async def test_register_is_limited_per_ip(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.1: one registration per IP per hour.
    async with make_client(make_settings(rate_limit_scale=0.1)) as client:
        ok = await client.post(
            "/api/auth/register",
            json={"name": "Ann", "email": "ann@example.org", "password": PASSWORD},
        )
        limited = await client.post(
            "/api/auth/register",
            json={"name": "Bob", "email": "bob@example.org", "password": PASSWORD},
        )

    assert ok.status_code == 201
    assert_limited(limited, {"errors": [{"msg": TOO_MANY_REQUESTS}]})


async def test_resend_is_limited_per_email_in_its_msg_shape(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.3: resend-email-ip allows 1 per 15 minutes, resend-ip 3 an hour.
    async with make_client(make_settings(rate_limit_scale=0.3)) as client:
        ok = await client.post("/api/auth/resend-verification", json={"email": "a@example.org"})
        limited = await client.post(
            "/api/auth/resend-verification", json={"email": "A@example.org"}
        )
        other = await client.post("/api/auth/resend-verification", json={"email": "b@example.org"})

    assert ok.status_code == other.status_code == 200
    assert_limited(limited, {"msg": TOO_MANY_REQUESTS})


def client_at(app: Starlette, ip: str) -> httpx.AsyncClient:
    """An in-process client whose requests come from `ip`."""
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False, client=(ip, 40000))
    return httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000")


@pytest.mark.parametrize(("path", "subject"), [
    ("/api/auth/forgot-password", "Reset your CivicSTL password"),
    ("/api/auth/resend-verification", "Please verify your email for CivicSTL"),
])
async def test_requests_for_an_address_from_elsewhere_never_block_its_owner(
    app: Starlette, mailbox: Mailbox, path: str, subject: str
) -> None:
    attacker, owner = client_at(app, "203.0.113.9"), client_at(app, "198.51.100.4")
    ann = {"email": "ann@example.org"}
    async with attacker, owner:
        await owner.post("/api/auth/register", json={**ann, "name": "Ann Lee",
                                                     "password": PASSWORD})
        await mailbox.wait_for(1)  # the verification email of the registration
        hammering = [(await attacker.post(path, json=ann)).status_code for _ in range(4)]
        await mailbox.wait_for(4)
        owners = await owner.post(path, json=ann)
        # The owner's own mail arrives (wait_for fails if it never does).
        fifth = (await mailbox.wait_for(5))[4]
        attacker_again = await attacker.post(path, json=ann)
        # Per IP: 10 an hour, 5 of them spent above.
        elsewhere = [(await attacker.post(path, json={"email": f"x{n}@example.org"})).status_code
                     for n in range(6)]

    # Three per (address, IP) per 15 minutes.
    assert hammering == [200] * 3 + [429]
    assert owners.status_code == 200
    assert (str(fifth["To"]), str(fifth["Subject"])) == ("Ann Lee <ann@example.org>", subject)
    assert attacker_again.status_code == 429
    assert elsewhere == [200] * 5 + [429]


async def test_rsvp_is_limited_per_ip_in_its_error_shape(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # Scale 0.1: rsvp-ip allows 3 a minute.
    async with make_client(make_settings(rate_limit_scale=0.1)) as client:
        for n in range(3):
            response = await client.post(
                "/api/rsvp",
                json={
                    "email": f"g{n}@example.org",
                    "firstName": "G",
                    "lastName": "",
                    "phone": None,
                },
            )
            assert response.status_code < 400
        limited = await client.post(
            "/api/rsvp",
            json={"email": "g9@example.org", "firstName": "G", "lastName": "", "phone": None},
        )

    assert_limited(limited, {"error": TOO_MANY_REQUESTS})


async def test_redis_limits_are_shared_between_processes(
    redis_limiter: RateLimiter, redis_prefix: str
) -> None:
    # A second limiter on the same Redis and prefix stands in for another worker process.
    other = RateLimiter("async+" + REDIS_URL, key_prefix=redis_prefix)
    try:
        results = []
        for limiter in [redis_limiter, other] * 10:
            results.append(await limiter.hit("login-ip", "203.0.113.7"))
        limited = await other.hit("login-ip", "203.0.113.7")
    finally:
        await other.close()

    assert results == [None] * 20
    assert limited is not None and 1 <= limited <= 60
    assert await redis_limiter.hit("login-ip", "203.0.113.8") is None


async def test_app_uses_redis_when_redis_url_is_set(
    make_settings: Callable[..., Settings], make_client: MakeClient, redis_limiter: RateLimiter
) -> None:
    settings = make_settings(redis_url=REDIS_URL, rate_limit_scale=0.1)
    async with make_client(settings) as client:
        app = client._transport.app  # type: ignore[attr-defined]
        assert "redis" in type(app.state.rate_limiter.storage).__module__
        # Swap in the limiter with this test's own prefix, so reruns start from zero.
        app.state.rate_limiter = redis_limiter
        redis_limiter.items = RateLimiter("async+memory://", scale=0.1).items
        ok = await client.post(
            "/api/auth/register",
            json={"name": "Ann", "email": "ann@example.org", "password": PASSWORD},
        )
        limited = await client.post(
            "/api/auth/register",
            json={"name": "Bob", "email": "bob@example.org", "password": PASSWORD},
        )

    assert ok.status_code == 201
    assert_limited(limited, {"errors": [{"msg": TOO_MANY_REQUESTS}]})


async def test_an_unreachable_redis_lets_requests_through(
    caplog: pytest.LogCaptureFixture,
) -> None:
    limiter = RateLimiter("async+redis://127.0.0.1:1")
    try:
        with caplog.at_level(logging.ERROR, logger="rsvp_service.web.ratelimit"):
            assert await limiter.hit("login-ip", "203.0.113.9") is None
    finally:
        await limiter.close()

    assert "letting the request through" in caplog.text


@pytest.mark.parametrize(("ip", "key"), [
    ("203.0.113.7", "203.0.113.7"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:DB8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
    ("::ffff:203.0.113.7", "203.0.113.7"),
    ("unknown", "unknown"),
])
def test_a_client_network_is_an_ipv4_address_or_an_ipv6_64(ip: str, key: str) -> None:
    assert network(ip) == key


async def test_in_process_counters_are_bounded_and_a_flood_frees_no_spent_one() -> None:
    # Each new address kept a counter for two hours (issue 35: 0.5 MB a minute of growth). An
    # attacker who floods new addresses to push out the counter of one they have spent gets
    # nothing: the counters that spent least go first.
    limiter = RateLimiter("async+memory://", memory_keys=100)
    spent = "victim@example.org"
    while await limiter.hit("consent-guardian", spent) is None:
        pass
    for n in range(1000):
        assert await limiter.hit("consent-guardian", f"flood{n}@example.org") is None

    assert isinstance(limiter.storage, MemoryStorage)
    assert len(limiter.storage.expirations) <= 100
    assert await limiter.hit("consent-guardian", spent) is not None  # still spent
    assert await limiter.hit("consent-guardian", "flood999@example.org") is None  # newest stay
