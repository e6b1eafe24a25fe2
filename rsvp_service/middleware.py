"""ASGI middleware, one job each: metrics, security headers, CORS and the body size limit.

Errors, 500s included, are answered by the exception handlers in `errors`.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rsvp_service.errors import TOO_LARGE, error_response, shape_for_path
from rsvp_service.metrics import MetricsMiddleware
from rsvp_service.security_headers import security_headers
from rsvp_service.settings import Settings

MAX_BODY_BYTES = 64 * 1024


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
            response = error_response(413, TOO_LARGE, shape=shape_for_path(scope["path"]))
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
        Middleware(SecurityHeadersMiddleware, https=settings.is_https),
        Middleware(
            CORSMiddleware,
            allow_origins=settings.cors_origins,
            allow_credentials=True,
            allow_methods=["GET", "POST", "OPTIONS"],
            allow_headers=["content-type", "x-auth-token"],
            max_age=600,
        ),
        Middleware(BodySizeLimitMiddleware),
    ]
