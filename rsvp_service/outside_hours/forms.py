"""The supervisor's page with JavaScript off: POST /hours-request?token=... with
act=confirm|adjust|decline|not-me (and hours, role, note as the act needs).

The emailed link's own URL carries the token in its query; the page's form has no action, so it
posts there. Each button runs its JSON endpoint's handler through web/forms.py (the same body
model, limit and sentences).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.i18n import N_
from rsvp_service.outside_hours.supervisor import (
    hours_adjust,
    hours_confirm,
    hours_decline,
    hours_not_me,
)
from rsvp_service.web import forms
from rsvp_service.web.forms import Form, Link, Page

ACTS = {"confirm": hours_confirm, "adjust": hours_adjust, "decline": hours_decline,
        "not-me": hours_not_me}
HEADINGS = {"confirmed": "Hours confirmed", "adjusted": "Hours adjusted",
            "declined": "Hours declined", "not_me": "Request closed"}
UNREAD_LINK = N_(
    "We could not read your hours-request link, so nothing was recorded. Please open "
    "the link in the CivicSTL email again.")
PICK_ONE = N_(
    "The field 'act' must be 'confirm', 'adjust', 'decline' or 'not-me': press one of "
    "the page's buttons.")


def answer_fields(form: Form, request: Request) -> dict[str, Any]:
    """The token from the page's own URL, and the fields the pressed button sends."""
    values: dict[str, Any] = forms.query_token(request, "token", UNREAD_LINK)
    for name in ("hours", "role", "note"):
        value = form.get(name)
        if value:
            values[name] = value
    return values


# The endpoint of the button pressed (422 for anything else).
pick = forms.pressed("act", ACTS, PICK_ONE)


async def answered_page(request: Request, body: Any, answer: Any) -> Page:
    """The page of the supervisor's answer."""
    return Page(HEADINGS[answer.answer], answer.message, links=(Link("/", "CivicSTL home"),))


def routes() -> list[BaseRoute]:
    """The supervisor page's form route (GET /hours-request stays the site's page)."""
    return [forms.form_route("/hours-request", hours_confirm, fields=answer_fields,
                             answer=answered_page, pick=pick)]
