"""The OpenAPI description of the organizer, admin, impact and hours-record endpoints.

Merged into /api/openapi.json by `rsvp_service.web.openapi`: `organize_paths()` into the paths,
`organize_schemas()` into the component schemas (errors use its `Error` schema).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rsvp_service.organize.admin import GrantPayload
from rsvp_service.organize.checkin import (
    AttendeePayload,
    CheckinPayload,
    HoursPayload,
    WalkInPayload,
)
from rsvp_service.organize.messages import MessagePayload

JSON = "application/json"
TOKEN: list[dict[str, list[str]]] = [{"accessToken": []}]
_S: dict[str, Any] = {"type": "string"}
_N: dict[str, Any] = {"type": ["string", "null"]}
_INT: dict[str, Any] = {"type": "integer"}
_BOOL: dict[str, Any] = {"type": "boolean"}
_NUM: dict[str, Any] = {"type": "number"}
_TIME: dict[str, Any] = {"type": "string", "format": "date-time"}
BODY_ERRORS = (400, 413, 415, 422)
ERRORS = {
    400: "Malformed JSON.", 401: "Not signed in.", 403: "Signed in without the role needed.",
    404: "Unknown slot, person, account or code.", 409: "Not possible now (see the sentence).",
    410: "The record was revoked.", 413: "Body larger than 64 KB.",
    415: "The body is not sent as application/json.", 422: "A field is missing or invalid.",
    429: "Too many requests; see Retry-After.",
}
PAYLOADS: tuple[type[BaseModel], ...] = (
    GrantPayload, CheckinPayload, AttendeePayload, HoursPayload, WalkInPayload, MessagePayload)


def _object(required: dict[str, Any], **optional: Any) -> dict[str, Any]:
    return {"type": "object", "required": list(required),
            "properties": {**required, **optional}}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _array(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


ORGANIZATION = _object({"slug": _S, "name": _S})
SLOT = _object({"id": _S, "time": _S, "start": _TIME, "end": _TIME,
                "capacity": {"type": ["integer", "null"]}, "confirmed": _INT, "waitlist": _INT,
                "checkedIn": _INT, "checkinOpen": _BOOL})
ATTENDEE = _object({
    "id": _INT, "name": _S, "email": _N, "phone": _N, "rsvpAt": _TIME,
    "status": {"enum": ["confirmed", "waitlisted", "checked_in", "no_show"]},
    "position": {"type": ["integer", "null"]}, "walkIn": _BOOL,
    "checkedInAt": {"type": ["string", "null"], "format": "date-time"},
    "hours": {"type": ["number", "null"]}})
RECORD_ENTRY = _object({"title": _S, "organization": _S, "date": _S, "date_text": _S,
                        "hours": _NUM})
RECORD = _object({"code": _S, "name": _S, "issuedAt": _TIME, "hours": _NUM,
                  "entries": _array(RECORD_ENTRY), "revoked": _BOOL})
BADGE = _object({"id": _S, "name": _S, "description": _S, "earned": _BOOL,
                 "earnedAt": {"type": ["string", "null"], "format": "date-time"}, "svg": _S})
SCHEMAS: dict[str, Any] = {
    "MyRoles": _object({"admin": _BOOL, "organizations": _array(ORGANIZATION)}),
    "Organizers": _object({"organizers": _array(_object({
        "email": _S, "name": _S, "organization": ORGANIZATION, "grantedAt": _TIME}))}),
    "Message": _object({"message": _S}),
    "OrganizeEvents": _object({"events": _array(_object({
        "slug": _S, "title": _S, "organization": ORGANIZATION, "date": _S, "date_text": _S,
        "past": _BOOL, "path": _S, "slots": _array(SLOT)}))}),
    "SlotRoster": _object({"slot": {"allOf": [SLOT, _object({"event": _object({
        "slug": _S, "title": _S, "date_text": _S, "location": _S})})]},
        "attendees": _array(ATTENDEE)}),
    "AttendeeAnswer": _object({"attendee": ATTENDEE}),
    "MessageAnswer": _object({"recipients": _INT}, subject=_S, body=_S, message=_S),
    "Impact": _object({"hours": _NUM, "events": _INT, "organizations": _INT,
                       "attended": _array(_object({
                           "eventId": _S, "title": _S, "organization": ORGANIZATION,
                           "date": _S, "date_text": _S, "hours": _NUM})),
                       "badges": _array(BADGE)}),
    "HoursRecord": RECORD,
    "HoursRecordCreated": _object({"code": _S, "url": _S, "record": RECORD}),
    "HoursRecords": _object({"records": _array(_object({
        "code": _S, "url": _S, "issuedAt": _TIME, "revoked": _BOOL, "hours": _NUM}))}),
    "RecordRevoked": _object({"error": _S, "revoked": {"const": True}}),
    "Revoked": _object({"message": _S, "revoked": _BOOL}),
}


def _responses(ok: dict[int, str | dict[str, Any]], errors: tuple[int, ...]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for status, schema in ok.items():
        content = {JSON: {"schema": _ref(schema)}} if isinstance(schema, str) else schema
        result[str(status)] = {"description": "OK.", "content": content}
    for status in errors:
        entry: dict[str, Any] = {"description": ERRORS[status],
                                 "content": {JSON: {"schema": _ref("Error")}}}
        if status == 429:
            entry["headers"] = {"Retry-After": {"schema": _INT, "required": True}}
        if status == 410:
            entry["content"] = {JSON: {"schema": _ref("RecordRevoked")}}
        result[str(status)] = entry
    return result


def _op(summary: str, ok: dict[int, str | dict[str, Any]], errors: tuple[int, ...], *,
        body: type[BaseModel] | None = None, path: str | None = None,
        token: bool = True) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "responses": _responses(ok, errors)}
    if body is not None:
        operation["requestBody"] = {"required": True,
                                    "content": {JSON: {"schema": _ref(body.__name__)}}}
    if path is not None:
        operation["parameters"] = [{"name": path, "in": "path", "required": True,
                                    "schema": {"type": "string", "minLength": 1}}]
    if token:
        operation["security"] = TOKEN
    return operation


def organize_paths() -> dict[str, Any]:
    """OpenAPI path items of the organizer, admin, impact and hours-record endpoints."""
    slot = "/api/organize/slots/{slot_id}"
    on_slot = (*BODY_ERRORS, 401, 403, 404, 409)
    csv = {"text/csv": {"schema": _S}}
    pdf = {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}
    return {
        "/api/me/roles": {"get": _op("The signed-in user's roles.", {200: "MyRoles"}, (401,))},
        "/api/admin/organizers": {
            "get": _op("Every organizer grant (admins).", {200: "Organizers"}, (401, 403)),
            "post": _op("Grant an account the organizer role for an organization (admins).",
                        {201: "Message"}, (*BODY_ERRORS, 401, 403, 404, 409), body=GrantPayload),
        },
        "/api/admin/organizers/revoke": {"post": _op(
            "Take an organizer role away (admins).", {200: "Message"},
            (*BODY_ERRORS, 401, 403, 404), body=GrantPayload)},
        "/api/organize/events": {"get": _op(
            "The events the user organizes with their slots' counts: upcoming, then past.",
            {200: "OrganizeEvents"}, (401, 403))},
        slot: {"get": _op("A slot's counts and roster.", {200: "SlotRoster"}, (401, 403, 404),
                          path="slot_id")},
        f"{slot}/roster.csv": {"get": _op(
            "The roster as CSV (UTF-8 with BOM, formulas escaped).", {200: csv},
            (401, 403, 404), path="slot_id")},
        f"{slot}/messages": {"post": _op(
            "Preview (200) or send (202) a message to the slot's people through the outbox.",
            {200: "MessageAnswer", 202: "MessageAnswer"}, (*on_slot, 429), body=MessagePayload,
            path="slot_id")},
        f"{slot}/checkins": {"post": _op(
            "Check a person in by id or check-in code (idempotent).", {200: "AttendeeAnswer"},
            on_slot, body=CheckinPayload, path="slot_id")},
        f"{slot}/checkins/undo": {"post": _op(
            "Take a check-in back (idempotent).", {200: "AttendeeAnswer"}, on_slot,
            body=AttendeePayload, path="slot_id")},
        f"{slot}/walkins": {"post": _op(
            "Add a walk-in, checked in at once; a retried clientId answers the same one (200).",
            {200: "AttendeeAnswer", 201: "AttendeeAnswer"}, on_slot, body=WalkInPayload,
            path="slot_id")},
        f"{slot}/hours": {"post": _op(
            "Set a checked-in person's hours for the slot (quarter hours, up to 24).",
            {200: "AttendeeAnswer"}, on_slot, body=HoursPayload, path="slot_id")},
        "/api/me/impact": {"get": _op("Hours, events, organizations, attended slots, badges.",
                                      {200: "Impact"}, (401,))},
        "/api/me/hours-records": {
            "get": _op("The user's service-hours records.", {200: "HoursRecords"}, (401,)),
            "post": _op("Issue a record of the user's verified hours.",
                        {201: "HoursRecordCreated"}, (401, 409, 429)),
        },
        "/api/me/hours-records/{code}/revoke": {"post": _op(
            "Revoke one of the user's records.", {200: "Revoked"}, (401, 404), path="code")},
        "/api/hours-records/{code}": {"get": _op(
            "A service-hours record, confirmed by the service (public).", {200: "HoursRecord"},
            (404, 410), path="code", token=False)},
        "/api/hours-records/{code}.pdf": {"get": _op(
            "The same record as a PDF (public).", {200: pdf}, (404, 410), path="code",
            token=False)},
    }


def organize_schemas(model_schema: Any) -> dict[str, Any]:
    """Component schemas: answers, and the request bodies through the given model_schema."""
    return {**SCHEMAS, **{model.__name__: model_schema(model) for model in PAYLOADS}}
