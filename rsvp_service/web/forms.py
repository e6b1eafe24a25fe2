"""Forms that post: a form sent to a site path runs the JSON endpoint it mirrors and is answered
with an HTML page saying what happened, so the site works with JavaScript off.

Usage, in a domain's `forms` module (next to the JSON routes it mirrors):

    def rsvp_fields(form: Form, request: Request) -> dict[str, object]:
        return {"eventId": form.get("eventId"), ...}          # the JSON body's field names

    def rsvp_page(request: Request, body: RsvpPayload, answer: BaseModel) -> Page:
        return Page("You have RSVP'd", answer.message, links=(Link(path, "Back"),))

    form_route("/rsvp", create_rsvp, fields=rsvp_fields, answer=rsvp_page)

One contract with the JSON endpoint: the form's fields are validated by the same body model
(422 with the same sentence naming the field), its limits are spent under the endpoint's
declaration (the same names and keys), and its handler answers; its ApiErrors become the page's
sentence and status (429 with Retry-After). A database failure answers 503, as for JSON.

The Origin check is the cookie endpoints' (`web.origins`), with one difference: the page's
Referrer-Policy (no-referrer, site-wide) makes browsers send `Origin: null` with a form's POST,
so a form from our own page is told apart by Sec-Fetch-Site instead.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any
from urllib.parse import parse_qsl

from jinja2 import Environment, PackageLoader, StrictUndefined
from pydantic import BaseModel, ValidationError
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from tortoise.exceptions import IntegrityError

from rsvp_service.db.failures import DATABASE_FAILURES
from rsvp_service.i18n import N_, current, direction, gettext, ngettext
from rsvp_service.web.contract import (
    ApiError,
    ContractError,
    Endpoint,
    ModelT,
    Reply,
    handling,
    validation_message,
)
from rsvp_service.web.errors import (
    DATABASE_RETRY_AFTER,
    DATABASE_UNAVAILABLE,
    note_database_failure,
)
from rsvp_service.web.origins import from_own_site

FORM_TYPE = "application/x-www-form-urlencoded"
NOT_A_FORM = N_(
    "This address takes the form on its page, sent as a plain web form. "
    "Please go back to the page and send the form from there.")
NOT_UTF8 = N_("The form did not arrive as UTF-8 text. Please go back to the page and try again.")
FOREIGN_FORM = N_(
    "This form was sent from another site, so nothing was done. To use CivicSTL, "
    "open its page and send the form from there.")
HEADINGS = {429: N_("Please wait a moment"), 503: N_("Please try again soon")}
REFUSED = N_("That did not work")


@dataclass(frozen=True)
class Link:
    """A link on an answer page."""

    href: str
    text: str


@dataclass
class Page:
    """What an answer page says: a heading, the sentence, the links on, and its status."""

    heading: str
    message: str
    links: Sequence[Link] = ()
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)


class Form:
    """The fields of a posted form as sent (a name may repeat: guests' names)."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        self.pairs = pairs

    def get(self, name: str) -> str | None:
        """The first value sent under this name, or None."""
        return next((value for key, value in self.pairs if key == name), None)

    def all(self, name: str) -> list[str]:
        """Every value sent under this name, in order."""
        return [value for key, value in self.pairs if key == name]

    def ticked(self, name: str) -> bool:
        """Whether a checkbox was ticked: browsers send a ticked box only."""
        return self.get(name) is not None


Fields = Callable[[Form, Request], Mapping[str, Any]]
Answer = Callable[[Request, Any, Any], Awaitable[Page]]
Refused = Callable[[Request, Form | None, Page], Page]
# Which of several endpoints a form's button (or its page's query) asks for.
Pick = Callable[[Form, Request], Endpoint]


@cache
def _environment() -> Environment:
    environment = Environment(loader=PackageLoader("rsvp_service.web", "templates"),
                              autoescape=True, undefined=StrictUndefined, auto_reload=False,
                              extensions=["jinja2.ext.i18n"])
    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    return environment


def page_response(page: Page, *, background: BackgroundTask | None = None) -> HTMLResponse:
    """Render an answer page (never cached: it may name the person)."""
    language = current()
    translated = replace(page, heading=gettext(page.heading), message=gettext(page.message),
                         links=tuple(replace(link, text=gettext(link.text)) for link in page.links))
    html = _environment().get_template("answer.html").render(page=translated, language=language,
                                                       direction=direction(language))
    headers = {"cache-control": "no-store", "content-language": language, **page.headers}
    return HTMLResponse(html, status_code=page.status, headers=headers, background=background)


def refusal(request: Request, status: int, message: str,
            headers: Mapping[str, str] | None = None) -> Page:
    """The page of a refused form: the sentence, a link back to the form and home."""
    back = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return Page(HEADINGS.get(status, REFUSED), message, status=status,
                headers=dict(headers or {}),
                links=(Link(back, "Go back to the form"), Link("/", "CivicSTL home")))


def check_origin(request: Request) -> None:
    """Refuse (403) a form sent from another site (see the module docstring)."""
    if not from_own_site(request, request.app.state.settings.site_origins, null_origin=True):
        raise ApiError(403, FOREIGN_FORM)


async def read_form(request: Request) -> Form:
    """The urlencoded fields of the request (415 for another type, 400 when not UTF-8)."""
    media_type = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media_type != FORM_TYPE:
        raise ApiError(415, NOT_A_FORM)
    try:
        text = (await request.body()).decode("utf-8")
    except UnicodeDecodeError:
        raise ApiError(400, NOT_UTF8) from None
    return Form(parse_qsl(text, keep_blank_values=True))


def query_token(request: Request, name: str, missing: str) -> dict[str, str]:
    """The emailed link's token from the page's own URL, as a LinkToken body (422 `missing`).

    An older link carries its token in the fragment, which no server sees: without JavaScript
    its page posts no token, and `missing` says what to do instead.
    """
    token = request.query_params.get(name)
    if token is None:
        raise ApiError(422, missing)
    return {"token": token}


def validate(model: type[ModelT], values: Mapping[str, Any]) -> ModelT:
    """Validate the form's values with the JSON endpoint's body model (422 naming the field)."""
    try:
        return model.model_validate(dict(values))
    except ValidationError as exc:
        raise ApiError(422, validation_message(exc)) from None


async def call(declared: Endpoint, request: Request, body: BaseModel, *,
               spend: bool = True) -> Reply[Any]:
    """Run a declared endpoint's handler on a body, as the endpoint (its limits declared)."""
    # The model goes in as the endpoint takes it: its body, or (one-click unsubscribe) its query.
    keyword = "body" if declared.body is not None else "query"
    with handling(declared, request):
        if spend:
            await declared.spend_per_request(request)
        result = await declared.handler(request, **{keyword: body})
    if isinstance(result, BaseModel):
        return Reply(result)
    if not isinstance(result, Reply):
        raise ContractError(f"{declared} answered a form with {type(result).__name__}.")
    if result.status is not None and result.status >= 400:
        # A refusal returned with extras (a waitlist position): its sentence is the page's.
        raise ApiError(result.status, getattr(result.body, "error", ""), headers=result.headers)
    return result


def _keep(request: Request, form: Form | None, page: Page) -> Page:
    return page


class FormRoute:
    """A POST route on a site path answering a form with the page of the endpoint's outcome."""

    def __init__(self, path: str, mirrors: Endpoint, *, fields: Fields, answer: Answer,
                 refused: Refused = _keep, pick: Pick | None = None) -> None:
        model = mirrors.body or mirrors.query
        if model is None:
            raise ContractError(f"{mirrors} takes no body, so no form can mirror it.")
        self.path, self.mirrors, self.model = path, mirrors, model
        self.fields, self.answer, self.refused = fields, answer, refused
        # `pick` chooses among endpoints that share `mirrors`' model and per-request limits.
        self.pick = pick or (lambda form, request: mirrors)

    async def handle(self, request: Request) -> Response:
        """Check, parse, run the mirrored handler and render its outcome (or refusal)."""
        form: Form | None = None
        try:
            check_origin(request)
            with handling(self.mirrors, request):
                await self.mirrors.spend_per_request(request)
            form = await read_form(request)
            chosen = self.pick(form, request)
            body = validate(self.model, self.fields(form, request))
            reply = await call(chosen, request, body, spend=False)
            page = await self.answer(request, body, reply.body)
        except ApiError as exc:
            page = refusal(request, exc.status, exc.message, exc.headers)
            return page_response(self.refused(request, form, page))
        except DATABASE_FAILURES as exc:
            if isinstance(exc, IntegrityError):
                raise
            note_database_failure(request, exc)
            page = refusal(request, 503, DATABASE_UNAVAILABLE,
                           {"Retry-After": DATABASE_RETRY_AFTER})
            return page_response(page)
        response = page_response(page, background=reply.background)
        if reply.finish is not None:
            reply.finish(response)
        return response


def pressed(field: str, endpoints: Mapping[str, Endpoint], missing: str) -> Pick:
    """The `pick` of a form whose buttons name their endpoint in `field` (422 `missing` else)."""
    def pick(form: Form, request: Request) -> Endpoint:
        chosen = endpoints.get(form.get(field) or "")
        if chosen is None:
            raise ApiError(422, missing)
        return chosen
    return pick


def form_route(path: str, mirrors: Endpoint, *, fields: Fields, answer: Answer,
               refused: Refused = _keep, pick: Pick | None = None) -> Route:
    """A POST route for a form on a site path (GET still serves the page: a POST-only route)."""
    route = FormRoute(path, mirrors, fields=fields, answer=answer, refused=refused, pick=pick)
    return Route(path, route.handle, methods=["POST"], name=f"form:{path}")
