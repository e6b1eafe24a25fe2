"""pyproject.toml describes the project as installers read it: the dependencies requirements.in
names, console scripts that run, and every data file the packages read."""

from __future__ import annotations

import importlib
import subprocess
import tomllib
from fnmatch import fnmatch
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def requirement_set(lines: list[str]) -> set[str]:
    """Requirements normalized (name, extras, version) so spelling differences do not count."""
    return {str(Requirement(line)).lower().replace("_", "-") for line in lines}


def test_the_dependencies_are_requirements_ins() -> None:
    listed = [line.split("#", 1)[0].strip()
              for line in (ROOT / "requirements.in").read_text(encoding="utf-8").splitlines()]
    wanted = [line for line in listed if line and not line.startswith("-")]

    assert requirement_set(PROJECT["project"]["dependencies"]) == requirement_set(wanted)
    assert len(PROJECT["project"]["dependencies"]) == len(wanted)


def test_the_console_scripts_name_functions_that_exist() -> None:
    scripts = PROJECT["project"]["scripts"]

    assert set(scripts) == {"civicstl-service", "civicstl-content"}
    for target in scripts.values():
        module, _, function = target.partition(":")
        assert callable(getattr(importlib.import_module(module), function)), target


def test_a_setuptools_build_would_ship_every_data_file() -> None:
    assert PROJECT["build-system"]["build-backend"] == "setuptools.build_meta"
    tracked = subprocess.run(["git", "ls-files", "generator", "rsvp_service"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
    data = [path for path in tracked if not path.endswith((".py", "ruff.toml"))]
    patterns = PROJECT["tool"]["setuptools"]["package-data"]

    assert data
    for path in data:
        package, _, inside = path.partition("/")
        assert any(fnmatch(inside, pattern) for pattern in patterns.get(package, [])), path
