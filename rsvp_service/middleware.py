"""ASGI middleware: security headers, the request body size limit, JSON 500s and CORS."""

from __future__ import annotations

import logging

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


def _header_sets(https: bool) -> dict[tuple[bool, bool], list[tuple[bytes, bytes]]]:
    """The security headers for (API or site, https or not), encoded once."""
    sets = {}
    for is_api in (True, False):
        for secure in (True, False):
            headers = [
                (b"content-security-policy", (API_CSP if is_api else SITE_CSP).encode()),
                (b"x-content-type-options", b"nosniff"),
                (b"referrer-policy", b"no-referrer"),
                (b"x-frame-options", b"DENY"),
                (b"cross-origin-opener-policy", b"same-origin"),
            ]
            if secure or https:
                headers.append((b"strict-transport-security", HSTS.encode()))
            sets[is_api, secure] = headers
    return sets


class HardeningMiddleware:
    """Security headers, the body size limit, JSON 500s and CORS, in one pure ASGI layer.

    One layer rather than four: each layer wraps `send` and re-reads the headers for every
    request, which was a measurable share of the cheapest endpoints. CORS is only involved
    when the request has an Origin; without one, all it would do is add `Vary: Origin`.
    """

    def __init__(self, app: ASGIApp, *, settings: Settings, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit
        self.headers = _header_sets(settings.is_https)
        self.cors = CORSMiddleware(
            self._limited,
            allow_origins=settings.cors_origins,
            allow_credentials=True,
            allow_methods=["GET", "POST", "OPTIONS"],
            allow_headers=["content-type", "x-auth-token"],
            max_age=600,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app (through CORS when cross-origin), add the headers, turn errors into 500."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        extra = self.headers[path.startswith("/api"), scope.get("scheme") == "https"]
        origin = next((value for name, value in scope["headers"] if name == b"origin"), None)
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {name for name, _ in headers}
                headers.extend(header for header in extra if header[0] not in present)
                if origin is None:
                    _vary_on_origin(headers)
                message = {**message, "headers": headers}
            await send(message)

        app = self._limited if origin is None else self.cors
        try:
            await app(scope, receive, send_with_headers)
        except Exception:
            log.exception("Unhandled error on %s %s", scope.get("method"), path)
            if started:
                raise
            response = error_response(500, SERVER_ERROR, shape=shape_for_path(path))
            await response(scope, receive, send_with_headers)

    async def _limited(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse bodies over the limit with 413, whether declared or streamed."""
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
                    raise HTTPException(413, TOO_LARGE)
            return message

        return counting_receive


def _vary_on_origin(headers: list[tuple[bytes, bytes]]) -> None:
    # What CORSMiddleware does for a request without Origin: one Vary listing Origin too.
    varies = [value for name, value in headers if name == b"vary"]
    if varies:
        headers[:] = [(name, value) for name, value in headers if name != b"vary"]
        headers.append((b"vary", b", ".join([*varies, b"Origin"])))
    else:
        headers.append((b"vary", b"Origin"))


def middleware_stack(settings: Settings) -> list[Middleware]:
    """Return the app's middleware, outermost first."""
    return [Middleware(HardeningMiddleware, settings=settings)]
