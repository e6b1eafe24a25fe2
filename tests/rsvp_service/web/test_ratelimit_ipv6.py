"""Per-IP limits key an IPv6 client on its /64 (one host's usual share), IPv4 on its address."""

from __future__ import annotations

import pytest
from app_testkit import client_for
from starlette.applications import Starlette
from starlette.requests import Request

from rsvp_service.web.ratelimit import LIMITS, client_ip

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

PREVIEW = "/api/rsvp/cancel/preview"  # rsvp-cancel, per IP, before the body is read
BUDGET = int(LIMITS["rsvp-cancel"].split("/")[0])


async def spend(app: Starlette, peer: str, times: int) -> list[int]:
    """POST the cancel preview `times` from `peer`; return the statuses."""
    async with client_for(app, peer) as client:
        return [(await client.post(PREVIEW, json={"token": "not-a-token"})).status_code
                for _ in range(times)]


def test_the_key_is_the_ipv4_address_or_the_ipv6_64() -> None:
    def key(host: str) -> str:
        return client_ip(Request({"type": "http", "client": (host, 1)}))

    assert key("203.0.113.9") == "203.0.113.9"
    assert key("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64"
    assert key("2001:DB8:1:2::1") == "2001:db8:1:2::/64"
    assert key("::ffff:203.0.113.9") == "203.0.113.9"


async def test_addresses_in_one_ipv6_64_share_one_budget(app: Starlette) -> None:
    half = BUDGET // 2
    first = await spend(app, "2001:db8:1:2::1", half)
    second = await spend(app, "2001:db8:1:2:ffff:ffff:ffff:fffe", BUDGET - half + 1)

    assert 429 not in first + second[:-1]
    assert second[-1] == 429
    # The next /64 over, and an IPv4 client, still have their whole budget.
    assert await spend(app, "2001:db8:1:3::1", 1) == [404]
    assert await spend(app, "198.51.100.4", 1) == [404]


async def test_an_ipv4_mapped_client_is_its_ipv4_address(app: Starlette) -> None:
    assert 429 not in await spend(app, "198.51.100.7", BUDGET)

    assert await spend(app, "::ffff:198.51.100.7", 1) == [429]
