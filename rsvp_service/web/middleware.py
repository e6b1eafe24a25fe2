"""ASGI middleware, one job each: metrics, the request's language, security headers, CORS, the
request body deadline and size limit.

Errors, 500s included, are answered by the exception handlers in `errors`.
"""

from __future__ import annotations

import asyncio
import logging

from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rsvp_service.process.metrics import MetricsMiddleware
from rsvp_service.settings import Settings
from rsvp_service.web.access_log import loggable
from rsvp_service.web.contract import error_response, error_shape_for
from rsvp_service.web.errors import TOO_LARGE, TOO_SLOW
from rsvp_service.web.language import LanguageMiddleware
from rsvp_service.web.security_headers import security_headers

MAX_BODY_BYTES = 64 * 1024
log = logging.getLogger(__name__)


class SecurityHeadersMiddleware:
    """Add the security headers (and no-store where personal data may be) to every response."""

    def __init__(self, app: ASGIApp, *, https: bool) -> None:
        self.app = app
        self.https = https

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app, adding the headers its path needs to the response start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        secure = self.https or scope.get("scheme") == "https"
        extra = security_headers(scope["path"], https=secure)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in extra:
                    if name == "cache-control":  # a private path is never cached, whatever was set
                        headers[name] = value
                    else:
                        headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BodyDeadlineMiddleware:
    """Give a request body `timeout` seconds from its headers to arrive in full, else answer 408
    and close the connection (uvicorn times out headers and idle connections, not bodies)."""

    def __init__(self, app: ASGIApp, *, timeout: float) -> None:
        self.app = app
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app with a receive that keeps the deadline and a send that closes if needed."""
        announced = scope["type"] == "http" and any(
            name == b"transfer-encoding" or (name == b"content-length" and value != b"0")
            for name, value in scope["headers"])
        if not announced:
            await self.app(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.timeout
        complete = answered = False

        async def receive_in_time() -> Message:
            nonlocal complete
            if complete or answered:
                # Once answering, a read only watches for the client leaving (a file being sent),
                # and the connection closes with the answer.
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                log.warning("A request body took over %g s to arrive (%s %s); answered 408 and "
                            "closed the connection.", self.timeout, scope["method"],
                            loggable(scope["path"]))
                # Raised inside the endpoint's read, so the exception handlers answer it.
                raise HTTPException(408, TOO_SLOW) from None
            complete = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        async def send_closing(message: Message) -> None:
            nonlocal answered
            if message["type"] == "http.response.start" and not complete:
                answered = True
                # uvicorn would go on reading the unread rest of the body, at the client's pace,
                # past any deadline: the connection ends with this answer instead.
                MutableHeaders(scope=message)["connection"] = "close"
            await send(message)

        await self.app(scope, receive_in_time, send_closing)


class BodySizeLimitMiddleware:
    """Refuse request bodies over the limit with 413, whether declared or streamed."""

    def __init__(self, app: ASGIApp, *, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 413 for a declared length over the limit; count the bytes of any other body."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next((v for name, v in scope["headers"] if name == b"content-length"), None)
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            response = error_response(413, TOO_LARGE, shape=error_shape_for(scope["path"]))
            await response(scope, receive, send)
            return
        # With a Content-Length the server never passes on more bytes than it declares.
        await self.app(scope, receive if declared is not None else self._counting(receive), send)

    def _counting(self, receive: Receive) -> Receive:
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # Raised inside the endpoint's read, so the exception handlers answer it.
                    raise HTTPException(413, TOO_LARGE)
            return message

        return counting_receive


def middleware_stack(settings: Settings) -> list[Middleware]:
    """Return the app's middleware, outermost first."""
    return [
        Middleware(MetricsMiddleware),
        Middleware(LanguageMiddleware),
        Middleware(SecurityHeadersMiddleware, https=settings.is_https),
        Middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_credentials=True,
            allow_methods=["GET", "POST", "PUT", "OPTIONS"],
            allow_headers=["content-type", "x-auth-token"],
            max_age=600,
        ),
        Middleware(BodyDeadlineMiddleware, timeout=settings.body_timeout),
        Middleware(BodySizeLimitMiddleware),
    ]
