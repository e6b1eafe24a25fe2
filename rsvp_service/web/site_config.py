"""GET /api/config: the parts of this service's set-up the site shows (public, no secrets)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service.settings import Settings


async def site_config(request: Request) -> Response:
    """Answer {"google": bool}: whether the site should offer Google sign-in."""
    settings: Settings = request.app.state.settings
    return JSONResponse({"google": settings.google_sign_in})


def routes() -> list[BaseRoute]:
    """Return the public configuration route."""
    return [Route("/api/config", site_config, methods=["GET"])]
