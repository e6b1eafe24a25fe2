"""The follows page's buttons: confirm a guest's follows, and unsubscribe, from the emailed link.

The links carry their token in the query (`/follows?confirm=...`, `/follows?unsubscribe=...`);
the page's form has no action, so it posts to that URL, and the key names the act. They run
POST /api/follows/confirm's and the one-click unsubscribe's handlers through web/forms.py.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.follows.preferences import unsubscribe
from rsvp_service.follows.routes import confirm
from rsvp_service.i18n import N_
from rsvp_service.web import forms
from rsvp_service.web.contract import ApiError, Endpoint
from rsvp_service.web.forms import Form, Link, Page

ACTS = {"confirm": confirm, "unsubscribe": unsubscribe}
# With JavaScript off the page cannot tell which link opened it: it shows both buttons (name
# "act"), and the one that is not the link's does nothing.
WRONG_BUTTON = {
    "confirm": ("This link confirms the follows you asked for; it does not unsubscribe. Press "
                "Confirm to start the weekly email, or close the page to change nothing."),
    "unsubscribe": ("This link unsubscribes you from the weekly email; it does not confirm "
                    "anything. Press Unsubscribe to stop it, or close the page to change nothing."),
}
NO_LINK = N_(
    "We could not read the link from your email, so nothing was changed. Please open "
    "the link in your most recent email from CivicSTL again; links sent before this page "
    "worked without JavaScript need it turned on.")


def _act(request: Request) -> str:
    for act in ACTS:
        if act in request.query_params:
            return act
    raise ApiError(404, NO_LINK)


def token_of(form: Form, request: Request) -> dict[str, Any]:
    """The link's token, from the page's own URL."""
    return {"token": request.query_params[_act(request)]}


def pick(form: Form, request: Request) -> Endpoint:
    """Confirm or unsubscribe, as the link's query says (422 when the other button was pressed)."""
    act = _act(request)
    pressed = form.get("act")
    if pressed is not None and pressed != act:
        raise ApiError(422, WRONG_BUTTON[act])
    return ACTS[act]


async def done_page(request: Request, body: Any, answer: Any) -> Page:
    """The page after confirming or unsubscribing."""
    heading = "Unsubscribed" if _act(request) == "unsubscribe" else "Following confirmed"
    return Page(heading, answer.message,
                links=(Link("/organizations", "Organizations"), Link("/", "CivicSTL home")))


def routes() -> list[BaseRoute]:
    """The follows page's form route (GET /follows stays the site's page)."""
    return [forms.form_route("/follows", confirm, fields=token_of, answer=done_page, pick=pick)]
