"""The build's one clock: what is upcoming, when security.txt expires and when calendar files
were made are all decided with it."""

from __future__ import annotations

import datetime as dt
import os


def now() -> dt.datetime:
    """The build's time in UTC: CIVIC_NOW when set, else SOURCE_DATE_EPOCH, else the present."""
    # CIVIC_NOW pins the product's clock (as the service reads it); SOURCE_DATE_EPOCH is the
    # reproducible-builds convention for the moment a build says it was made.
    pinned = os.environ.get("CIVIC_NOW", "").strip()
    if pinned:
        moment = dt.datetime.fromisoformat(pinned)
        return moment.astimezone(dt.UTC) if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC)
    # Whole seconds: calendar stamps and SEQUENCE count seconds.
    return dt.datetime.now(dt.UTC).replace(microsecond=0)
