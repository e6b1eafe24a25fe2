"""The build's clock: what is upcoming, and when security.txt expires, are decided with it."""

from __future__ import annotations

import datetime as dt
import os


def now() -> dt.datetime:
    """The current time in UTC, or CIVIC_NOW (ISO 8601, as the service reads it) when it is set."""
    pinned = os.environ.get("CIVIC_NOW", "").strip()
    if not pinned:
        return dt.datetime.now(dt.UTC)
    moment = dt.datetime.fromisoformat(pinned)
    return moment.astimezone(dt.UTC) if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
