"""The service clock, which CIVIC_NOW can pin for demos and tests."""

from __future__ import annotations

from datetime import UTC, datetime

from rsvp_service.settings import Settings


def now(settings: Settings) -> datetime:
    """Return the current time in UTC, or CIVIC_NOW (in UTC) when it is set."""
    if settings.civic_now is not None:
        # In UTC, as the database stores times: SQLite compares them as text.
        pinned = settings.civic_now
        return pinned.astimezone(UTC) if pinned.tzinfo else pinned.replace(tzinfo=UTC)
    return datetime.now(UTC)
