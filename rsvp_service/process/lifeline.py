"""How a process started by `serve` ends with it: the web workers uvicorn spawns and the
background worker both watch their parent and stop once it is gone.

A supervisor killed with SIGKILL cannot tell its children to stop; left running they kept
the port and answered RSVPs while nothing sent their mail, and a restore erased what they had
acknowledged. Watching for the parent's exit works for children started from any thread and
needs nothing from the operating system beyond getppid(); an orphan is handed to another
parent, so its parent pid changes.
"""

from __future__ import annotations

import asyncio
import os
import time

PARENT_CHECK_SECONDS = 1.0


async def parent_gone(parent_pid: int) -> None:
    """Return once the process `parent_pid` has exited (this one was handed to another parent)."""
    while os.getppid() == parent_pid:  # noqa: ASYNC110 (no event tells of a parent's exit)
        await asyncio.sleep(PARENT_CHECK_SECONDS)


def wait_parent_gone(parent_pid: int) -> None:
    """Block until the process `parent_pid` has exited: parent_gone for a thread with no loop."""
    while os.getppid() == parent_pid:
        time.sleep(PARENT_CHECK_SECONDS)
