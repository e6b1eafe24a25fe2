"""The Prometheus metrics this process keeps, and the middleware that times every request.

Counters live in this process: with `--workers N`, each worker counts its own requests, RSVPs
and database errors, and a scrape sees the worker that answered it (see the README). The outbox
and reminder figures are read from the database at scrape time, so every worker gives them whole.
"""

from __future__ import annotations

import time

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REGISTRY = CollectorRegistry()
REQUESTS = Counter("civicstl_http_requests", "HTTP requests answered, by route template.",
                   ["method", "route", "status"], registry=REGISTRY)
LATENCY = Histogram("civicstl_http_request_duration_seconds",
                    "Time to answer an HTTP request, by route template.", ["method", "route"],
                    registry=REGISTRY)
RSVPS = Counter("civicstl_rsvps", "RSVP attempts by outcome (created, waitlisted, duplicate, "
                "full).", ["outcome"], registry=REGISTRY)
DATABASE_ERRORS = Counter("civicstl_database_errors",
                          "Database failures met while answering requests.", registry=REGISTRY)
OUTBOX_WAITING = Gauge("civicstl_outbox_waiting", "Emails neither sent nor dead letters.",
                       registry=REGISTRY)
OUTBOX_OLDEST = Gauge("civicstl_outbox_oldest_age_seconds",
                      "How long the oldest waiting email has waited (0 when none).",
                      registry=REGISTRY)
OUTBOX_DEAD = Gauge("civicstl_outbox_dead_letters", "Emails given up on (dead letters).",
                    registry=REGISTRY)
HOURS_PDFS_BUILT = Counter("civicstl_hours_pdfs_built",
                           "Hours-record PDFs made (each record's once, then kept).",
                           registry=REGISTRY)
REMINDERS_QUEUED = Gauge("civicstl_reminders_queued",
                         "RSVPs whose reminder email has been queued, ever.", registry=REGISTRY)


class MetricsMiddleware:
    """Count and time every HTTP request under its route template (never the raw path)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app, then record the request under the route the router matched."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def send_and_note(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        finally:
            # The router leaves the matched route in the scope; unmatched paths share one label
            # so a scan of random URLs cannot grow the label set.
            route = getattr(scope.get("route"), "path", None) or "(unmatched)"
            REQUESTS.labels(scope["method"], route, str(status)).inc()
            LATENCY.labels(scope["method"], route).observe(time.perf_counter() - start)
