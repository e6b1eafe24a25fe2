"""`--dist loadgroup` honours an `xdist_group` mark added by a collection hook, as this package's
conftest adds it to the journeys on the paged build (so that one worker builds it once).

pytest 9.2 broke this silently (pytest-dev/pytest-xdist#1386; requirements-dev.in pins 9.1).
This guards the pin, with a hook of the same kind on a small tree: it fails when an upgrade
breaks the groups again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

CONFTEST = '''
import pytest

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.name.startswith("test_journey"):
            item.add_marker(pytest.mark.xdist_group("e2e"))
'''

TESTS = '''
import pytest

@pytest.mark.parametrize("n", range(4))
def test_it(n):
    assert n in range(4)
'''


def test_grouped_tests_run_on_one_worker_and_the_rest_spread(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    for name in ("test_journey_a.py", "test_journey_b.py", "test_other_a.py", "test_other_b.py"):
        (tmp_path / name).write_text(TESTS, encoding="utf-8")
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTEST_", "COV_"))}
    # xdist alone: the other installed plugins (schemathesis, hypothesis...) took 7.7 of its
    # 9.8 s of CPU, loaded by each of the four processes.
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-n", "3", "--dist", "loadgroup",
         "-v", "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(tmp_path),
         str(tmp_path)],
        capture_output=True, text=True, env=env, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    passed = [line.split() for line in run.stdout.splitlines() if " PASSED " in line]
    journeys = {words[0] for words in passed if "test_journey_" in words[-1]}
    others = {words[0] for words in passed if "test_other_" in words[-1]}
    assert len(passed) == 16, run.stdout
    assert len(journeys) == 1, f"the grouped tests ran on {sorted(journeys)}:\n{run.stdout}"
    assert len(others) > 1, f"the ungrouped tests all ran on {sorted(others)}:\n{run.stdout}"
