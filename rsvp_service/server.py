"""The HTTP protocol uvicorn serves with: httptools, a deadline for request headers, and a
graceful stop that does not drop a request already on its way.

uvicorn times out idle keep-alive connections but not a connection that never finishes its
request headers (a new one that sends nothing, or a slow drip of header bytes), so thousands
of them would each hold a socket and a file descriptor for as long as the peer likes. Here a
request's headers must be complete within HEADER_TIMEOUT seconds of the connection opening
(or of the request's first byte on a reused connection), or the connection is closed.

When uvicorn stops (SIGTERM, a release) it closes every connection without a request in
progress, including one it accepted a moment ago whose request is still in flight: through
Caddy that was a 502 for an RSVP. Here such a connection gets SHUTDOWN_GRACE seconds for its
request to begin; the request is answered and the connection closed after it.
"""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_TIMEOUT = 10.0
SHUTDOWN_GRACE = 1.0


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol that closes connections whose headers do not arrive in time."""

    header_timeout = HEADER_TIMEOUT
    _header_timer: asyncio.TimerHandle | None = None
    _request_begun = False
    _stopping = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the connection's first header deadline."""
        super().connection_made(transport)
        self._start_header_timer()

    def on_message_begin(self) -> None:
        """A request's first byte arrived: its headers have HEADER_TIMEOUT to complete."""
        super().on_message_begin()
        self._request_begun = True
        if self._header_timer is None:
            self._start_header_timer()

    def on_headers_complete(self) -> None:
        """The headers are in; the request runs without this deadline."""
        self._stop_header_timer()
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

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the deadline of a connection that is gone."""
        self._stop_header_timer()
        super().connection_lost(exc)

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
