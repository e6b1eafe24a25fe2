"""The background loop: passes repeat, more-to-do runs at once, failures never end the loop."""

from __future__ import annotations

import asyncio
import logging

import pytest
from service_testkit import eventually
from tortoise.exceptions import OperationalError

from rsvp_service.jobs.periodic import PeriodicTask


class Script(PeriodicTask):
    """Plays back a list of pass results; an exception instance is raised instead."""

    what = "run the scripted pass"

    def __init__(self, results: list[object], interval: float) -> None:
        super().__init__(interval)
        self.results = results
        self.done = asyncio.Event()

    async def run_pass(self) -> bool:
        if not self.results:
            self.done.set()
            return False
        result = self.results.pop(0)
        if isinstance(result, Exception):
            raise result
        return bool(result)


async def test_failures_are_logged_and_the_loop_goes_on(caplog: pytest.LogCaptureFixture) -> None:
    task = Script([OperationalError("disk I/O error"), RuntimeError("bug"), False], 0.01)
    with caplog.at_level(logging.WARNING, logger="rsvp_service.jobs.periodic"):
        task.start()
        await asyncio.wait_for(task.done.wait(), 5)
        await task.stop()

    assert task.passes == 4
    messages = [(r.levelname, r.getMessage(), r.exc_info is not None) for r in caplog.records]
    assert messages == [
        ("WARNING", "Could not run the scripted pass (database unavailable); trying again in 0 s.",
         False),
        ("ERROR", "Could not run the scripted pass; trying again in 0 s.", True),
    ]


async def test_a_pass_with_more_to_do_runs_again_without_waiting() -> None:
    task = Script([True, True, True], 3600)
    task.start()
    await asyncio.wait_for(task.done.wait(), 5)  # would take hours if it waited between passes
    await task.stop()

    assert task.passes == 4


async def test_stop_ends_a_loop_that_is_waiting() -> None:
    task = Script([False], 3600)
    task.start()

    async def waiting() -> bool:
        # A pass is counted when it is over, and then the loop waits at once.
        return task.passes == 1

    await eventually(waiting)
    await asyncio.wait_for(task.stop(), 5)

    assert task._task is not None and task._task.cancelled()
