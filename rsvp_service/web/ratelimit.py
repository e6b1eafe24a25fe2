"""Rate limits for login, register, resend, password reset, RSVP and messages, in memory or Redis.

Wiring (core service):

    # in the lifespan, after settings are known
    app.state.rate_limiter = build_rate_limiter(settings)
    ...
    await app.state.rate_limiter.close()      # on shutdown

    # in the endpoint's declaration (web/contract.py): limits keyed on "ip" are spent by the
    # wrapper before the body is read; the handler spends the others. Each raises ApiError(429)
    # with Retry-After and TOO_MANY_REQUESTS (in the endpoint's error shape) when spent.
    @endpoint("POST", "/api/rsvp", ...,
              limits=(Limit("rsvp-ip", key="ip"), Limit("rsvp-email-ip", key="address+ip")))
    ...
    await enforce(request, "rsvp-email-ip", f"{mailbox} {client_ip(request)}")

Counters are kept by the `limits` library's sliding-window-counter strategy, in this process
(its `async+memory://` storage) unless REDIS_URL is set (`redis://` or `async+redis://`), in
which case all workers share them in Redis. RATE_LIMIT_SCALE multiplies every limit so load
tests still pay for the check without hitting it. When Redis fails, requests are let through
and the failure is logged: an outage of the limiter should not take RSVPs down with it.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError
from limits.storage import storage_from_string

from rsvp_service.i18n import N_
from rsvp_service.web.contract import ApiError, ContractError, declared_limit

if TYPE_CHECKING:
    from coredis import ConnectionPool
    from starlette.requests import Request

    from rsvp_service.settings import Settings

logger = logging.getLogger(__name__)

# Every limit the service applies, by name. The key passed with a hit says whose budget it is.
LIMITS: dict[str, str] = {
    "login-ip": "20/minute",
    # The next two count failed logins only: a person who signs in fine never spends them.
    # Keyed on (account, IP), never on the account alone, so nobody can lock an owner out.
    "login-failures": "10 per 15 minutes",
    "login-failures-ip": "100/hour",
    "register-ip": "10/hour",
    # Mail requests: per IP, and per (address, IP) like failed logins, so requests for someone
    # else's address never use up the owner's own.
    "resend-ip": "10/hour",
    "resend-email-ip": "3 per 15 minutes",
    "forgot-ip": "10/hour",
    "forgot-email-ip": "3 per 15 minutes",
    "reset-ip": "20/hour",
    "rsvp-check": "60/minute",
    "rsvp-cancel": "30/minute",
    "rsvp-ip": "30/minute",
    # Per (canonical mailbox, IP), never per address alone: a stranger typing someone's address
    # cannot lock them out. The signed-in owner of a verified address is not limited by it.
    "rsvp-email-ip": "10/hour",
    # Per account: deleting asks for the password again, which must not be guessable.
    "account-delete": "5 per 15 minutes",
    # Per organizer: each message goes to a whole slot.
    "organizer-message": "10/hour",
    # Per organizer: each removal or block emails someone and moves a waitlist.
    "organizer-remove": "60/hour",
    "organizer-block": "30/hour",
    "hours-records": "30/hour",
    # Following: per IP, and a guest's confirmation mail per (address, IP), like resend.
    "follow-ip": "60/hour",
    "follow-email-ip": "3 per 15 minutes",
    "follow-link": "60/minute",
    "consent-link": "30/minute",
    # Consent requests carry a volunteer's name to a typed-in address. Per IP and per
    # (guardian's canonical mailbox, IP), like resend; and per guardian's mailbox a generous
    # daily cap, the most one inbox receives from strangers together. Only verified accounts
    # send them (rsvps.routes), so spending that cap takes several real accounts, a family's
    # own requests (a few a day) stay far below it, and a volunteer the guardian approved
    # before is not held to it.
    "consent-ip": "10/hour",
    "consent-guardian-ip": "3/hour",
    "consent-guardian": "10/day",
    # Signed-in writes (unfollow, cancel, revoke, check-ins, grants), per account: generous for
    # an organizer at the door, a stop for a script holding a stolen token.
    "account-write": "120/minute",
    # The public PDF of a record, per IP: making one keeps a pool process busy.
    "hours-pdf-ip": "30/minute",
    # A record's credential, per owner: each download signs once (cheap, but a script's loop
    # should stop).
    "hours-credential": "60/hour",
    "register-email-ip": "3 per 15 minutes",
    # Hours served elsewhere: each request mails a typed-in supervisor. Per volunteer a day's
    # worth; per (volunteer, supervisor's canonical mailbox) a few a day; and per mailbox from
    # every volunteer together a generous day's cap (like a guardian's), so one volunteer cannot
    # shut an inbox off for the others. Its owner's "not me" is the real block.
    "outside-hours-account": "10/day",
    "outside-hours-pair": "3/day",
    "outside-hours-supervisor": "20/day",
    # The supervisor's link (no account): per IP.
    "hours-request-link": "30/minute",
}

# What a limit's key is made of. "ip" limits are spent by the endpoint's wrapper before the body
# is read; the others by the handler, which knows the address or the account.
LimitKey = Literal["ip", "address", "address+ip", "account", "account+ip", "account+address"]


@dataclass(frozen=True)
class Limit:
    """A limit an endpoint declares: a name in LIMITS, what its key is made of, what it counts."""

    name: str
    key: LimitKey
    # "failures": spent by the handler on a failed attempt only (failed logins); "mail": by the
    # handler on the requests that send a particular mail (a guardian's consent request).
    counts: Literal["requests", "failures", "mail"] = "requests"

    def __post_init__(self) -> None:
        if self.name not in LIMITS:
            raise ValueError(f"{self.name!r} is not a limit in web/ratelimit.py LIMITS.")

    @property
    def rate(self) -> str:
        """The limit's rate, as LIMITS writes it (before RATE_LIMIT_SCALE)."""
        return LIMITS[self.name]

    @property
    def per_request(self) -> bool:
        """Whether the endpoint's wrapper spends it on every request, before the body is read."""
        return self.key == "ip" and self.counts == "requests"

    async def spend(self, request: Request) -> None:
        """Spend one unit of a per-IP limit for this request (429 when spent)."""
        await enforce(request, self.name, client_ip(request))

TOO_MANY_REQUESTS = N_("Too many attempts. Please wait a few minutes and try again.")
# In-process counters (no REDIS_URL) are kept until twice their window has passed, so an hour's
# limit keyed on an address remembers every address for two hours, and a web process under
# steady load grew for as long. Past this many counters the ones that have spent least go
# first, so a flood of new keys cannot free a spent one.
MEMORY_KEYS = 10_000


def _redis_uri(url: str) -> str:
    """Turn REDIS_URL into the `async+redis://` form the limits library expects."""
    return url if url.startswith("async+") else f"async+{url}"


class RateLimiter:
    """Named, scaled limits over one storage; `hit` answers None or the seconds to wait."""

    def __init__(self, storage_uri: str, *, scale: float = 1.0, key_prefix: str = "civicstl",
                 memory_keys: int = MEMORY_KEYS):
        """Open the storage; `key_prefix` keeps counters of different deployments apart."""
        self.items = {name: self._scaled(name, rule, scale) for name, rule in LIMITS.items()}
        self.memory_keys = memory_keys
        options: dict[str, Any] = {"wrap_exceptions": True}
        self._redis_pool: ConnectionPool | None = None
        if storage_uri.startswith("async+redis"):
            # The pool is opened here and handed to the storage (its documented
            # `connection_pool` option), so that close() can disconnect it; the retry policy is
            # the one coredis' Redis.from_url gives a client that opens its own pool.
            # coredis (the library's Redis client) is imported only when Redis is configured.
            from coredis import ConnectionPool
            from coredis.exceptions import ConnectionError as RedisConnectionError
            from coredis.exceptions import TimeoutError as RedisTimeoutError
            from coredis.retry import ConstantRetryPolicy

            url = storage_uri.removeprefix("async+").replace("redis+unix://", "unix://")
            self._redis_pool = ConnectionPool.from_url(url)
            options.update(
                key_prefix=key_prefix,
                connection_pool=self._redis_pool,
                retry_policy=ConstantRetryPolicy(
                    (RedisConnectionError, RedisTimeoutError), 2, 0.01),
            )
        self.storage = storage_from_string(storage_uri, **options)
        self.strategy = SlidingWindowCounterRateLimiter(self.storage)

    @staticmethod
    def _scaled(name: str, rule: str, scale: float) -> RateLimitItem:
        item = parse(rule)
        amount = max(1, math.ceil(item.amount * scale))
        return type(item)(amount, item.multiples, namespace=name)

    async def _retry_after(self, item: RateLimitItem, key: str) -> int:
        stats = await self.strategy.get_window_stats(item, key)
        return max(1, math.ceil(stats.reset_time - time.time()))

    async def hit(self, name: str, key: str) -> int | None:
        """Spend one unit of a limit; return None when allowed, else Retry-After seconds."""
        _check_declared(name, key)
        item = self.items[name]
        try:
            allowed = await self.strategy.hit(item, key)
            if isinstance(self.storage, MemoryStorage):
                await self._bound_memory(self.storage)
            if allowed:
                return None
            return await self._retry_after(item, key)
        except StorageError:
            logger.exception("Rate-limit storage failed; letting the request through.")
            return None

    async def _bound_memory(self, storage: MemoryStorage) -> None:
        """Drop the in-process counters that spent least, down to 90 % of `memory_keys`."""
        # The limits library (5.8) bounds nothing in memory and documents no way to: this reads
        # its MemoryStorage's `storage` and `expirations` dicts. Should it rename them, the
        # bound test in tests/rsvp_service/web/test_ratelimit.py fails first.
        if len(storage.expirations) <= self.memory_keys:
            return
        # Down to 90 %, so the sort of every key runs once per tenth of the bound, not per hit.
        spent = sorted(storage.expirations, key=lambda k: (storage.storage[k],
                                                            storage.expirations[k]))
        for key in spent[:len(spent) - self.memory_keys * 9 // 10]:
            await storage.clear(key)

    async def test(self, name: str, key: str) -> int | None:
        """Check a limit without spending it; None when a hit would be allowed."""
        _check_declared(name, key)
        item = self.items[name]
        try:
            if await self.strategy.test(item, key):
                return None
            return await self._retry_after(item, key)
        except StorageError:
            logger.exception("Rate-limit storage failed; letting the request through.")
            return None

    async def close(self) -> None:
        """Close Redis connections (memory storage has none)."""
        if self._redis_pool is not None:
            self._redis_pool.disconnect()


def build_rate_limiter(settings: Settings, *, key_prefix: str = "civicstl") -> RateLimiter:
    """Build the app's limiter from REDIS_URL and RATE_LIMIT_SCALE."""
    uri = _redis_uri(settings.redis_url) if settings.redis_url else "async+memory://"
    return RateLimiter(uri, scale=settings.rate_limit_scale, key_prefix=key_prefix)


def client_ip(request: Request) -> str:
    """The client as every limit keys it: its IPv4 address, or its IPv6 /64 network."""
    # Behind a proxy, run uvicorn with --forwarded-allow-ips so the peer address is real. One
    # IPv6 host is given a whole /64, so keying on its address would give it 2**64 budgets.
    return network(request.client.host if request.client else "unknown")


def network(ip: str) -> str:
    """The client's network: an IPv4 address itself, an IPv6 address's /64 (one subscriber's)."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if isinstance(address, ipaddress.IPv6Address):
        # A dual-stack socket names an IPv4 client ::ffff:a.b.c.d: that is one address.
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _check_declared(name: str, key: str) -> None:
    """Raise ContractError unless the limit is declared and keyed as declared (in a request)."""
    # Only the IP part can be checked: an address or an account looks like any other text.
    found = declared_limit(name)
    if found is None:
        return
    declared, limit, request = found
    ip = client_ip(request)
    if (key != ip) if limit.key == "ip" else (limit.key.endswith("+ip") and ip not in key):
        raise ContractError(f"{declared} spent {name!r} with a key that is not its declared "
                            f"{limit.key!r}.")


async def enforce(request: Request, name: str, key: str) -> None:
    """Spend one unit of a limit, raising a 429 with Retry-After when it is spent."""
    limiter: RateLimiter = request.app.state.rate_limiter
    retry_after = await limiter.hit(name, key)
    if retry_after is not None:
        raise ApiError(429, TOO_MANY_REQUESTS, headers={"Retry-After": str(retry_after)})
