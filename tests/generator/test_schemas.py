"""Editors' schemas: every content file names one, it accepts the file as a draft-07 schema, and
it lists the organizations and events that `host:` and `featured:` name."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.models import LANGUAGE_FOLDER

CONTENT = Path(__file__).resolve().parents[2] / "content"
# Translations (es/<name>.yaml) hold only prose, checked against their English file by the
# generator: no schema describes a part of a file.
FILES = sorted(p for p in CONTENT.rglob("*.yaml") if "schemas" not in p.parts
               and not LANGUAGE_FOLDER.fullmatch(p.parent.name))
MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CONTENT)) for p in FILES])
def test_content_file_validates_against_its_modeline_schema(path: Path) -> None:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = MODELINE.match(first)
    assert match, f"{path.name} must start with a yaml-language-server $schema modeline"
    schema_path = (path.parent / match.group(1)).resolve()
    schema = json.loads(schema_path.read_text())
    jsonschema.Draft7Validator.check_schema(schema)
    # yaml-language-server reads YAML 1.2, where 2025-07-27 is a string, not a date.
    data = json.loads(json.dumps(yaml.safe_load(path.read_text()), default=str))
    errors = [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(data)]
    assert errors == []


def test_schema_rejects_what_the_generator_rejects() -> None:
    schema = json.loads((CONTENT / "schemas" / "organization.schema.json").read_text())
    validator = jsonschema.Draft7Validator(schema)
    org = json.loads(json.dumps(yaml.safe_load((CONTENT / "organizations/keenstl.yaml")
                                                .read_text()), default=str))
    assert not list(validator.iter_errors(org))
    assert list(validator.iter_errors({**org, "nmae": "typo"}))
    assert list(validator.iter_errors({**org, "core_impact": org["core_impact"][:3]}))


def test_host_and_featured_list_the_organizations_and_events_with_their_names() -> None:
    host = json.loads((CONTENT / "schemas/event.schema.json").read_text())["properties"]["host"]
    organizations = sorted((p.stem for p in (CONTENT / "organizations").glob("*.yaml")),
                           key=str.lower)
    assert host["enum"] == organizations
    keen = host["enum"].index("keenstl")
    assert host["enumDescriptions"][keen] == host["markdownEnumDescriptions"][keen] == (
        "KEEN St. Louis")
    home = json.loads((CONTENT / "schemas/page-home.schema.json").read_text())
    featured = next(b for b in home["properties"]["featured"]["anyOf"] if b["type"] == "string")
    assert "doorways-welcome-kits" in featured["enum"]
    assert len(featured["enum"]) == len(list((CONTENT / "events").glob("*.yaml")))
    named = dict(zip(featured["enum"], featured["enumDescriptions"], strict=True))
    assert named["doorways-welcome-kits"] == "Welcome Home Kit Assembly (2027-01-16)"
    assert named["keen-sports-saturdays"] == "KEEN Sports Saturday (a series from 2026-12-19)"


def test_the_scaffolds_add_their_file_to_the_lists(
    tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    status, stdout, _ = run_cli("new-org", "--content", str(content), "gatewaygreening",
                                "--name", "Gateway Greening")
    assert status == 0
    assert f"Refreshed the lists of organizations and events in {content}/schemas/" in stdout
    event = json.loads((content / "schemas/event.schema.json").read_text())
    host = event["properties"]["host"]
    assert dict(zip(host["enum"], host["enumDescriptions"], strict=True))["gatewaygreening"] == (
        "Gateway Greening")
    assert run_cli("new-event", "--content", str(content), "tree-planting",
                   "--host", "gatewaygreening")[0] == 0
    home = json.loads((content / "schemas/page-home.schema.json").read_text())
    assert "tree-planting" in home["properties"]["featured"]["anyOf"][0]["enum"]
