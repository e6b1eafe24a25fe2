"""TEMPORARY: the hand-written OpenAPI paths of the endpoints not yet declared with web.contract.

Merged into the generated document by `rsvp_service.web.openapi._undeclared_paths`; deleted
once rsvps/ and accounts/ declare their endpoints.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rsvp_service.accounts.openapi import auth_paths
from rsvp_service.rsvps.cancel import TokenPayload
from rsvp_service.rsvps.routes import RsvpPayload

JSON = "application/json"
Security = list[dict[str, list[str]]]
# "accessToken" is the x-auth-token header scheme of rsvp_service.accounts.openapi.
TOKEN: Security = [{"accessToken": []}]
OPTIONAL_TOKEN: Security = [{}, {"accessToken": []}]

_STRING = {"type": "string"}
_SCHEMAS: dict[str, Any] = {
    "Error": {"type": "object", "required": ["error"], "properties": {"error": _STRING}},
    "Count": {
        "type": "object",
        "required": ["count", "capacity", "remaining", "waitlist"],
        "properties": {
            "count": {"type": "integer", "minimum": 0},
            "capacity": {"type": ["integer", "null"], "minimum": 0},
            "remaining": {"type": ["integer", "null"], "minimum": 0},
            "waitlist": {"type": "integer", "minimum": 0},
        },
    },
    "CancelPreview": {
        "type": "object",
        "required": ["event", "date_text", "time", "location", "status", "position", "path"],
        "properties": {
            "event": _STRING, "date_text": _STRING, "time": _STRING, "location": _STRING,
            "status": {"enum": ["confirmed", "waitlisted", "cancelled"]},
            "position": {"type": ["integer", "null"], "minimum": 1},
            "path": _STRING,
        },
    },
    "Cancelled": {
        "type": "object",
        "required": ["message", "status"],
        "properties": {"message": _STRING, "status": {"const": "cancelled"}},
    },
    "HasRsvped": {
        "type": "object",
        "required": ["hasRSVPed"],
        "properties": {"hasRSVPed": {"type": "boolean"}},
    },
    "RsvpCreated": {
        "type": "object",
        "required": ["status", "message", "eventId", "event", "email"],
        "properties": {
            "status": {"enum": ["confirmed", "waitlisted"]},
            "position": {"type": "integer", "minimum": 1},
            "message": _STRING, "eventId": _STRING, "event": _STRING, "email": _STRING,
        },
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
                        "id", "status", "position", "eventId", "event", "title", "date", "time",
                        "date_text", "location", "start", "end", "path", "past", "createdAt",
                        "code", "qr", "checkedIn",
                    ],
                    "properties": {
                        "id": {"type": "integer"},
                        "status": {"enum": ["confirmed", "waitlisted"]},
                        "position": {"type": ["integer", "null"], "minimum": 1},
                        "eventId": _STRING,
                        "event": _STRING,
                        "title": _STRING,
                        "time": _STRING,
                        "date": _STRING,
                        "date_text": _STRING,
                        "location": _STRING,
                        "start": {"type": ["string", "null"], "format": "date-time"},
                        "end": {"type": ["string", "null"], "format": "date-time"},
                        "path": _STRING,
                        "past": {"type": "boolean"},
                        "createdAt": {"type": "string", "format": "date-time"},
                        "code": {"type": ["string", "null"], "pattern": "^[0-9A-Z-]{9}$"},
                        "qr": {
                            "type": ["string", "null"], "pattern": "^data:image/svg\\+xml",
                            "description": "The check-in code as a QR code (an SVG data: URI), "
                            "for a confirmed RSVP that is still upcoming.",
                        },
                        "checkedIn": {
                            "type": "boolean",
                            "description": "Checked in at the door (then it cannot be cancelled).",
                        },
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
    403: "Not allowed for this user.",
    404: "Unknown event, or a cancel link that is not valid.",
    409: "Already registered or waiting (with position), or the slot is full (full: true).",
    410: "The event has ended or started, or the RSVP was already cancelled.",
    413: "Body larger than 64 KB.",
    415: "The body is not sent as application/json.",
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
    body_errors = (400, 413, 415, 422, 429)
    # The /api/auth paths come from the auth package's own fragment.
    return {
        **auth_paths(),
        "/api/rsvp/check": {
            "get": _operation(
                "Whether the signed-in user (email must be their own) has RSVP'd to a slot "
                "or to any slot of an event.",
                _responses({200: "HasRsvped"}, (401, 403, 404, 422, 429), "Error"),
                parameters=[
                    _query("eventId", required=True),
                    _query("email", required=True, fmt="email"),
                ],
                security=TOKEN,
            )
        },
        "/api/rsvp": {
            "get": _operation(
                "Confirmed RSVPs, capacity, spots left and waitlist length of a slot, of a whole "
                "event (sums), or (no eventId) of the guest event.",
                _responses({200: "Count"}, (404, 422), "Error"),
                parameters=[_query("eventId", required=False)],
            ),
            "post": _operation(
                "RSVP to a slot (no eventId: the guest event). Account events need a sign-in. "
                "When the slot is full, waitlist: true joins its waitlist.",
                _responses({201: "RsvpCreated"}, (*body_errors, 401, 404, 409, 410), "Error"),
                requestBody=_body(RsvpPayload),
                security=OPTIONAL_TOKEN,
            ),
        },
        "/api/rsvp/cancel/preview": {
            "post": _operation(
                "What the cancel link's token would cancel; changes nothing.",
                _responses({200: "CancelPreview"}, (*body_errors, 404), "Error"),
                requestBody=_body(TokenPayload),
            )
        },
        "/api/rsvp/cancel": {
            "post": _operation(
                "Cancel the RSVP of the cancel link's token; frees the seat and promotes the "
                "first person on the waitlist.",
                _responses({200: "Cancelled"}, (*body_errors, 404, 410), "Error"),
                requestBody=_body(TokenPayload),
            )
        },
        "/api/me/rsvps/{rsvp_id}/cancel": {
            "post": _operation(
                "Cancel one of the signed-in user's RSVPs (incl. guest RSVPs with their verified "
                "address); promotes the waitlist like the email link.",
                _responses({200: "Cancelled"}, (401, 403, 404, 410, 429), "Error"),
                parameters=[{"name": "rsvp_id", "in": "path", "required": True,
                             "schema": {"type": "integer"}}],
                security=TOKEN,
            )
        },
        "/api/me/rsvps/{rsvp_id}/calendar.ics": {
            "get": _operation(
                "The slot of one of the signed-in user's RSVPs as an iCalendar file.",
                {"200": {"description": "OK.", "content": {"text/calendar": {
                    "schema": {"type": "string"}}}},
                 **_responses({}, (401, 403, 404), "Error")},
                parameters=[{"name": "rsvp_id", "in": "path", "required": True,
                             "schema": {"type": "integer"}}],
                security=TOKEN,
            )
        },
        "/api/me/rsvps": {
            "get": _operation(
                "The signed-in user's live RSVPs (confirmed or waitlisted, incl. guest RSVPs "
                "with their verified address): upcoming soonest first, then past newest first.",
                _responses({200: "MyRsvps"}, (401,), "Error"),
                security=TOKEN,
            )
        },
    }


def _model_schema(model: type[BaseModel]) -> dict[str, Any]:
    schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
    if "email" in schema.get("properties", {}):
        schema["properties"]["email"]["format"] = "email"
    return schema


def handwritten_schemas() -> dict[str, Any]:
    """The component schemas the hand-written paths refer to."""
    return {**_SCHEMAS, "RsvpPayload": _model_schema(RsvpPayload),
            "TokenPayload": _model_schema(TokenPayload)}


def handwritten_paths() -> dict[str, Any]:
    """The hand-written path items."""
    return _paths()
