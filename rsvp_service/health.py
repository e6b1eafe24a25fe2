"""GET /api/health for uptime monitors, and the outbox figures it and /metrics read.

Healthy means the database takes a write (a row written and rolled back) and the outbox is
moving: no email still waiting (neither sent nor dead) was queued more than
OUTBOX_STALL_SECONDS ago. Every email is due the moment it is queued, so a waiting email that
old means the sender is down, or the SMTP server has refused it for that long.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.functions import Min

from rsvp_service.db import DatabaseNotWritable, check_writable
from rsvp_service.errors import DATABASE_FAILURES, DATABASE_RETRY_AFTER
from rsvp_service.models import OutboxMessage
from rsvp_service.settings import Settings

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


async def health(request: Request) -> Response:
    """Answer 200 "ok", or 503 with one word: "database" or "outbox"."""
    settings: Settings = request.app.state.settings
    try:
        await check_writable()
        state = await outbox_state()
    except UNHEALTHY_DATABASE:
        return _unhealthy("database")
    if state.oldest_seconds > settings.outbox_stall_seconds:
        return _unhealthy("outbox")
    return PlainTextResponse("ok")


def _unhealthy(reason: str) -> Response:
    return PlainTextResponse(reason, status_code=503,
                             headers={"Retry-After": DATABASE_RETRY_AFTER})


def routes() -> list[BaseRoute]:
    """Return the health route."""
    return [Route("/api/health", health, methods=["GET"])]
