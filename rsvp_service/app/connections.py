"""The HTTP protocol uvicorn runs for the service: uvicorn's httptools protocol with a deadline
for request headers, a connection cap that closes idle connections first, a share of the
connections per client, and a graceful stop that does not drop a request already on its way.

uvicorn times out idle keep-alive connections but not a connection that never finishes its
request headers (a new one that sends nothing, or a slow drip of header bytes), so thousands
of them would each hold a socket and a file descriptor for as long as the peer likes. Here a
request's headers must be complete within HEADER_TIMEOUT seconds of the connection opening
(or of the request's first byte on a reused connection), or the connection is closed.

uvicorn's own cap (`limit_concurrency`, checked in HttpToolsProtocol.on_headers_complete as of
uvicorn 0.54) counts idle keep-alive connections like busy ones and answers everyone past it a
plain-text 503 without Retry-After: one client holding 479 idle connections turned every new
visitor away for the 65 s of keep-alive. This protocol switches that check off on each of its
connections and keeps the cap itself: a connection arriving at the cap closes one that loses
no request by it (one refused before it asked anything, else the keep-alive connection idle the
longest between requests), one client address (an IPv6 /64) may hold at most 1/CLIENT_SHARE of
the cap unless it is a trusted proxy, and a request on a connection past either limit is
answered the service's JSON error with Retry-After and its connection closed. What to close is
kept in two insertion-ordered sets, so an arrival at the cap costs no scan of every connection.
tests/rsvp_service/web/test_server.py::
test_the_connection_guard_still_fits_uvicorn fails when uvicorn changes what this relies on.

When uvicorn stops (SIGTERM, a release) it closes every connection without a request in
progress, including one it accepted a moment ago whose request is still in flight: through
Caddy that was a 502 for an RSVP. Here such a connection gets SHUTDOWN_GRACE seconds for its
request to begin; the request is answered and the connection closed after it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter
from functools import partial
from typing import Any

from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from rsvp_service.i18n import N_
from rsvp_service.web.contract import error_response, error_shape_for
from rsvp_service.web.ratelimit import network

HEADER_TIMEOUT = 10.0
SHUTDOWN_GRACE = 1.0
# One client address may hold this fraction of the cap: a browser opens 6 connections, an office
# or school behind one address several browsers; the rest stays for everyone else.
CLIENT_SHARE = 8
BUSY_RETRY_AFTER = "5"
BUSY = N_(
    "The service has too many open connections right now, so your request was not "
    "processed. Please try again in a few seconds.")
CLIENT_BUSY = N_(
    "Too many connections are open from your network right now, so your request was "
    "not processed. Close other pages of this site or try again in a few seconds.")
WARN_EVERY = 60.0
log = logging.getLogger(__name__)


def client_network(client: tuple[str, int] | None) -> str:
    """The address a client's connections count against: its IPv4 address or its IPv6 /64."""
    return network(client[0] if client else "")


def _trusted(host: str, allowed: list[str] | str | None) -> bool:
    """Whether `host` is a proxy named in FORWARDED_ALLOW_IPS (its connections carry many)."""
    entries = allowed.split(",") if isinstance(allowed, str) else allowed or []
    for entry in (item.strip() for item in entries):
        if entry == "*":
            return True
        try:
            if ipaddress.ip_address(host) in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


async def _refuse(message: str, scope: Scope, receive: Receive, send: Send) -> None:
    response = error_response(503, message, shape=error_shape_for(scope.get("path", "")),
                              headers={"Retry-After": BUSY_RETRY_AFTER, "Connection": "close"})
    await response(scope, receive, send)


class _Connections:
    """This process's connections as the cap sees them (uvicorn runs one server per process)."""

    def __init__(self) -> None:
        self.per_network: Counter[str] = Counter()
        # Those that can be closed without losing a request, oldest first: refused before they
        # asked anything, and keep-alive connections between requests.
        self.refused: dict[GuardedHttpProtocol, None] = {}
        self.idle: dict[GuardedHttpProtocol, None] = {}
        self.evicted = 0  # closed to make room, not yet gone from uvicorn's set
        self.refusals = 0
        self.last_warning = -WARN_EVERY

    def victim(self) -> GuardedHttpProtocol | None:
        """The connection to close first to make room, if one can be closed."""
        for pool in (self.refused, self.idle):
            if pool:
                return next(iter(pool))
        return None


_connections = _Connections()


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with a header deadline, the connection cap and client shares."""

    header_timeout = HEADER_TIMEOUT
    _header_timer: asyncio.TimerHandle | None = None
    _request_begun = False
    _stopping = False
    _refusal: str | None = None
    _evicted = False
    _network = ""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """Take uvicorn's cap over, so that nobody past it gets uvicorn's plain-text 503."""
        super().__init__(*args, **kwargs)
        self.connection_cap: int | None = self.limit_concurrency
        self.limit_concurrency = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Count the connection against its client and the cap; start its header deadline."""
        super().connection_made(transport)
        self._start_header_timer()
        self._network = client_network(self.client)
        _connections.per_network[self._network] += 1
        cap = self.connection_cap
        if cap is None:
            return
        if _connections.per_network[self._network] > max(cap // CLIENT_SHARE, 1) and \
                not self._from_trusted_proxy():
            self._refusal = CLIENT_BUSY
            _connections.refused[self] = None
        if len(self.connections) - _connections.evicted > cap:
            victim = _connections.victim()
            if victim is not None:
                victim._evict()  # this one when it is refused and the only one: the newest
            else:
                self._refusal = BUSY
                _connections.refused[self] = None

    def data_received(self, data: bytes) -> None:
        """A request is arriving: the connection is no longer idle."""
        _connections.idle.pop(self, None)
        super().data_received(data)

    def on_message_begin(self) -> None:
        """A request's first byte arrived: its headers have HEADER_TIMEOUT to complete."""
        super().on_message_begin()
        self._request_begun = True
        _connections.refused.pop(self, None)  # it will be answered
        if self._header_timer is None:
            self._start_header_timer()

    def on_headers_complete(self) -> None:
        """The headers are in; the request runs without this deadline, or is refused."""
        self._stop_header_timer()
        if self._refusal is None and self.connection_cap is not None and \
                len(self.tasks) >= self.connection_cap:
            self._refusal = BUSY
        if self._refusal is not None:
            self._count_refusal()
            self.app = partial(_refuse, self._refusal)
        super().on_headers_complete()
        if self._stopping and self.cycle is not None:
            self.cycle.keep_alive = False  # the server is stopping: close after this answer

    def shutdown(self) -> None:
        """Stop gracefully, giving a connection whose first request has not begun a moment."""
        self._stopping = True
        if self.cycle is None and not self._request_begun:
            self.loop.call_later(SHUTDOWN_GRACE, self._close_unless_requested)
            return
        super().shutdown()

    def on_response_complete(self) -> None:
        """An answer is out; a connection kept alive now waits, idle, for the next request."""
        super().on_response_complete()
        if self.timeout_keep_alive_task is not None:
            _connections.idle[self] = None

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the deadline and the client's count of a connection that is gone."""
        self._stop_header_timer()
        _connections.per_network[self._network] -= 1
        if _connections.per_network[self._network] <= 0:
            del _connections.per_network[self._network]  # no key outlives its connections
        _connections.refused.pop(self, None)
        _connections.idle.pop(self, None)
        if self._evicted:
            _connections.evicted -= 1
        super().connection_lost(exc)

    def _from_trusted_proxy(self) -> bool:
        # uvicorn's forwarded_allow_ips defaults to 127.0.0.1 even when proxy headers are off.
        host = self.client[0] if self.client else ""
        return self.config.proxy_headers and _trusted(host, self.config.forwarded_allow_ips)

    def _evict(self) -> None:
        self._evicted = True
        _connections.evicted += 1
        _connections.refused.pop(self, None)
        _connections.idle.pop(self, None)
        self.transport.close()

    def _count_refusal(self) -> None:
        _connections.refusals += 1
        now = time.monotonic()
        if now - _connections.last_warning >= WARN_EVERY:
            log.warning("Answered %d requests 503 since the last such warning: at the connection "
                        "cap (%s) with no idle connection to close, or past one client's share.",
                        _connections.refusals, self.connection_cap)
            _connections.last_warning, _connections.refusals = now, 0

    def _start_header_timer(self) -> None:
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_late)

    def _stop_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _close_unless_requested(self) -> None:
        if not self._request_begun and not self.transport.is_closing():
            self.transport.close()

    def _headers_too_late(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()
