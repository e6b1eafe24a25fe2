"""The request's language: negotiated once from Accept-Language, answered with Content-Language.

The site's API client sends `Accept-Language: <page locale>` on every call. This middleware sets
the language of the request's work (rsvp_service.i18n) for everything below it: the contract's
error and answer sentences, the form pages, and the language stored with what the request makes.
"""

from __future__ import annotations

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rsvp_service.i18n import negotiate, speaking

# The answers whose sentences the service writes: the API's. (Form pages set their own header;
# the static site's pages say their language in <html lang>, not from the request.)
API_PREFIX = "/api/"


class LanguageMiddleware:
    """Run each request in its negotiated language; say it in the API's Content-Language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Negotiate, then run the app in that language, adding Content-Language to API answers."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = negotiate(Headers(scope=scope).get("accept-language"))
        api = scope["path"].startswith(API_PREFIX)

        async def send_with_language(message: Message) -> None:
            if api and message["type"] == "http.response.start":
                MutableHeaders(scope=message).setdefault("content-language", language)
            await send(message)

        with speaking(language):
            await self.app(scope, receive, send_with_language)
