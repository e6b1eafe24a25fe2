"""What a database failure is (DATABASE_FAILURES), and the failures this process's requests
met lately, which /api/health reports.

A full disk fails the writes of requests while health's own probe, a row written and rolled
back, still succeeds (nothing reaches the disk), so health also asks whether requests have
been answered 503 for a database failure in the last FAILING_FOR seconds. Each web process
keeps its own record, as it keeps its own counters.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable

import asyncpg
from tortoise.exceptions import DBConnectionError, OperationalError, TransactionManagementError

# What a database that cannot write (full disk, read-only, locked past the lock timeout) or a
# lost PostgreSQL connection raises, through Tortoise or straight from the driver.
DATABASE_FAILURES: tuple[type[Exception], ...] = (
    OperationalError,
    # Tortoise translates errors of statements, not of SQLite's COMMIT or ROLLBACK (a disk that
    # fills up at COMMIT: "database or disk is full").
    sqlite3.OperationalError,
    DBConnectionError,
    TransactionManagementError,
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    # Raised by asyncpg's pool when it resets a connection whose server process was terminated.
    asyncpg.InternalClientError,
    asyncpg.InsufficientResourcesError,
    asyncpg.OperatorInterventionError,
    asyncpg.ReadOnlySQLTransactionError,
    # A lock another connection held past lock_timeout (DATABASE_LOCK_TIMEOUT_SECONDS).
    asyncpg.LockNotAvailableError,
    ConnectionError,
)

# As long as a 503 asks clients to wait (Retry-After): a failure that old is over, or recurs.
FAILING_FOR = 30.0


class DatabaseFailures:
    """When a request last met a database that could not write or be reached."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._last: float | None = None

    def record(self) -> None:
        """Note that a request was just answered 503 because the database failed."""
        self._last = self._clock()

    def recent(self) -> bool:
        """Whether the last failure was less than FAILING_FOR seconds ago."""
        return self._last is not None and self._clock() - self._last < FAILING_FOR
