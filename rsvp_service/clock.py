"""The service clock, which CIVIC_NOW can pin for demos and tests, and the rule for which clock
a line of the service reads.

`now(settings)` is the product's time: whatever the product decides or shows by the calendar
reads it, and nothing else does. Events open and closed, RSVP, waitlist and check-in windows,
reminders, consent holds, follows and their digests' weeks, hours and their records, organizer
blocks, retention and erasure: a demo pinned to a date sees all of them as on that date.

The real clock (`datetime.now`, `time.monotonic`, `time.perf_counter`, `time.time`) is read
only where a pinned date would be wrong, each place listed with its reason in
tests/rsvp_service/test_clock_rule.py, which fails on any other:

- credentials (accounts/sessions.py, accounts/tokens.py): sessions, access tokens and the
  single-use email tokens expire on the real clock, because PyJWT checks `exp` and browsers
  a cookie's Max-Age against it, and a pinned clock must never keep a credential alive;
- delivery (mail/outbox.py, mail/cli.py): the outbox's retries, leases and stamps, which a
  worker polls in real time (under a pinned clock a retry would never come due);
- operations (ops/, db/migrations/): backup names, ages for monitoring, when a migration ran;
- durations and timeouts (time.monotonic, time.perf_counter), and a rate limit's reset time,
  which Redis counts in real seconds.
"""

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
