"""The editors' JSON Schemas and the generator agree on every content file and failing fixture.

A schema sees one file's data, so rules about other files, the file system, YAML syntax or
arithmetic between fields cannot be written in it; those rules are listed with their reason in
SCHEMA_CANNOT and are the only ones the agreement test leaves to the generator.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from generator.errors import ContentInvalid
from generator.field_tables import refresh
from generator.models import LANGUAGE_FOLDER
from generator.schemas import content_schema
from generator.validate import validate
from tests.generator.generator_testkit import VALID
from tests.generator.rule_cases import CASES

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"

# Rule (as named in rule_cases.CASES) -> why a JSON Schema cannot express it.
SCHEMA_CANNOT = {
    "YAML syntax error": "the file is not YAML, so there is no data to check "
                         "(yaml-language-server reports it as a syntax error instead)",
    "duplicate YAML key": "a YAML loader keeps one of the two keys before any schema sees them",
    "broken internal link": "which pages exist depends on the other content files",
    "broken internal link in Markdown text": "a schema sees text, not the Markdown links in it, "
                                             "nor which pages exist",
    "Markdown link neither internal nor https": "a schema sees text, not the Markdown links in it",
    "internal link with wrong case": "which pages exist depends on the other content files",
    "legacy path is not a live route": "which routes are live depends on the other content files",
    "legacy paths do not collide": "a collision is between two files",
    "image file exists": "a schema cannot see the file system",
    "guest event is a one-slot guest event": "the guest event is another file",
    "slot ends after it starts": "comparing two clock times is arithmetic, not a pattern",
    "series date is an occurrence": "expanding a recurrence rule is computation",
    "except date is an occurrence": "expanding a recurrence rule is computation",
    "series of at most 400 dates": "counting a rule's dates is computation",
    **{rule: "placeholders are words inside any text; a pattern forbidding them on every text "
             "field would bury each hover, so the check alone refuses them"
       for rule in ("to-do note", "lorem ipsum", "the guide's sample text", "example address")},
}


class _Yaml12Loader(yaml.SafeLoader):
    """Reads dates as strings, as yaml-language-server (YAML 1.2) hands them to the schema."""


_Yaml12Loader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _schema_name(path: Path) -> str:
    """The schema a file's modeline names, from where the file sits (fixtures have no modelines)."""
    if path.parent.name == "pages":
        return f"page-{path.stem}"
    return {"organizations": "organization", "events": "event"}.get(path.parent.name, path.stem)


def schema_errors(path: Path, root: Path) -> list[str]:
    """What the file's schema says about it, with dates read as yaml-language-server reads them.

    The schema is the one `make schemas` writes for the content folder `root`: it lists that
    folder's organizations and events (content/'s own are committed, test_build checks them).
    """
    schema = content_schema(_schema_name(path), root)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(
        schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER
    )
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Yaml12Loader)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(data)]


def _yaml_files(root: Path) -> list[Path]:
    # Translations (es/<name>.yaml) are parts of files, which no schema describes.
    return sorted(p for p in root.rglob("*.yaml") if "schemas" not in p.parts
                  and not LANGUAGE_FOLDER.fullmatch(p.parent.name))


@pytest.mark.parametrize("root", [CONTENT, VALID], ids=["content", "fixtures-valid"])
def test_generator_and_schemas_accept_every_valid_file(root: Path) -> None:
    validate(root)  # raises ContentInvalid, with every error, if the generator disagrees
    for path in _yaml_files(root):
        assert schema_errors(path, root) == [], path


@pytest.mark.parametrize(("rule", "file", "old", "new"), [c[:4] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_schema_and_generator_agree_on_each_failing_fixture(
    rule: str, file: str, old: str, new: str, tmp_path: Path
) -> None:
    root = tmp_path / "content"
    shutil.copytree(VALID, root)
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ContentInvalid):
        validate(root)
    if rule in SCHEMA_CANNOT:
        return
    assert schema_errors(path, root), f"the schema accepts what the generator refuses ({rule})"


def test_every_rule_the_schema_cannot_express_is_a_real_case() -> None:
    assert set(SCHEMA_CANNOT) <= {c[0] for c in CASES}


def test_every_content_field_has_a_description_and_examples() -> None:
    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for name, prop in node.get("properties", {}).items():
                assert prop.get("description"), f"{where}.{name} has no description"
                assert prop.get("examples"), f"{where}.{name} has no examples"
            for key, value in node.items():
                # A rule's condition (if, not) names fields described where they are declared.
                if key not in ("if", "not"):
                    walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    schemas = sorted((CONTENT / "schemas").glob("*.schema.json"))
    assert len(schemas) == 6
    for schema in schemas:
        walk(json.loads(schema.read_text(encoding="utf-8")), schema.name)


def test_guide_field_tables_are_the_models_descriptions() -> None:
    guide = (CONTENT / "README.md").read_text(encoding="utf-8")
    assert guide.count("<!-- fields: ") == 2
    assert refresh(guide) == guide, "run `make schemas` to rewrite content/README.md's tables"
