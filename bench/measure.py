"""Running a command under `/usr/bin/time -v` with a time limit: wall time and peak memory."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

TIME = "/usr/bin/time"
_MAX_RSS = re.compile(r"Maximum resident set size \(kbytes\): (\d+)")
_CPU = re.compile(r"(User|System) time \(seconds\): (\d+\.\d+)")
_RSS = re.compile(rb"^VmRSS:\s+(\d+) kB", re.MULTILINE)
SAMPLE_SECONDS = 0.2


@dataclass
class Measured:
    """The outcome of one timed command."""

    seconds: float
    peak_mb: float | None
    status: int | None  # None when the time limit killed it
    output: str
    # CPU seconds of the command and the children it waited for, in user space and in the kernel.
    user_s: float = 0.0
    sys_s: float = 0.0

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


def session_rss_kb(session: int) -> int:
    """The summed resident memory of every process in a session (Linux /proc)."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_bytes()
            # The session (field 6) follows the command name, which may hold spaces.
            if int(stat.rsplit(b")", 1)[1].split()[3]) != session:
                continue
            found = _RSS.search(Path(entry.path, "status").read_bytes())
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile
        total += int(found.group(1)) if found else 0
    return total


class _TreePeak(threading.Thread):
    """Samples a session's summed RSS until stopped: processes running side by side (a build's
    parallel prerender runs) add up, which /usr/bin/time's per-process maximum cannot show."""

    def __init__(self, session: int) -> None:
        super().__init__(daemon=True)
        self.session, self.peak_kb = session, 0
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(SAMPLE_SECONDS):
            self.peak_kb = max(self.peak_kb, session_rss_kb(self.session))


def timed(argv: list[str], *, limit: float, cwd: Path | None = None,
          env: dict[str, str] | None = None) -> Measured:
    """Run `argv` under /usr/bin/time -v, killing its process group after `limit` seconds.

    Peak memory is the larger of the largest maximum RSS of the command or any child it waited
    for, and the largest sum over the processes alive at once (sampled every 0.2 s).
    """
    with tempfile.NamedTemporaryFile(prefix="bench-time-", suffix=".txt") as report, \
            tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        # A new session lets a timeout kill the whole tree (npm -> node -> workers).
        process = subprocess.Popen([TIME, "-v", "-o", report.name, *argv], cwd=cwd,
                                   env={**os.environ, **(env or {})}, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        tree = _TreePeak(process.pid)
        tree.start()
        try:
            status: int | None = process.wait(limit)
        except subprocess.TimeoutExpired:
            kill_group(process)
            status = None
        finally:
            tree.done.set()
            tree.join()
        seconds = time.perf_counter() - started
        out.seek(0)
        output = out.read().decode(errors="replace")
        usage = Path(report.name).read_text(errors="replace")
    match = _MAX_RSS.search(usage)
    cpu = {kind: float(value) for kind, value in _CPU.findall(usage)}
    single = int(match.group(1)) if match else 0
    peak = max(single, tree.peak_kb) / 1024 if single or tree.peak_kb else None
    return Measured(seconds, peak, status, output, cpu.get("User", 0.0), cpu.get("System", 0.0))
