"""What uvicorn serves: the app (create_served_app) and its HTTP protocol (httptools, plus a
deadline for request headers).

uvicorn times out idle keep-alive connections but not a connection that never finishes its
request headers (a new one that sends nothing, or a slow drip of header bytes), so thousands
of them would each hold a socket and a file descriptor for as long as the peer likes. Here a
request's headers must be complete within HEADER_TIMEOUT seconds of the connection opening
(or of the request's first byte on a reused connection), or the connection is closed.
"""

from __future__ import annotations

import asyncio

from starlette.applications import Starlette
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from rsvp_service.app import create_app

HEADER_TIMEOUT = 10.0


def create_served_app() -> Starlette:
    """The app as `python -m rsvp_service` serves it (uvicorn's factory): settings from the
    environment, the garbage collector frozen after start-up (in-process tests skip that)."""
    return create_app(freeze_gc=True)


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol that closes connections whose headers do not arrive in time."""

    header_timeout = HEADER_TIMEOUT
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Start the connection's first header deadline."""
        super().connection_made(transport)
        self._start_header_timer()

    def on_message_begin(self) -> None:
        """A request's first byte arrived: its headers have HEADER_TIMEOUT to complete."""
        super().on_message_begin()
        if self._header_timer is None:
            self._start_header_timer()

    def on_headers_complete(self) -> None:
        """The headers are in; the request runs without this deadline."""
        self._stop_header_timer()
        super().on_headers_complete()

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

    def _headers_too_late(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()
