"""The clock rule (rsvp_service/clock.py): the product's time comes from `clock.now(settings)`;
the real clock is read only in the places listed here, each for its reason."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import rsvp_service

SERVICE = Path(rsvp_service.__file__).parent
# The real clock's readers: `module.attribute` as written in the service's code.
REAL_CLOCK = frozenset({"datetime.now", "datetime.utcnow", "date.today", "time.time",
                        "time.monotonic", "time.perf_counter", "time.time_ns"})
CREDENTIALS = "credentials expire on the real clock (PyJWT's exp, a cookie's Max-Age)"
DELIVERY = "the outbox's retries and leases run in real time"
# Path (under rsvp_service/) -> (reads of the real clock, why). db/migrations/ counts as one.
ALLOWED: dict[str, tuple[int, str]] = {
    "clock.py": (1, "the product's clock itself, when CIVIC_NOW is unset"),
    "accounts/sessions.py": (4, CREDENTIALS),
    "accounts/tokens.py": (5, CREDENTIALS),
    "mail/outbox.py": (8, DELIVERY),
    "mail/cli.py": (4, DELIVERY),
    "ops/backups.py": (2, "a backup's file name and log line say when it was really taken"),
    "ops/health.py": (1, "the age of the oldest unsent mail, for monitoring"),
    "process/metrics.py": (2, "a request's duration"),
    "db/failures.py": (1, "a circuit breaker's cool-down, a duration"),
    "db/migrations/": (1, "when a migration really ran"),
    "app/connections.py": (1, "idle connections' timeouts, durations"),
    "web/ratelimit.py": (1, "Redis counts a window's reset in real epoch seconds"),
}


def _place(path: Path) -> str:
    relative = path.relative_to(SERVICE).as_posix()
    return "db/migrations/" if relative.startswith("db/migrations/") else relative


def _reads(tree: ast.AST) -> int:
    """How many times the code names one of the real clock's readers (called or passed)."""
    return sum(1 for node in ast.walk(tree)
               if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
               and f"{node.value.id}.{node.attr}" in REAL_CLOCK)


def test_the_real_clock_is_read_only_where_the_rule_allows_it() -> None:
    found: Counter[str] = Counter()
    for path in sorted(SERVICE.rglob("*.py")):
        found[_place(path)] += _reads(ast.parse(path.read_text(encoding="utf-8")))
    assert +found == {place: count for place, (count, _) in ALLOWED.items()}


def test_the_scan_sees_a_reading_of_the_real_clock() -> None:
    assert _reads(ast.parse("from datetime import UTC, datetime\nstamp = datetime.now(UTC)")) == 1
    assert _reads(ast.parse("import time\nclock = time.monotonic")) == 1
    assert _reads(ast.parse("from rsvp_service import clock\nclock.now(settings)")) == 0
