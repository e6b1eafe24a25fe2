"""The exception handlers: errors raised outside a declared endpoint's handler, answered as JSON.

Errors inside a handler are answered by `rsvp_service.web.contract` in the endpoint's shape;
these handlers answer routing errors (404, 405), 413/408 from the middleware, database outages
(503) and bugs (500), in the shape of the endpoint at the path (`contract.error_shape_for`).
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from tortoise.exceptions import IntegrityError

from rsvp_service.db.failures import DATABASE_FAILURES
from rsvp_service.i18n import N_
from rsvp_service.process.metrics import DATABASE_ERRORS
from rsvp_service.web.access_log import loggable
from rsvp_service.web.contract import ApiError, error_response, error_shape_for
from rsvp_service.web.security_headers import security_headers

log = logging.getLogger(__name__)

TOO_LARGE = N_("The request body is larger than 64 KB.")
TOO_SLOW = N_(
    "The request took too long to arrive, so it was not processed. "
    "Please check your connection and try again.")
NOT_FOUND = N_("There is no such API endpoint.")
METHOD_NOT_ALLOWED = N_("This API endpoint does not accept that method.")
SERVER_ERROR = N_("Something went wrong on our side. Please try again.")
PAGE_NOT_FOUND = N_("This page does not exist.")
DATABASE_UNAVAILABLE = (
    N_("We cannot save or read your data right now because our database is unavailable. "
    "Nothing was changed; please try again in a minute.")
)
DATABASE_RETRY_AFTER = "30"


async def api_error_handler(request: Request, exc: Exception) -> Response:
    """Answer an ApiError raised outside a declared endpoint's handler."""
    assert isinstance(exc, ApiError)
    return error_response(exc.status, exc.message, shape=error_shape_for(request.url.path),
                          headers=exc.headers)


async def http_exception_handler(request: Request, exc: Exception) -> Response:
    """Answer Starlette's HTTP errors under /api as JSON in the endpoint's shape."""
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404 and not request.url.path.startswith("/api"):
        return not_found_page(request)
    messages = {404: NOT_FOUND, 405: METHOD_NOT_ALLOWED, 408: TOO_SLOW, 413: TOO_LARGE}
    message = messages.get(exc.status_code, str(exc.detail))
    if not message.endswith("."):
        message += "."
    return error_response(
        exc.status_code, message, shape=error_shape_for(request.url.path), headers=exc.headers
    )


def not_found_page(request: Request) -> Response:
    """Return the site's 404.html with status 404, or a plain sentence without a built site."""
    page = request.app.state.settings.static_dir / "404.html"
    if page.is_file():
        return HTMLResponse(page.read_text(encoding="utf-8"), status_code=404)
    return PlainTextResponse(PAGE_NOT_FOUND, status_code=404)


async def client_disconnect_handler(request: Request, exc: Exception) -> Response:
    """Log, in one line, a client that left before its request body was in; nobody to answer."""
    log.info("The client disconnected before sending the whole request body of %s %s.",
             request.method, loggable(request.url.path))
    return Response(status_code=400)


def note_database_failure(request: Request, exc: Exception) -> None:
    """Log and count a database that failed a request (what /api/health reports)."""
    log.error("Database unavailable on %s %s: %s", request.method, request.url.path, exc)
    DATABASE_ERRORS.inc()
    request.app.state.database_failures.record()


async def database_error_handler(request: Request, exc: Exception) -> Response:
    """Answer a database that cannot write (or be reached) with 503 and Retry-After."""
    if isinstance(exc, IntegrityError):
        # A constraint no route expected is a bug, not an outage.
        return await server_error_handler(request, exc)
    note_database_failure(request, exc)
    return error_response(
        503,
        DATABASE_UNAVAILABLE,
        shape=error_shape_for(request.url.path),
        headers={"Retry-After": DATABASE_RETRY_AFTER},
    )


async def server_error_handler(request: Request, exc: Exception) -> Response:
    """Answer an unexpected exception with a generic sentence, never a stack trace."""
    # Starlette re-raises the exception after this response, so the server still logs it.
    # This answer leaves outside every middleware, so it carries the security headers itself.
    https = request.app.state.settings.is_https or request.url.scheme == "https"
    return error_response(
        500,
        SERVER_ERROR,
        shape=error_shape_for(request.url.path),
        headers=dict(security_headers(request.url.path, https=https)),
    )


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ApiError: api_error_handler,
    HTTPException: http_exception_handler,
    ClientDisconnect: client_disconnect_handler,
    **{failure: database_error_handler for failure in DATABASE_FAILURES},
    Exception: server_error_handler,
}
