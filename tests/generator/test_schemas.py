"""Editors' schemas: every content file names one, and it accepts the file as a draft-07 schema."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

CONTENT = Path(__file__).resolve().parents[2] / "content"
FILES = sorted(p for p in CONTENT.rglob("*.yaml") if "schemas" not in p.parts)
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
