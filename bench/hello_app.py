"""Bare Starlette with one JSON route: the baseline every service figure is a ratio of."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


async def hello(request: Request) -> JSONResponse:
    """GET /hello: the cheapest useful answer Starlette can give."""
    return JSONResponse({"hello": "world"})


app = Starlette(routes=[Route("/hello", hello)])
