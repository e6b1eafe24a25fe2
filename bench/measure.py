"""Running a command under `/usr/bin/time -v` with a time limit: wall time and peak memory."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

TIME = "/usr/bin/time"
_MAX_RSS = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")


@dataclass
class Measured:
    """The outcome of one timed command."""

    seconds: float
    peak_mb: float | None
    status: int | None  # None when the time limit killed it
    output: str

    @property
    def ok(self) -> bool:
        """Whether the command finished in time with exit status 0."""
        return self.status == 0

    def reason(self, limit: float) -> str:
        """Why the command failed, in a few words."""
        if self.status is None:
            return f"timed out after {limit:.0f} s"
        last = [line for line in self.output.splitlines() if line.strip()][-1:] or [""]
        return f"exit {self.status}: {last[0][:120]}"


def kill_group(process: subprocess.Popen[bytes]) -> None:
    """Stop a process started in its own session, with everything it spawned."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(5)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass


def timed(argv: list[str], *, limit: float, cwd: Path | None = None,
          env: dict[str, str] | None = None) -> Measured:
    """Run `argv` under /usr/bin/time -v, killing its process group after `limit` seconds.

    Peak memory is the largest maximum RSS of the command or any child it waited for.
    """
    with tempfile.NamedTemporaryFile(prefix="bench-time-", suffix=".txt") as report, \
            tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        # A new session lets a timeout kill the whole tree (npm -> node -> workers).
        process = subprocess.Popen([TIME, "-v", "-o", report.name, *argv], cwd=cwd,
                                   env={**os.environ, **(env or {})}, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        try:
            status: int | None = process.wait(limit)
        except subprocess.TimeoutExpired:
            kill_group(process)
            status = None
        seconds = time.perf_counter() - started
        out.seek(0)
        output = out.read().decode(errors="replace")
        match = _MAX_RSS.search(Path(report.name).read_text(errors="replace"))
    peak = int(match.group(1)) / 1024 if match else None
    return Measured(seconds, peak, status, output)
