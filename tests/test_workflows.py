"""`make lint` validates the CI workflows against GitHub's schema, offline: a workflow GitHub
would reject fails it, and the project's own workflows pass."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# No proxy answers here: a check that reached for the network would fail.
OFFLINE = {"HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
           "http_proxy": "http://127.0.0.1:9", "https_proxy": "http://127.0.0.1:9"}


def lint_workflows(*workflows: Path) -> subprocess.CompletedProcess[str]:
    """Run `make lint-workflows` (on the given files, or the project's) with this Python's tools."""
    chosen = [f"WORKFLOWS={' '.join(map(str, workflows))}"] if workflows else []
    return subprocess.run(
        ["make", "-s", "--no-print-directory", "lint-workflows",
         f"BIN={Path(sys.executable).parent}", *chosen],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, **OFFLINE})


def test_lint_runs_the_workflow_check() -> None:
    planned = subprocess.run(["make", "-n", "--no-print-directory", "lint-run"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout

    assert "check-jsonschema --builtin-schema vendor.github-workflows" in planned
    for workflow in sorted((ROOT / ".github" / "workflows").glob("*.yml")):
        assert f".github/workflows/{workflow.name}" in planned


def test_the_projects_workflows_pass_offline() -> None:
    done = lint_workflows()

    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok -- validation done" in done.stdout


def test_a_workflow_github_would_reject_fails(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yml"
    # `runs-on` missing and a step with neither `run` nor `uses`.
    broken.write_text("on: push\njobs:\n  test:\n    steps:\n      - name: nothing\n")

    done = lint_workflows(broken)

    assert done.returncode != 0
    assert "broken.yml" in done.stdout + done.stderr
