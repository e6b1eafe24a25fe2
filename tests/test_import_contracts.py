"""The service's floors hold: import-linter keeps its contracts on the code, and breaks them
when a domain imports the app assembly or a ground module imports a domain."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(project: Path) -> subprocess.CompletedProcess[str]:
    """Run import-linter on a project folder with its pyproject.toml, as `make test` does."""
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(project / "pyproject.toml")],
        cwd=project, env={"PYTHONPATH": str(project), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120, check=False)


def copy_of_the_project(tmp_path: Path) -> Path:
    """A copy of the packages and the contracts, to plant a wrong import in."""
    for package in ("rsvp_service", "generator"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__", "fonts", "templates"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_code_keeps_every_contract() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 3 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(("module", "planted", "contract"), [
    ("rsvps/cancel.py", "import rsvp_service.app.app",
     "No domain or ground module imports the app assembly"),
    ("web/errors.py", "import rsvp_service.rsvps.store", "The service's floors"),
    ("mail/outbox.py", "import rsvp_service.accounts.models", "The service's floors"),
    ("accounts/models.py", "import rsvp_service.organize.models", "The service's floors"),
    ("generator/models.py", "import rsvp_service.settings", "The generator stands alone"),
])
def test_a_wrong_import_breaks_its_contract(
    tmp_path: Path, module: str, planted: str, contract: str,
) -> None:
    project = copy_of_the_project(tmp_path)
    path = project / module if module.startswith("generator/") else (
        project / "rsvp_service" / module)
    path.write_text(path.read_text() + f"\n{planted}  # planted by the test\n")

    result = lint_imports(project)

    assert result.returncode == 1, result.stdout + result.stderr
    broken = result.stdout.split("Broken contracts", 1)[1]
    assert contract in broken
    assert f"-> {planted.split()[-1]}" in broken
