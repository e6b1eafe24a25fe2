"""In-process sliding-window counters: the rate limits' storage when there is no Redis.

The `limits` library's memory storage runs a background task that walks every key it holds
many times a second; with one key per RSVP address that walk became a sixth of the RSVP
path. These counters do the same arithmetic (the previous window's count, weighted by how
much of it still overlaps the sliding window, plus the current window's count) with one dict
entry per key, and drop stale entries in one sweep per window length.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(slots=True)
class _Entry:
    window: int  # index of the window `current` counts in (time // period)
    current: int = 0
    previous: int = 0


@dataclass(slots=True)
class _Limit:
    entries: dict[str, _Entry] = field(default_factory=dict)
    next_sweep: float = 0.0


class SlidingWindows:
    """Counters per (limit name, key); `hit` and `test` answer None or seconds to wait."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._clock = clock
        self._limits: dict[str, _Limit] = {}

    def hit(self, name: str, key: str, amount: int, period: float) -> int | None:
        """Spend one unit if the weighted count allows it; else return the seconds to wait."""
        now = self._clock()
        entry = self._entry(name, key, now, period)
        wait = self._wait(entry, now, amount, period)
        if wait is None:
            entry.current += 1
        return wait

    def test(self, name: str, key: str, amount: int, period: float) -> int | None:
        """Like `hit`, without spending anything."""
        now = self._clock()
        return self._wait(self._entry(name, key, now, period), now, amount, period)

    @classmethod
    def _wait(cls, entry: _Entry, now: float, amount: int, period: float) -> int | None:
        if cls._weighted(entry, now, period) + 1 > amount:
            return cls._retry_after(entry, now, amount, period)
        return None

    def _entry(self, name: str, key: str, now: float, period: float) -> _Entry:
        limit = self._limits.setdefault(name, _Limit())
        window = int(now // period)
        if now >= limit.next_sweep:
            # Entries older than the previous window count for nothing any more.
            limit.entries = {k: e for k, e in limit.entries.items() if e.window >= window - 1}
            limit.next_sweep = now + period
        entry = limit.entries.get(key)
        if entry is None:
            entry = limit.entries[key] = _Entry(window)
        elif entry.window != window:
            entry.previous = entry.current if entry.window == window - 1 else 0
            entry.current = 0
            entry.window = window
        return entry

    @staticmethod
    def _weighted(entry: _Entry, now: float, period: float) -> float:
        end = (entry.window + 1) * period
        return entry.previous * (end - now) / period + entry.current

    @staticmethod
    def _retry_after(entry: _Entry, now: float, amount: int, period: float) -> int:
        end = (entry.window + 1) * period
        if entry.current + 1 <= amount:
            # The previous window's weight has to fade enough within this window.
            allowed_at = end - period * (amount - 1 - entry.current) / entry.previous
        else:
            # This window's count becomes the previous one and has to fade in the next.
            allowed_at = end + period - period * (amount - 1) / entry.current
        return max(1, math.ceil(allowed_at - now))
