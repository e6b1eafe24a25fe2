"""`make check` installs requirements-generator.txt only: it must hold what the generator imports,
at the versions and hashes of the full set."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.generator.generator_testkit import VALID

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+)==(\S+)((?:\s*\\\n\s*--hash=\S+)+)", re.MULTILINE)


def _pins(name: str) -> dict[str, tuple[str, frozenset[str]]]:
    text = (ROOT / name).read_text(encoding="utf-8")
    return {
        m[1].lower().replace("_", "-"): (m[2], frozenset(re.findall(r"--hash=(\S+)", m[3])))
        for m in PIN.finditer(text)
    }


def test_light_set_is_the_full_sets_pins() -> None:
    light, full = _pins("requirements-generator.txt"), _pins("requirements.txt")
    assert {"pydantic", "pyyaml"} <= set(light)
    for name, pin in light.items():
        assert full.get(name) == pin, f"{name} differs from requirements.txt; re-lock both"


# Runs a check, a build and both scaffolds in a fresh interpreter, then names the distribution of
# every third-party module they loaded.
PROBE = """
import json, shutil, sys, sysconfig, tempfile
from importlib.metadata import packages_distributions
before = set(sys.modules)  # what the interpreter loaded at start-up (.pth hooks) is not ours
from generator.cli import main
copy = shutil.copytree(sys.argv[1], tempfile.mkdtemp() + "/content")
status = [main(["check", "--content", sys.argv[1]]),
          main(["build", "--content", sys.argv[1], "--out", tempfile.mkdtemp()]),
          main(["new-org", "--content", copy, "riverlink"]),
          main(["new-event", "--content", copy, "homework-help", "--host", "riverlink"])]
site = (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])
owners = packages_distributions()
loaded = {name.split(".")[0] for name, module in list(sys.modules.items())
          if name not in before and (getattr(module, "__file__", None) or "").startswith(site)}
print(json.dumps({"status": status,
                  "dists": sorted({d.lower().replace("_", "-")
                                   for top in loaded for d in owners.get(top, [top])})}))
"""


def test_check_and_build_import_only_the_light_set() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, str(VALID)], capture_output=True,
                          text=True, check=True, cwd=ROOT)
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["status"] == [0, 0, 0, 0]
    assert result["dists"], "the probe saw no third-party module at all"
    assert set(result["dists"]) <= set(_pins("requirements-generator.txt"))


def test_scaffolds_run_in_the_light_virtualenv() -> None:
    """`make new-org` and `make new-event` run in `make check`'s venv, not the full one."""
    listed = subprocess.run(["make", "-s", "help"], capture_output=True, text=True, check=True,
                            cwd=ROOT).stdout
    assert re.search(r"^new-org ", listed, re.MULTILINE)
    assert re.search(r"^new-event ", listed, re.MULTILINE)
    for target, args in (("new-org", ["SLUG=riverlink", "NAME=RiverLink"]),
                         ("new-event", ["SLUG=homework-help", "HOST=riverlink"])):
        planned = subprocess.run(["make", "-n", target, "CONTENT=/nowhere", *args],
                                 capture_output=True, text=True, check=True, cwd=ROOT).stdout
        assert f".venv-check/bin/python -m generator {target} --content /nowhere" in planned
        assert ".venv/bin" not in planned.replace(".venv-check/", "")
    phony = re.search(r"^\.PHONY:(.*?)\n\n", (ROOT / "Makefile").read_text(), re.S | re.M)
    assert phony and {"new-org", "new-event"} <= set(phony[1].replace("\\", " ").split())
