"""What operators watch: GET /api/health for uptime monitors, GET /metrics for Prometheus.

Healthy means the database takes a write (a row written and rolled back), no request met a
database failure in the last FAILING_FOR seconds (a full disk fails requests' commits, which
the rolled-back row never reaches; see rsvp_service.db.failures), and the outbox is moving: no
email still waiting (neither sent nor dead) was queued more than OUTBOX_STALL_SECONDS ago.
Every email is due the moment it is queued, so a waiting email that old means the sender is
down, or the SMTP server has refused it for that long.
/metrics answers only the addresses in METRICS_ALLOW_IPS (loopback by default).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.functions import Min

from rsvp_service.db.check import DatabaseNotWritable, check_writable
from rsvp_service.db.failures import DATABASE_FAILURES, FAILING_FOR
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.process.metrics import (
    DATABASE_ERRORS,
    OUTBOX_DEAD,
    OUTBOX_OLDEST,
    OUTBOX_WAITING,
    REGISTRY,
    REMINDERS_QUEUED,
)
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import Media, endpoint
from rsvp_service.web.errors import DATABASE_RETRY_AFTER

UNHEALTHY_DATABASE: tuple[type[Exception], ...] = (DatabaseNotWritable, *DATABASE_FAILURES)


@dataclass(frozen=True, slots=True)
class OutboxState:
    """How much mail waits, how long the oldest has waited, and how many are dead letters."""

    waiting: int
    oldest_seconds: float
    dead: int


async def outbox_state() -> OutboxState:
    """Read the outbox's depth, the age of its oldest waiting email, and its dead letters."""
    waiting = OutboxMessage.filter(sent_at__isnull=True, dead_at__isnull=True)
    rows = await waiting.annotate(oldest=Min("created_at")).values_list("oldest", flat=True)
    oldest = rows[0] if rows else None
    age = (datetime.now(UTC) - oldest).total_seconds() if isinstance(oldest, datetime) else 0.0
    return OutboxState(
        waiting=await waiting.count(),
        oldest_seconds=max(age, 0.0),
        dead=await OutboxMessage.filter(dead_at__isnull=False).count(),
    )


@endpoint(
    "GET", "/api/health",
    responses={200: Media("text/plain", {"type": "string", "enum": ["ok"]})},
    errors={503: Media("text/plain", {"type": "string", "enum": ["database", "outbox"]})},
    summary="For uptime monitors: 200 `ok` when the database takes a write, no request met a "
    f"database failure in the last {FAILING_FOR:.0f} seconds and the outbox is moving; "
    "otherwise 503 with one word, `database` or `outbox`.",
)
async def health(request: Request) -> Response:
    """Answer 200 "ok", or 503 with one word: "database" or "outbox"."""
    settings: Settings = request.app.state.settings
    if request.app.state.database_failures.recent():
        # Writes are failing now; the probe would only add to the load.
        return _unhealthy("database")
    try:
        await check_writable(settings)
        state = await outbox_state()
    except UNHEALTHY_DATABASE:
        return _unhealthy("database")
    if state.oldest_seconds > settings.outbox_stall_seconds:
        return _unhealthy("outbox")
    return PlainTextResponse("ok")


def _unhealthy(reason: str) -> Response:
    return PlainTextResponse(reason, status_code=503,
                             headers={"Retry-After": DATABASE_RETRY_AFTER})


async def metrics(request: Request) -> Response:
    """Prometheus text for the addresses in METRICS_ALLOW_IPS; 403 for anyone else."""
    settings: Settings = request.app.state.settings
    if request.client is None or request.client.host not in settings.metrics_allow_ips:
        return PlainTextResponse("Metrics are served only to the addresses in "
                                 "METRICS_ALLOW_IPS; ask from one of them.", status_code=403)
    try:
        state = await outbox_state()
        reminded = await Rsvp.filter(reminder_queued_at__isnull=False).count()
    except DATABASE_FAILURES:
        DATABASE_ERRORS.inc()  # the figures below keep their last values
    else:
        OUTBOX_WAITING.set(state.waiting)
        OUTBOX_OLDEST.set(state.oldest_seconds)
        OUTBOX_DEAD.set(state.dead)
        REMINDERS_QUEUED.set(reminded)
    return Response(generate_latest(REGISTRY), media_type=CONTENT_TYPE_LATEST)


def routes() -> list[BaseRoute]:
    """Return the health and metrics routes."""
    return [*contract.routes(health), Route("/metrics", metrics, methods=["GET"])]
