"""The built site: static files, the generator's redirects and the site's 404 page."""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import anyio
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from rsvp_service.settings import Settings
from rsvp_service.web.contract import ApiError
from rsvp_service.web.errors import NOT_FOUND
from rsvp_service.web.security_headers import ADMIN_FOLDER, IMAGE_CSP, admin_headers

log = logging.getLogger(__name__)

# The site's files go out gzipped: uncompressed, an app page's JavaScript slowed the first paint
# on a slow phone line. Level 6 packs nearly as small as level 9, and faster. The API's JSON is left
# alone: small, and it carries tokens beside what a visitor typed (BREACH).
GZIP_LEVEL = 6
# Pages prerendered once that answer a family of addresses: the page reads its part of the path.
FALLBACK_PAGES = {"/verify-hours/{code}": "verify-hours/index.html"}


# Vite names what it emits under /assets/ by content hash: a new build gives new names. Everything
# else (pages, images) keeps its address across builds, so browsers ask again each time (a 304 when
# unchanged): a page kept by heuristic caching would ask for assets a new build no longer has.
ASSETS_PREFIX = "/assets/"
# Types of the generator's files that Python's own table lacks (it reads /etc/mime.types when there
# is one, which a slim container has not): served as text/plain, a reader would not take a feed.
MEDIA_TYPES = {
    ".atom": "application/atom+xml",
    ".ics": "text/calendar; charset=utf-8",
    ".ico": "image/vnd.microsoft.icon",
    ".webmanifest": "application/manifest+json",
}
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class SiteFiles(StaticFiles):
    """StaticFiles that serves /page from page/index.html directly (no trailing-slash hop),
    lets browsers keep the hashed /assets/ files without asking again, and nothing else, and
    gives the web editor's files (and only them) its relaxed security headers."""

    def __init__(self, *, directory: Path, html: bool, local_backend: bool) -> None:
        super().__init__(directory=directory, html=html)
        self.admin_folder = os.path.realpath(directory / ADMIN_FOLDER)
        self.admin_headers = admin_headers(local_backend=local_backend)

    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result,
                      scope: Scope, status_code: int = 200) -> Response:
        """The usual file answer, immutable under /assets/, to be revalidated elsewhere."""
        response = super().file_response(full_path, stat_result, scope, status_code)
        hashed = status_code == 200 and scope["path"].startswith(ASSETS_PREFIX)
        response.headers["cache-control"] = IMMUTABLE if hashed else REVALIDATE
        media_type = MEDIA_TYPES.get(os.path.splitext(full_path)[1].lower())
        if media_type is not None:
            response.headers["content-type"] = media_type
        # The lookup resolved full_path (symlinks, ".."): it is the file actually served.
        if os.path.commonpath([full_path, self.admin_folder]) == self.admin_folder:
            for name, value in self.admin_headers:
                response.headers[name] = value
        if os.fspath(full_path).lower().endswith(".svg"):
            response.headers["content-security-policy"] = IMAGE_CSP
        return response

    def lookup_path(self, path: str) -> tuple[str, os.stat_result | None]:
        """The usual lookup, finding nothing for a path with a NUL (which no file name has)."""
        if "\0" in path:
            return "", None
        return super().lookup_path(path)

    async def get_response(self, path: str, scope: Scope) -> Response:
        """Try <path>/index.html first for extension-less paths, then the usual lookup."""
        last = path.rsplit("/", 1)[-1]
        if self.html and not scope["path"].endswith("/") and "." not in last:
            index = os.path.join(path, "index.html")
            full_path, stat_result = await anyio.to_thread.run_sync(self.lookup_path, index)
            if stat_result is not None and stat.S_ISREG(stat_result.st_mode):
                return self.file_response(full_path, stat_result, scope)
        return await super().get_response(path, scope)


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


def _fallback_route(path: str, page: Path) -> Route:
    async def serve(request: Request) -> Response:
        if not await anyio.Path(page).is_file():
            raise HTTPException(404)
        return FileResponse(page, media_type="text/html; charset=utf-8")

    return Route(path, serve, methods=["GET", "HEAD"], name=f"fallback:{path}")


async def api_not_found(request: Request) -> Response:
    """Answer any unknown path under /api with a JSON 404."""
    raise ApiError(404, NOT_FOUND)


def routes(settings: Settings) -> list[BaseRoute]:
    """Return the /api catch-all, the redirects and (when built) the fallback pages and the site."""
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
        site = settings.static_dir
        result.extend(_fallback_route(path, site / page) for path, page in FALLBACK_PAGES.items())
        # Only a development copy's editor saves through the local backend (`make admin`).
        files = SiteFiles(directory=settings.static_dir, html=True,
                          local_backend=settings.environment != "production")
        result.append(Mount("/", GZipMiddleware(files, compresslevel=GZIP_LEVEL)))
    else:
        log.info("STATIC_DIR %s does not exist; only the API is served.", settings.static_dir)
    return result
