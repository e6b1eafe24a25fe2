"""The OpenAPI 3.1 document at /api/openapi.json, generated from the app's declared endpoints.

Each route declared with `rsvp_service.web.contract.endpoint` gives one operation: its summary,
security, path and query parameters, request body and every declared status with its model's
JSON schema (pydantic's `model_json_schema`, `$defs` merged into `components.schemas`), and the
rate limits it declares as `x-rate-limits` (name, key, rate, counts).
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.web import contract
from rsvp_service.web.contract import (
    Declared,
    Endpoint,
    Media,
    endpoint,
    status_phrase,
)

JSON = "application/json"
REF = "#/components/schemas/{model}"
SECURITY: dict[str, list[dict[str, list[str]]]] = {
    "none": [],
    "optional": [{}, {"accessToken": []}],
    "token": [{"accessToken": []}],
    "cookie": [{"refreshCookie": []}],
    "optional-cookie": [{}, {"refreshCookie": []}],
}
SECURITY_SCHEMES = {
    "accessToken": {"type": "apiKey", "in": "header", "name": "x-auth-token"},
    "refreshCookie": {"type": "apiKey", "in": "cookie", "name": REFRESH_COOKIE},
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "required": True}}
LOCATION = {"Location": {"schema": {"type": "string"}, "required": True}}
# Starlette's path convertors, as JSON schemas.
CONVERTORS = {
    "IntegerConvertor": {"type": "integer"},
    "FloatConvertor": {"type": "number"},
    "UUIDConvertor": {"type": "string", "format": "uuid"},
}


class _Schemas:
    """The document's component schemas, filled as operations refer to models."""

    def __init__(self) -> None:
        self.components: dict[str, Any] = {}

    def ref(self, model: type[BaseModel], mode: typing.Literal["validation", "serialization"]
            ) -> dict[str, Any]:
        schema = model.model_json_schema(ref_template=REF, mode=mode)
        self.components.update(schema.pop("$defs", {}))
        self.components[model.__name__] = schema
        return {"$ref": REF.format(model=model.__name__)}

    def answer(self, declared: Declared) -> dict[str, Any] | None:
        """The `content` of a declared answer (None: no body)."""
        if declared is None:
            return None
        if isinstance(declared, Media):
            return {declared.media_type: {"schema": dict(declared.schema)}}
        models = typing.get_args(declared) or (declared,)
        refs = [self.ref(model, "serialization") for model in models]
        return {JSON: {"schema": refs[0] if len(refs) == 1 else {"anyOf": refs}}}


def _response(status: int, declared: Declared, schemas: _Schemas) -> dict[str, Any]:
    entry: dict[str, Any] = {"description": status_phrase(status)}
    content = schemas.answer(declared)
    if content is not None:
        entry["content"] = content
    if status in (429, 503):
        entry["headers"] = RETRY_AFTER
    elif 300 <= status < 400:
        entry["headers"] = LOCATION
    return entry


def _parameters(declared: Endpoint, route: Route, schemas: _Schemas) -> list[dict[str, Any]]:
    parameters = [
        {"name": name, "in": "path", "required": True,
         "schema": getattr(convertor, "json_schema", None)
         or CONVERTORS.get(type(convertor).__name__, {"type": "string"})}
        for name, convertor in route.param_convertors.items()
    ]
    if declared.query is not None:
        schema = declared.query.model_json_schema(ref_template=REF)
        schemas.components.update(schema.pop("$defs", {}))
        required = set(schema.get("required", []))
        parameters += [
            {"name": name, "in": "query", "required": name in required, "schema": field}
            for name, field in schema.get("properties", {}).items()
        ]
    return parameters


def _operation(declared: Endpoint, route: Route, schemas: _Schemas) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": declared.summary, "operationId": route.name}
    if parameters := _parameters(declared, route, schemas):
        operation["parameters"] = parameters
    if declared.body is not None:
        operation["requestBody"] = {
            "required": not declared.body_optional,
            "content": {JSON: {"schema": schemas.ref(declared.body, "validation")}},
        }
    answers = {**declared.responses, **declared.errors}
    operation["responses"] = {
        str(status): _response(status, answers[status], schemas) for status in sorted(answers)
    }
    if security := SECURITY[declared.auth]:
        operation["security"] = security
    if declared.limits:
        operation["x-rate-limits"] = [
            {"name": limit.name, "key": limit.key, "rate": limit.rate, "counts": limit.counts}
            for limit in declared.limits
        ]
    if declared.sends_mail_to:
        operation["x-sends-mail-to"] = declared.sends_mail_to
    return operation


def build_document(routes: Sequence[BaseRoute]) -> dict[str, Any]:
    """Build the document from an app's routes."""
    schemas = _Schemas()
    paths: dict[str, Any] = {}
    for route in routes:
        declared = contract.declared(route)
        if declared is None or not isinstance(route, Route):
            continue
        paths.setdefault(route.path_format, {})[declared.method.lower()] = _operation(
            declared, route, schemas
        )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "CivicSTL API",
            "version": "1.0.0",
            "description": "Accounts and RSVPs for CivicSTL. Every error is one sentence in "
            "{error}, except the legacy endpoints of the README's \"Error answers\" table.",
        },
        "paths": dict(sorted(paths.items())),
        "components": {
            "schemas": dict(sorted(schemas.components.items())),
            "securitySchemes": SECURITY_SCHEMES,
        },
    }


@endpoint("GET", "/api/openapi.json", responses={200: Media(JSON, {"type": "object"})},
          summary="This document.")
async def openapi_json(request: Request) -> Response:
    """GET /api/openapi.json: the OpenAPI 3.1 description of every endpoint."""
    document = getattr(request.app.state, "openapi_document", None)
    if document is None:
        # Built once per app: it depends on the code only.
        document = request.app.state.openapi_document = build_document(request.app.routes)
    return JSONResponse(document)


def routes() -> list[BaseRoute]:
    """Return the route serving the OpenAPI document."""
    return contract.routes(openapi_json)
