"""What an editor sees: yaml-language-server's hover on a field shows the model's description.

Runs the pinned yaml-language-server (tests/generator/yaml_hover/package-lock.json) the way VS
Code's YAML extension does, on real content files with their schema modelines.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
from pathlib import Path

import pytest
from pydantic import BaseModel

from generator.models import Event, Organization, Slot

HERE = Path(__file__).parent / "yaml_hover"
CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.fixture(scope="module")
def hover_tool(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hover script, with its pinned npm packages installed from the lock file."""
    # Every xdist worker that runs one of these asks for the install, into one folder: a lock the
    # workers share makes one `npm ci` there at a time (two at once broke each other's install
    # in CI).
    shared = tmp_path_factory.getbasetemp().parent
    with (shared / "yaml-hover-install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (HERE / "node_modules" / "yaml-language-server").is_dir():
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE,
                           check=True, timeout=300, capture_output=True)
    return HERE / "hover.mjs"


@pytest.mark.parametrize(("file", "key", "model", "field"), [
    ("organizations/keenstl.yaml", "tagline:", Organization, "tagline"),
    ("organizations/keenstl.yaml", "description:", Organization, "description"),
    ("events/inclusive-sports-clinic.yaml", "host:", Event, "host"),
    ("events/inclusive-sports-clinic.yaml", "  - time:", Slot, "time"),
])
def test_hover_shows_the_field_description(hover_tool: Path, file: str, key: str,
                                           model: type[BaseModel], field: str) -> None:
    path = CONTENT / file
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith(key))
    column = len(key) - len(key.lstrip(" -")) + 1
    done = subprocess.run(["node", str(hover_tool), str(path), str(line), str(column)],
                          capture_output=True, text=True, timeout=60, check=True)
    hover = json.loads(done.stdout)["contents"]["value"]
    description = model.model_fields[field].description
    assert description
    assert description in hover
    assert "Example" in hover
