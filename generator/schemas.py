"""JSON Schemas of the content files (for editors) and of the emitted JSON (for site types)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, TypeAdapter

from generator import civic_index, outputs
from generator.registry import CONTENT_TYPES

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


def content_schema(name: str) -> dict[str, Any]:
    """The schema editors' YAML files are checked against while they type."""
    schema = CONTENT_MODELS[name].model_json_schema(mode="validation")
    _markdown(schema)
    return _draft07(schema, name)


def all_schemas() -> dict[str, dict[str, Any]]:
    """Every schema the build emits, by file stem."""
    result = {name: content_schema(name) for name in CONTENT_MODELS}
    for name, model in OUTPUT_MODELS.items():
        schema = TypeAdapter(model).json_schema(mode="serialization", by_alias=True)
        result[name] = _draft07(schema, name)
    return result
