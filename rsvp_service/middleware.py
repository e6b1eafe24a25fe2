"""ASGI middleware: security headers, the request body size limit and the CORS allowlist."""

from __future__ import annotations

import logging

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rsvp_service.errors import SERVER_ERROR, TOO_LARGE, error_response, shape_for_path
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

MAX_BODY_BYTES = 64 * 1024

# JSON answers never need to load anything.
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# The static site loads its own scripts, styles, images and calls its own API.
SITE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
HSTS = "max-age=63072000; includeSubDomains"


class SecurityHeadersMiddleware:
    """Add CSP, nosniff, no-referrer, frame denial and (under https) HSTS to every response."""

    def __init__(self, app: ASGIApp, *, https: bool) -> None:
        self.app = app
        self.https = https

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on and decorate the response's headers."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        is_api = scope["path"].startswith("/api")
        https = self.https or scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                extra = [
                    (b"content-security-policy", (API_CSP if is_api else SITE_CSP).encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cross-origin-opener-policy", b"same-origin"),
                ]
                if https:
                    extra.append((b"strict-transport-security", HSTS.encode()))
                headers.extend((name, value) for name, value in extra if name not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ServerErrorMiddleware:
    """Turn any unhandled exception into a JSON 500 (inside the security headers) and log it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app; on an exception, log it and answer 500 if nothing was sent yet."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            log.exception("Unhandled error on %s %s", scope.get("method"), scope["path"])
            if started:
                raise
            response = error_response(500, SERVER_ERROR, shape=shape_for_path(scope["path"]))
            await response(scope, receive, send)


class BodySizeLimitMiddleware:
    """Refuse request bodies over 64 KB with 413, whether declared or streamed."""

    def __init__(self, app: ASGIApp, *, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Check Content-Length up front and count streamed bytes as they arrive."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            response = error_response(413, TOO_LARGE, shape=shape_for_path(scope["path"]))
            await response(scope, receive, send)
            return
        received = 0

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise HTTPException(413, TOO_LARGE)
            return message

        await self.app(scope, counting_receive, send)


def middleware_stack(settings: Settings) -> list[Middleware]:
    """Return the app's middleware, outermost first."""
    return [
        Middleware(SecurityHeadersMiddleware, https=settings.is_https),
        Middleware(ServerErrorMiddleware),
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
