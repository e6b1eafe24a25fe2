"""`make dev`'s loop, timed: an editor saves an organization's file; how long until the browser
shows the change.

Runs what `make dev` runs for content (the generator's `build --watch` and `vike dev`, without the
API, which a profile page does not call) on a copy of a content tree, opens the organization's
page in Chromium, then changes its tagline ROUNDS times, each time from the file's write until
the page (reloaded by vite.config.ts's content watcher) shows the new text. The service and the
real build/ are untouched.

`python -m bench.dev_loop [SIZE]`: SIZE organizations from bench.synth (default: the real content).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.context import ROOT
from bench.measure import kill_group
from bench.servers import free_port
from bench.synth import make_content

ROUNDS = 5
SLUG = "keenstl"
TARGET_SECONDS = 1.0
CHROMIUM = next((p for p in ("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")
                 if Path(p).exists()), "/usr/bin/chromium")


def _wait_until(check: Callable[[], bool], what: str, limit: float = 120.0) -> None:
    """Poll `check()` until it is true, or stop saying what did not happen."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise SystemExit(f"{what} did not happen within {limit:.0f} s.")


def measure(tree: Path, scratch: Path) -> list[float]:
    """Start the watch and the dev server on `tree`; return each round's seconds to the page."""
    out, port = scratch / "content-out", free_port()
    log = (scratch / "vike-dev.log").open("wb")
    env = {**os.environ, "CONTENT_DIR": str(out), "HOST": "127.0.0.1", "PORT": str(port)}
    started: list[subprocess.Popen[bytes]] = [
        subprocess.Popen([sys.executable, "-m", "generator", "build", "--watch", "--content",
                          str(tree), "--out", str(out)], cwd=ROOT, env=env,
                         stdout=subprocess.DEVNULL, start_new_session=True),
    ]
    url = f"http://127.0.0.1:{port}/{SLUG}"
    try:
        # As `make dev`: the content is built before vike dev starts (it loads routes.json then).
        _wait_until(lambda: (out / "routes.json").exists(), "The generator's first build", 600.0)
        started.append(subprocess.Popen(["node_modules/.bin/vike", "dev"], cwd=ROOT / "site",
                                        env=env, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True))
        try:
            _wait_until(lambda: urllib.request.urlopen(url, timeout=30).status == 200,
                        "vike dev answering", limit=300.0)
        except SystemExit:
            print((scratch / "vike-dev.log").read_text(errors="replace")[-2000:], file=sys.stderr)
            raise
        source = tree / "organizations" / f"{SLUG}.yaml"
        original = source.read_text(encoding="utf-8")
        line = next(x for x in original.splitlines() if x.startswith("tagline:"))
        seconds: list[float] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page()
            page.goto(url)
            for n in range(ROUNDS):
                marker = f"Measured tagline {n} {time.time_ns()}"
                began = time.perf_counter()
                source.write_text(original.replace(line, f"tagline: {marker}"), encoding="utf-8")
                page.wait_for_function("m => document.body.innerText.includes(m)", arg=marker,
                                       timeout=60_000, polling=20)
                seconds.append(time.perf_counter() - began)
            browser.close()
        return seconds
    finally:
        for process in started:
            kill_group(process)
        log.close()


def main(argv: list[str] | None = None) -> int:
    """Measure the loop and print each round and the median against the 1 s target."""
    parser = argparse.ArgumentParser(prog="python -m bench.dev_loop", description=__doc__)
    parser.add_argument("size", type=int, nargs="?", default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="civicstl-dev-loop-") as folder:
        scratch = Path(folder)
        tree = make_content(args.size, scratch / "tree", ROOT / "content") if args.size else None
        if tree is None:
            tree = scratch / "tree"
            subprocess.run(["cp", "-r", str(ROOT / "content"), str(tree)], check=True)
        seconds = measure(tree, scratch)
    median = statistics.median(seconds)
    verdict = "PASS" if median <= TARGET_SECONDS else "FAIL"
    print(f"dev loop ({args.size or 'real'} organizations): "
          f"{', '.join(f'{s:.2f}' for s in seconds)} s; median {median:.2f} s "
          f"(target <= {TARGET_SECONDS:.0f} s) {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
