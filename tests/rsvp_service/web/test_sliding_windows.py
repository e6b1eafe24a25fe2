"""The in-process sliding-window counters behind the rate limits when REDIS_URL is unset."""

from __future__ import annotations

from rsvp_service.web.sliding_windows import SlidingWindows


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_limit_allows_its_amount_then_says_how_long_to_wait() -> None:
    clock = FakeClock(6000.0)  # the start of a 60 s window
    windows = SlidingWindows(clock)

    assert [windows.hit("rsvp-ip", "a", 3, 60) for _ in range(3)] == [None, None, None]
    clock.now += 10
    wait = windows.hit("rsvp-ip", "a", 3, 60)

    # Three hits in this window: they become the previous window's and must fade to two.
    assert wait == 50 + 20
    assert windows.hit("rsvp-ip", "b", 3, 60) is None  # another key has its own budget


def test_the_previous_window_counts_by_how_much_it_still_overlaps() -> None:
    clock = FakeClock(6000.0)
    windows = SlidingWindows(clock)
    for _ in range(4):
        windows.hit("login-ip", "a", 4, 60)

    clock.now = 6060.0 + 15  # 3/4 of the previous window still overlaps: weight 3
    assert windows.hit("login-ip", "a", 4, 60) is None  # 3 + 1 <= 4
    assert windows.hit("login-ip", "a", 4, 60) == 15  # 4 more needs the weight below 2
    clock.now = 6060.0 + 30
    assert windows.hit("login-ip", "a", 4, 60) is None


def test_test_never_spends() -> None:
    windows = SlidingWindows(FakeClock(0.0))
    for _ in range(5):
        assert windows.test("login-account", "a", 1, 900) is None
    assert windows.hit("login-account", "a", 1, 900) is None
    assert windows.test("login-account", "a", 1, 900) is not None


def test_stale_keys_are_swept() -> None:
    clock = FakeClock(0.0)
    windows = SlidingWindows(clock)
    for n in range(1000):
        windows.hit("rsvp-email", f"p{n}@example.org", 10, 3600)

    clock.now = 3 * 3600.0
    windows.hit("rsvp-email", "late@example.org", 10, 3600)

    assert list(windows._limits["rsvp-email"].entries) == ["late@example.org"]
