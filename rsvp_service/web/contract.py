"""The API contract: each endpoint declares its request and response models where its handler lives.

Usage, in a domain module (models in `<domain>/bodies.py`):

    from rsvp_service.web import contract
    from rsvp_service.web.contract import ApiError, ErrorBody, Reply, endpoint

    @endpoint("POST", "/api/rsvp", body=RsvpRequest, responses={201: RsvpCreated},
              errors={401: ErrorBody, 404: ErrorBody, 409: RsvpConflict | ErrorBody},
              auth="optional", summary="RSVP to a slot (or join its waitlist).")
    async def create_rsvp(request: Request, body: RsvpRequest) -> RsvpCreated | Reply[Any]:
        if problem:
            raise ApiError(404, "There is no event with that eventId.")  # in the endpoint's shape
        if full:
            return Reply(RsvpConflict(error=FULL, full=True), status=409)
        return RsvpCreated(...)                                           # the single 2xx

    def routes() -> list[BaseRoute]:
        return contract.routes(create_rsvp, ...)

- `body=` / `query=`: the wrapper parses the JSON body (415 unless application/json, 400 when
  malformed or too deep, 422 with a sentence naming the field) or the query string (422) and
  passes the model as the handler's `body=` / `query=` keyword. With `body_optional=True` a
  request with no body at all is the model's defaults (a client written before the body
  existed still works). Path parameters stay in
  `request.path_params` (documented from the route's convertors).
- Return a model instance (answered with the single 2xx declared), or `Reply(model, status=...,
  headers=..., background=..., finish=...)` for another declared status, headers, a background
  task or cookies (`finish` gets the built response, e.g. to set a cookie). Statuses declared
  as `Media(...)` (CSV, PDF, text) or `None` (redirects, no content) are answered by returning a
  Starlette `Response` yourself. An endpoint declaring several 2xx (201 created, 200 found
  again) answers each with `Reply(model, status=...)`; a bare model is then a ContractError.
- A returned model that is not the one declared for its status, or an `ApiError` whose status
  is not declared, raises `ContractError`: a bug, answered 500 and logged.
- Errors: `raise ApiError(status, sentence)`; it is answered in the endpoint's error shape:
  `{error}` (`ErrorBody`) everywhere except the legacy endpoints declared with
  `error_shape="errors"` (`{errors: [{msg}]}`) or `"msg"` (`{msg}`) (README, "Error answers").
  Endpoint-specific error extras subclass `ErrorBody` and are returned with `Reply`.
- `body=` adds 400, 413, 415 and 422 to the declared errors; `query=` adds 422; `limits=` 429.
- `auth=` ("none", "optional" token, "token", "cookie" (the refresh cookie),
  "optional-cookie") is documentation; the handler checks it.
- `guards=`: async checks `(request) -> None` run before the body and query are read (an
  origin check, a sign-in), so they answer first, as they did before parsing moved.
- `limits=`: the rate limits the endpoint enforces, `Limit(name, key=...)` with names from
  web/ratelimit.py LIMITS (which holds the rates). Limits keyed on "ip" alone are spent by the
  wrapper, after the guards and before the body is read; the handler spends the others with
  `enforce()` (or the limiter). Spending a limit the endpoint does not declare raises
  ContractError, so every limit shows in the declaration and in the document (`x-rate-limits`).
- `sends_mail_to="typed"`: the endpoint mails an address the caller typed; it must declare a
  limit whose key holds that address (tests/rsvp_service/web/test_declared_limits.py).
- An endpoint that only redirects declares no 2xx.
- `name=` names the route for `url_for` and the document's operationId (default: the
  handler's name).
- `app/openapi.py` builds /api/openapi.json from these declarations (`declared(route)`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from http import HTTPStatus
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, ValidationError, WithJsonSchema
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service.i18n import N_, gettext

# Registers the `{name:id}` path type before any route is declared through this contract.
from rsvp_service.web import paths  # noqa: F401

if TYPE_CHECKING:
    from rsvp_service.web.ratelimit import Limit

ErrorShape = Literal["error", "errors", "msg"]
Auth = Literal["none", "optional", "token", "cookie", "optional-cookie"]
ModelT = TypeVar("ModelT", bound=BaseModel)
MailTo = Literal["typed"]

MALFORMED_JSON = N_("The request body is not valid JSON.")
NOT_AN_OBJECT = N_("The request body must be a JSON object.")
NOT_JSON = N_("The request body must be sent as JSON, with Content-Type: application/json.")
TOO_DEEP = N_("The request body is nested too deeply to be read.")
MISSING = N_("The field '{name}' is required.")
NOT_A_STRING = N_("The field '{name}' must be a string.")
EMPTY = N_("The field '{name}' must not be empty.")
TOO_LONG = N_("The field '{name}' must be at most {limit} characters long.")
NOT_ALLOWED = N_("The field '{name}' is not allowed.")
ONE_OF = N_("The field '{name}' must be {expected}.")
INVALID = N_("The field '{name}' is invalid: {reason}.")

# The fields of an answer that hold a sentence for the person (translated when answering).
ANSWER_SENTENCES = ("message", "error")

# A moment in an answer, written by `datetime.isoformat()` as the API always has (`+00:00`;
# pydantic would write UTC as `Z`).
Moment = Annotated[datetime, PlainSerializer(datetime.isoformat, return_type=str),
                   WithJsonSchema({"type": "string", "format": "date-time"})]


class ErrorBody(BaseModel):
    """The one error envelope: a sentence saying what happened and what to do."""

    model_config = ConfigDict(extra="forbid")

    error: str


# Request bodies strip the whitespace around their strings. Without cache_strings=False,
# pydantic-core keeps every string it strips in a process-wide cache of 16,384 entries: the
# addresses and names people send, held after their request (growing with each new address
# until it is full).
STRIPPED = ConfigDict(str_strip_whitespace=True, cache_strings=False)


class LinkToken(BaseModel):
    """The token of an emailed link, which its page reads from the URL and sends."""

    model_config = ConfigDict(extra="forbid", **STRIPPED)

    token: str = Field(min_length=1, max_length=200, description="The link's token.")


class LegacyMessage(BaseModel):
    """The legacy `{msg}` error of verify and resend-verification (spec section 7)."""

    model_config = ConfigDict(extra="forbid")

    msg: str


class LegacyErrors(BaseModel):
    """The legacy `{errors: [{msg}]}` error of login and register (spec section 7)."""

    model_config = ConfigDict(extra="forbid")

    errors: list[LegacyMessage]


ENVELOPES: dict[ErrorShape, type[BaseModel]] = {
    "error": ErrorBody, "msg": LegacyMessage, "errors": LegacyErrors,
}
# The paths of endpoints declared with a legacy error shape, for the errors answered outside
# their handler (404/405 routing, 413 body limit, 500, 503).
_LEGACY_SHAPES: dict[str, ErrorShape] = {}


def envelope(shape: ErrorShape, message: str) -> BaseModel:
    """Return the error model of this shape carrying one sentence, in the request's language."""
    # The one place an error sentence is translated: handlers raise the English constant.
    message = gettext(message)
    if shape == "errors":
        return LegacyErrors(errors=[LegacyMessage(msg=message)])
    if shape == "msg":
        return LegacyMessage(msg=message)
    return ErrorBody(error=message)


def error_shape_for(path: str) -> ErrorShape:
    """The error shape of the endpoint at this path (`error` unless it is a legacy endpoint)."""
    return _LEGACY_SHAPES.get(path, "error")


def json_response(
    model: BaseModel, status: int, headers: Mapping[str, str] | None = None,
    background: BackgroundTask | None = None,
) -> JSONResponse:
    """Serialize a model with its wire names, the one way every JSON answer is written."""
    content = model.model_dump(mode="json", by_alias=True, exclude_none=False)
    # The one place an answer's sentence is translated (its `message`, or an error extra's
    # `error`): handlers put the English constant there, or an already translated sentence.
    for name in ANSWER_SENTENCES:
        if isinstance(content.get(name), str):
            content[name] = gettext(content[name])
    return JSONResponse(content, status_code=status, headers=headers, background=background)


def error_response(
    status: int, message: str, *, shape: ErrorShape = "error",
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """Return a JSON error answer of the given shape."""
    return json_response(envelope(shape, message), status, headers)


class ApiError(Exception):
    """An error a handler raises; answered with its sentence in the endpoint's error shape."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


class ContractError(Exception):
    """A handler answered something its declaration does not allow (a bug: answered 500)."""


@dataclass(frozen=True)
class Media:
    """A non-JSON answer (CSV, PDF, plain text) the handler returns as a Starlette Response."""

    media_type: str
    schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "string"})


# A declared answer: a model (or a union of models), a non-JSON Media, or None (no body).
Declared = type[BaseModel] | UnionType | Media | None
BodyT = TypeVar("BodyT", bound=BaseModel)


@dataclass
class Reply(Generic[BodyT]):
    """A model answered with another declared status, extra headers, a task or cookies."""

    body: BodyT
    status: int | None = None
    headers: Mapping[str, str] | None = None
    background: BackgroundTask | None = None
    finish: Callable[[Response], None] | None = None


Handler = Callable[..., Awaitable[Any]]
# A check run before the body is read (an origin check, a sign-in): it raises ApiError.
Guard = Callable[[Request], Awaitable[None]]
# The endpoint and request being handled, so the limiter can check a limit is declared.
_HANDLING: ContextVar[tuple[Endpoint, Request] | None] = ContextVar("civicstl_endpoint",
                                                                    default=None)


@contextmanager
def handling(declared: Endpoint, request: Request) -> Iterator[None]:
    """Run a block as this endpoint's handling of the request (so its declared limits apply)."""
    token = _HANDLING.set((declared, request))
    try:
        yield
    finally:
        _HANDLING.reset(token)


def declared_limit(name: str) -> tuple[Endpoint, Limit, Request] | None:
    """The handled endpoint's declaration of a limit (None outside a request; else declared)."""
    handling = _HANDLING.get()
    if handling is None:
        return None
    declared, request = handling
    for limit in declared.limits:
        if limit.name == name:
            return declared, limit, request
    raise ContractError(f"{declared} spent the rate limit {name!r}, which it does not declare "
                        "in limits=.")


def _field_name(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "body"


def validation_message(exc: ValidationError) -> str:
    """Turn the first pydantic error into a sentence that names the field."""
    first = exc.errors(include_url=False)[0]
    name = _field_name(first["loc"])
    kind = first["type"]
    if kind == "missing":
        return gettext(MISSING).format(name=name)
    if kind in {"string_type", "string_unicode"}:
        return gettext(NOT_A_STRING).format(name=name)
    if kind == "string_too_short":
        return gettext(EMPTY).format(name=name)
    if kind == "string_too_long":
        limit = first.get("ctx", {}).get("max_length")
        return gettext(TOO_LONG).format(name=name, limit=limit)
    if kind == "extra_forbidden":
        return gettext(NOT_ALLOWED).format(name=name)
    if kind == "literal_error":
        return gettext(ONE_OF).format(name=name, expected=first.get("ctx", {}).get("expected"))
    reason = str(first["msg"]).removeprefix("Value error, ").rstrip(".")
    return gettext(INVALID).format(name=name, reason=gettext(reason + ".").rstrip("."))


async def read_json(request: Request, model: type[ModelT]) -> ModelT:
    """Parse and validate a JSON object body, raising ApiError 400/415/422."""
    # HTML forms can only send form or text types, never application/json without a CORS
    # preflight: insisting on it keeps cross-site forms (login CSRF) out of every JSON endpoint.
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != "application/json":
        raise ApiError(415, NOT_JSON)
    raw = await request.body()
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, MALFORMED_JSON) from None
    except RecursionError:
        raise ApiError(400, TOO_DEEP) from None
    if not isinstance(data, dict):
        raise ApiError(422, NOT_AN_OBJECT)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc)) from None


def validate_query(request: Request, model: type[ModelT]) -> ModelT:
    """Validate query parameters against a model, raising ApiError 422."""
    try:
        return model.model_validate(dict(request.query_params))
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc)) from None


def _is_model(declared: Declared) -> bool:
    return declared is not None and not isinstance(declared, Media)


class Endpoint:
    """One declared endpoint: its handler, models, errors and documentation."""

    def __init__(
        self,
        handler: Handler,
        method: str,
        path: str,
        *,
        body: type[BaseModel] | None,
        query: type[BaseModel] | None,
        responses: Mapping[int, Declared],
        errors: Mapping[int, Declared],
        auth: Auth,
        summary: str,
        error_shape: ErrorShape,
        name: str | None = None,
        guards: Sequence[Guard] = (),
        limits: Sequence[Limit] = (),
        sends_mail_to: MailTo | None = None,
        body_optional: bool = False,
    ) -> None:
        successes = [status for status in responses if 200 <= status < 300]
        self.handler = handler
        self.method = method.upper()
        self.path = path
        self.body = body
        self.body_optional = body_optional
        self.query = query
        # None: several 2xx (a walk-in is 201 when new, 200 when found again), or none (a
        # redirect): the handler names its status with Reply or answers a Starlette Response.
        self.success = successes[0] if len(successes) == 1 else None
        self.responses = dict(responses)
        envelope_model = ENVELOPES[error_shape]
        implied = (([400, 413, 415, 422] if body else []) + ([422] if query else [])
                   + ([429] if limits else []))
        self.errors: dict[int, Declared] = {status: envelope_model for status in implied}
        self.errors.update(errors)
        self.auth = auth
        self.summary = summary
        self.error_shape = error_shape
        self.name = name or handler.__name__
        self.guards = tuple(guards)
        self.limits = tuple(limits)
        self.sends_mail_to = sends_mail_to
        self.__doc__ = handler.__doc__

    def __repr__(self) -> str:
        return f"<endpoint {self.method} {self.path}>"

    def declared(self, status: int | None) -> Declared:
        """The answer declared for a status (raising ContractError when there is none)."""
        if status is None:
            raise ContractError(f"{self} returned a model without its status, but does not "
                                "declare exactly one 2xx status.")
        if status in self.responses:
            return self.responses[status]
        if status in self.errors:
            return self.errors[status]
        raise ContractError(f"{self} answered {status}, which it does not declare.")

    def _check(self, model: BaseModel, status: int | None) -> None:
        declared = self.declared(status)
        if not _is_model(declared) or not isinstance(model, declared):  # type: ignore[arg-type]
            raise ContractError(
                f"{self} answered {status} with {type(model).__name__}, "
                f"but declares {declared!r} for it."
            )

    def serialize(self, result: object) -> Response:
        """Check a handler's result against the declaration and turn it into a response."""
        if isinstance(result, Response):
            if _is_model(self.declared(result.status_code)):
                raise ContractError(f"{self} answered {result.status_code} without its model.")
            return result
        if isinstance(result, Reply):
            status = result.status or self.success
            self._check(result.body, status)
            assert status is not None  # checked above
            response = json_response(result.body, status, result.headers, result.background)
            if result.finish is not None:
                result.finish(response)
            return response
        if isinstance(result, BaseModel):
            self._check(result, self.success)
            assert self.success is not None  # checked above
            return json_response(result, self.success)
        raise ContractError(f"{self} returned {type(result).__name__}, not a model.")

    def error(self, exc: ApiError) -> Response:
        """Answer an ApiError in this endpoint's shape, if its status is declared."""
        body = envelope(self.error_shape, exc.message)
        self._check(body, exc.status)
        return json_response(body, exc.status, exc.headers)

    async def handle(self, request: Request) -> Response:
        """The Starlette endpoint: parse, call the handler, check and serialize its answer."""
        try:
            with handling(self, request):
                for guard in self.guards:
                    await guard(request)
                await self.spend_per_request(request)
                arguments: dict[str, BaseModel] = {}
                if self.query is not None:
                    arguments["query"] = validate_query(request, self.query)
                if self.body is not None:
                    arguments["body"] = (
                        self.body.model_validate({})
                        if self.body_optional and not await request.body()
                        else await read_json(request, self.body))
                result = await self.handler(request, **arguments)
        except ApiError as exc:
            return self.error(exc)
        return self.serialize(result)

    async def spend_per_request(self, request: Request) -> None:
        """Spend the limits spent on every request (keyed on the IP alone), 429 when spent."""
        for limit in self.limits:
            if limit.per_request:
                await limit.spend(request)


def endpoint(
    method: str,
    path: str,
    *,
    responses: Mapping[int, Declared],
    summary: str,
    body: type[BaseModel] | None = None,
    query: type[BaseModel] | None = None,
    errors: Mapping[int, Declared] | None = None,
    auth: Auth = "none",
    error_shape: ErrorShape = "error",
    name: str | None = None,
    guards: Sequence[Guard] = (),
    limits: Sequence[Limit] = (),
    sends_mail_to: MailTo | None = None,
    body_optional: bool = False,
) -> Callable[[Handler], Endpoint]:
    """Declare a handler as an endpoint (see the module docstring)."""

    def declare(handler: Handler) -> Endpoint:
        if error_shape != "error":
            _LEGACY_SHAPES[path] = error_shape
        return Endpoint(handler, method, path, body=body, query=query, responses=responses,
                        errors=errors or {}, auth=auth, summary=summary, error_shape=error_shape,
                        name=name, guards=guards, limits=limits, sends_mail_to=sends_mail_to,
                        body_optional=body_optional)

    return declare


def routes(*endpoints: Endpoint) -> list[BaseRoute]:
    """Starlette routes for declared endpoints, named (for url_for) after their endpoint."""
    return [Route(declared.path, declared.handle, methods=[declared.method], name=declared.name)
            for declared in endpoints]


STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def limit_problems(declared: Endpoint) -> list[str]:
    """What the declaration lets a stranger repeat without limit, as sentences (none: fine)."""
    problems = []
    if (declared.method in STATE_CHANGING or declared.sends_mail_to) and not declared.limits:
        problems.append(f"{declared} changes state or sends mail but declares no rate limit.")
    if declared.sends_mail_to == "typed" and not any(
            "address" in limit.key for limit in declared.limits):
        problems.append(f"{declared} mails an address the caller typed but declares no limit "
                        "keyed on that address.")
    return problems


def declared(route: BaseRoute) -> Endpoint | None:
    """The endpoint declared behind a route, or None for an undeclared route."""
    owner = getattr(getattr(route, "endpoint", None), "__self__", None)
    return owner if isinstance(owner, Endpoint) else None


def status_phrase(status: int) -> str:
    """The HTTP reason phrase of a status, as a sentence (for the document's descriptions)."""
    return f"{HTTPStatus(status).phrase}."
