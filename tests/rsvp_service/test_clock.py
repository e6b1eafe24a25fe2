"""The service clock: the real time or CIVIC_NOW, always in UTC (the database stores UTC)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

from service_testkit import TEST_SECRET_KEY

from rsvp_service import clock
from rsvp_service.settings import Settings

CHICAGO_SUMMER = timezone(timedelta(hours=-5))


def _settings(tmp_path: Path, civic_now: datetime | None) -> Settings:
    return Settings(_env_file=None, environment="test", var_dir=tmp_path,  # type: ignore[call-arg]
                    secret_key=TEST_SECRET_KEY, civic_now=civic_now)


def test_a_pinned_moment_in_another_zone_comes_back_as_the_same_instant_in_utc(
    tmp_path: Path,
) -> None:
    pinned = datetime(2025, 4, 26, 9, 0, tzinfo=CHICAGO_SUMMER)

    now = clock.now(_settings(tmp_path, pinned))

    assert now == pinned
    assert now.tzinfo is UTC
    assert now.isoformat() == "2025-04-26T14:00:00+00:00"


def test_a_naive_pinned_moment_is_read_as_utc_and_the_real_clock_is_utc(tmp_path: Path) -> None:
    naive = clock.now(_settings(tmp_path, datetime(2025, 4, 26, 9, 0)))
    real = clock.now(_settings(tmp_path, None))

    assert naive.isoformat() == "2025-04-26T09:00:00+00:00"
    assert real.tzinfo is UTC
    assert abs(real - datetime.now(UTC)) < timedelta(seconds=5)
