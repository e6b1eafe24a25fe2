"""The built site: static files, the generator's redirects and the site's 404 page."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from rsvp_service.errors import NOT_FOUND, ApiError
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

def load_redirects(path: Path) -> dict[str, str]:
    """Read redirects.json ([{from, to, status}]) into a from -> to mapping."""
    if not path.exists():
        return {}
    entries = json.loads(path.read_text(encoding="utf-8"))
    return {entry["from"]: entry["to"] for entry in entries}


def _redirect_route(source: str, target: str) -> Route:
    async def redirect(request: Request) -> Response:
        query = request.url.query
        return RedirectResponse(f"{target}?{query}" if query else target, status_code=301)

    return Route(source, redirect, methods=["GET", "HEAD"], name=f"redirect:{source}")


async def api_not_found(request: Request) -> Response:
    """Answer any unknown path under /api with a JSON 404."""
    raise ApiError(404, NOT_FOUND)


def routes(settings: Settings) -> list[BaseRoute]:
    """Return the /api catch-all, the redirects and (when built) the static site mount."""
    result: list[BaseRoute] = [
        Route("/api", api_not_found, methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]),
        Route(
            "/api/{rest:path}",
            api_not_found,
            methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
        ),
    ]
    redirects = load_redirects(settings.redirects_file)
    result.extend(_redirect_route(source, target) for source, target in redirects.items())
    if settings.static_dir.is_dir():
        result.append(Mount("/", StaticFiles(directory=settings.static_dir, html=True)))
    else:
        log.info("STATIC_DIR %s does not exist; only the API is served.", settings.static_dir)
    return result
