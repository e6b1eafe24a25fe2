"""JSON Schemas of the content files (for editors) and of the emitted JSON (for site types).

The editors' schemas, written into content/schemas/ by `make schemas`, also list the content's
organizations for an event's `host` and its events for the home page's `featured`, each with its
name, so that editors autocomplete them; the build's copies describe the models alone.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, TypeAdapter

from generator import civic_index, outputs
from generator.registry import CONTENT_TYPES, EVENT, HOME, ORGANIZATION, ContentType

CONTENT_MODELS: dict[str, type[BaseModel]] = {kind.name: kind.model for kind in CONTENT_TYPES}
OUTPUT_MODELS: dict[str, Any] = {
    "output-site": outputs.SiteOut,
    "output-page-home": outputs.HomePageOut,
    "output-page-about": outputs.AboutPageOut,
    "output-page-tornado": outputs.TornadoPageOut,
    "output-organization-index": civic_index.OrganizationIndex,
    "output-civic-index": civic_index.CivicIndexOut,
    "output-search-chunk": civic_index.SearchChunkOut,
    "output-organization": outputs.OrganizationOut,
    "output-organization-profiles": outputs.OrganizationProfilesOut,
    "output-events": outputs.EventsOut,
    "output-routes": outputs.RoutesOut,
    "output-redirects": outputs.RedirectsOut,
    "output-share": outputs.ShareImagesOut,
}
# yaml-language-server understands draft-07 fully; pydantic writes 2020-12 `$defs`.
DRAFT = "http://json-schema.org/draft-07/schema#"


def _draft07(schema: dict[str, Any], title: str) -> dict[str, Any]:
    text = (
        json.dumps(schema).replace('"$defs"', '"definitions"')
        .replace("#/$defs/", "#/definitions/")
    )
    converted: dict[str, Any] = json.loads(text)
    return {"$schema": DRAFT, "$id": f"{title}.schema.json", **converted}


def _markdown(node: Any) -> None:
    """Give each description a markdownDescription twin: editors then render its `code` and
    **bold** instead of showing the characters escaped."""
    if isinstance(node, dict):
        if isinstance(node.get("description"), str):
            node["markdownDescription"] = node["description"]
        for value in node.values():
            _markdown(value)
    elif isinstance(node, list):
        for value in node:
            _markdown(value)


# (schema, field) -> the kind of file whose slugs it names, and the field that names each file;
# the web editor offers the same files by that name (generator/cms_config.py).
CHOICES: dict[tuple[str, str], tuple[ContentType, str]] = {
    (EVENT.name, "host"): (ORGANIZATION, "name"),
    (HOME.name, "featured"): (EVENT, "title"),
}
_SLUG = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*$")


def _choices(root: Path, kind: ContentType, label: str) -> dict[str, str]:
    """Each file's slug in a content folder, with the name it gives itself (or the slug)."""
    found: dict[str, str] = {}
    for path in sorted((root / kind.entries_folder).glob("*.yaml"), key=lambda p: p.stem.lower()):
        if not _SLUG.match(path.stem):
            continue  # the check refuses the file's name
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (yaml.YAMLError, UnicodeDecodeError):
            data = None  # the check reports it; the slug is still worth completing
        fields = data if isinstance(data, dict) else {}
        name = fields.get(label)
        named = name if isinstance(name, str) else path.stem
        when = fields.get("date")
        if when is not None:
            named += f" (a series from {when})" if fields.get("repeat") else f" ({when})"
        found[path.stem] = named
    return found


def _enumerate(prop: dict[str, Any], choices: dict[str, str]) -> None:
    """List the slugs a string property takes, with their names as editors show them."""
    target = next((branch for branch in prop.get("anyOf", []) if branch.get("type") == "string"),
                  prop)
    target.pop("pattern", None)
    target["enum"] = list(choices)
    # VS Code's YAML extension shows these beside each completion and on hover.
    target["enumDescriptions"] = list(choices.values())
    target["markdownEnumDescriptions"] = list(choices.values())


def content_schema(name: str, root: Path | None = None) -> dict[str, Any]:
    """The schema editors' YAML files are checked against while they type; given the content
    folder, it lists the organizations and events that fields name (see the module docstring)."""
    schema = CONTENT_MODELS[name].model_json_schema(mode="validation")
    _markdown(schema)
    for (schema_name, field), (kind, label) in CHOICES.items():
        choices = _choices(root, kind, label) if root is not None and schema_name == name else {}
        if choices:  # an empty list would refuse every value: the pattern stays
            _enumerate(schema["properties"][field], choices)
    return _draft07(schema, name)


# Made once per process: they follow the models alone, and `build --watch` (`make dev`) rebuilds
# in one process (a third of a rebuild of the real content went into them). Callers only read them.
@functools.cache
def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema the build emits, by file stem."""
    result = {name: content_schema(name) for name in CONTENT_MODELS}
    for name, model in OUTPUT_MODELS.items():
        schema = TypeAdapter(model).json_schema(mode="serialization", by_alias=True)
        result[name] = _draft07(schema, name)
    return result
