"""The OpenAPI 3.1 document at /api/openapi.json, covering every endpoint.

The RSVP paths are described here; the /api/auth paths and the x-auth-token security scheme
come from rsvp_service.auth.openapi.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service.auth.openapi import auth_paths, auth_security_schemes
from rsvp_service.rsvp import RsvpPayload

JSON = "application/json"
Security = list[dict[str, list[str]]]
# "accessToken" is the x-auth-token header scheme of rsvp_service.auth.openapi.
TOKEN: Security = [{"accessToken": []}]
OPTIONAL_TOKEN: Security = [{}, {"accessToken": []}]

_STRING = {"type": "string"}
_SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {"error": _STRING}},
    "Count": {
        "type": "object",
        "required": ["count"],
        "properties": {"count": {"type": "integer", "minimum": 0}},
    },
    "HasRsvped": {
        "type": "object",
        "required": ["hasRSVPed"],
        "properties": {"hasRSVPed": {"type": "boolean"}},
    },
    "RsvpCreated": {
        "type": "object",
        "required": ["message", "eventId", "event", "email"],
        "properties": {"message": _STRING, "eventId": _STRING, "event": _STRING, "email": _STRING},
    },
    "MyRsvps": {
        "type": "object",
        "required": ["rsvps"],
        "properties": {
            "rsvps": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": [
                        "eventId", "event", "title", "time", "date_text", "location", "createdAt"
                    ],
                    "properties": {
                        "eventId": _STRING,
                        "event": _STRING,
                        "title": _STRING,
                        "time": _STRING,
                        "date_text": _STRING,
                        "location": _STRING,
                        "createdAt": {"type": "string", "format": "date-time"},
                    },
                },
            }
        },
    },
}

_DESCRIPTIONS = {
    200: "OK.",
    201: "Created.",
    400: "Malformed request.",
    401: "Not signed in, or bad credentials.",
    404: "Unknown event.",
    409: "Already registered, or the slot is full.",
    410: "The event has ended.",
    413: "Body larger than 64 KB.",
    422: "A field is missing or invalid.",
    429: "Too many requests; see Retry-After.",
}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _responses(ok: dict[int, str | None], errors: tuple[int, ...], shape: str) -> dict:
    result: dict[str, Any] = {}
    for status, schema in ok.items():
        entry: dict[str, Any] = {"description": _DESCRIPTIONS[status]}
        if schema is not None:
            entry["content"] = {JSON: {"schema": _ref(schema)}}
        result[str(status)] = entry
    for status in errors:
        entry = {"description": _DESCRIPTIONS[status], "content": {JSON: {"schema": _ref(shape)}}}
        if status == 429:
            entry["headers"] = {"Retry-After": {"schema": {"type": "integer"}, "required": True}}
        result[str(status)] = entry
    return result


def _body(model: type[BaseModel]) -> dict[str, Any]:
    return {"required": True, "content": {JSON: {"schema": _ref(model.__name__)}}}


def _query(name: str, *, required: bool, fmt: str | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "minLength": 1}
    if fmt:
        schema["format"] = fmt
    return {"name": name, "in": "query", "required": required, "schema": schema}


def _operation(summary: str, responses: dict, **extra: Any) -> dict[str, Any]:
    return {"summary": summary, "responses": responses, **extra}


def _paths() -> dict[str, Any]:
    body_errors = (400, 413, 422, 429)
    # The /api/auth paths come from the auth package's own fragment.
    return {
        **auth_paths(),
        "/api/rsvp/check": {
            "get": _operation(
                "Whether an email has RSVP'd to a slot or to any slot of an event.",
                _responses({200: "HasRsvped"}, (404, 422), "Error"),
                parameters=[
                    _query("eventId", required=True),
                    _query("email", required=True, fmt="email"),
                ],
            )
        },
        "/api/rsvp": {
            "get": _operation(
                "RSVP count of a slot, of a whole event, or (no eventId) of the guest event.",
                _responses({200: "Count"}, (404, 422), "Error"),
                parameters=[_query("eventId", required=False)],
            ),
            "post": _operation(
                "RSVP to a slot (no eventId: the guest event). Account events need a sign-in.",
                _responses({201: "RsvpCreated"}, (*body_errors, 401, 404, 409, 410), "Error"),
                requestBody=_body(RsvpPayload),
                security=OPTIONAL_TOKEN,
            ),
        },
        "/api/me/rsvps": {
            "get": _operation(
                "The signed-in user's RSVPs, newest first.",
                _responses({200: "MyRsvps"}, (401,), "Error"),
                security=TOKEN,
            )
        },
        "/api/openapi.json": {
            "get": _operation(
                "This document.",
                {"200": {"description": "OK.", "content": {JSON: {"schema": {"type": "object"}}}}},
            )
        },
    }


def _model_schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    if "email" in schema.get("properties", {}):
        schema["properties"]["email"]["format"] = "email"
    return schema


@cache
def openapi_document() -> dict[str, Any]:
    """Build the document (once per process; it depends on code only)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "CivicSTL API",
            "version": "1.0.0",
            "description": "Accounts and RSVPs for CivicSTL. Errors are one sentence, in each "
            "endpoint's own shape: errors[0].msg (auth), msg (verify, resend), error (RSVP).",
        },
        "paths": _paths(),
        "components": {
            "schemas": {**_SCHEMAS, "RsvpPayload": _model_schema(RsvpPayload)},
            "securitySchemes": auth_security_schemes(),
        },
    }


async def openapi_json(request: Request) -> Response:
    """GET /api/openapi.json: the OpenAPI 3.1 description of every endpoint."""
    return JSONResponse(openapi_document())


def routes() -> list[BaseRoute]:
    """Return the route serving the OpenAPI document."""
    return [Route("/api/openapi.json", openapi_json, methods=["GET"])]
