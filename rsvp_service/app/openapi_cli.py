"""`python -m rsvp_service openapi [FILE]`: write the OpenAPI document the app serves.

The site's TypeScript types are generated from it (`make api-types`), so it is read from the
app's own /api/openapi.json route rather than built a second way.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from starlette.requests import Request
from starlette.routing import Route

from rsvp_service.app.app import create_app
from rsvp_service.events import EventsFileError

PATH = "/api/openapi.json"


async def served_document() -> bytes:
    """The body GET /api/openapi.json answers, from the route's own endpoint."""
    app = create_app()
    route = next(r for r in app.routes if isinstance(r, Route) and r.path == PATH)
    scope = {"type": "http", "method": "GET", "path": PATH, "query_string": b"",
             "headers": [], "app": app, "router": app.router}
    response = await route.endpoint(Request(scope))
    return bytes(response.body)


def main(argv: list[str]) -> int | str:
    """Write the document to FILE (its folder is created), or to stdout; else the reason."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service openapi", description=__doc__)
    parser.add_argument("file", nargs="?", type=Path, help="where to write it (default: stdout)")
    args = parser.parse_args(argv)
    try:
        body = asyncio.run(served_document())
    except EventsFileError as exc:
        # The app reads the catalogue at start-up; the document does not depend on it.
        return f"rsvp_service: {exc}"
    if args.file is None:
        sys.stdout.buffer.write(body + b"\n")
    else:
        args.file.parent.mkdir(parents=True, exist_ok=True)
        args.file.write_bytes(body + b"\n")
    return 0
