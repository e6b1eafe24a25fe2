"""The guardian's consent page's buttons: POST /consent?token=... with answer=approve|decline.

The emailed link's own URL carries the token in its query; the page's form has no action, so it
posts there. The buttons run POST /api/consent/approve's or /decline's handler through
web/forms.py (the same token model, limit and sentences).
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.consent.routes import consent_approve, consent_decline
from rsvp_service.i18n import N_
from rsvp_service.web import forms
from rsvp_service.web.forms import Form, Link, Page

ANSWERS = {"approve": consent_approve, "decline": consent_decline}
UNREAD_LINK = N_(
    "We could not read your consent link, so nothing was decided. Please open the "
    "link in the CivicSTL email again; links sent before this page worked without "
    "JavaScript need it turned on.")
PICK_ONE = N_("The field 'answer' must be 'approve' or 'decline': press one of the two buttons.")


def token_of(form: Form, request: Request) -> dict[str, Any]:
    """The token of the emailed link, from the page's own URL."""
    return forms.query_token(request, "token", UNREAD_LINK)


# The endpoint of the button pressed (422 for anything else).
pick = forms.pressed("answer", ANSWERS, PICK_ONE)


async def decided_page(request: Request, body: Any, answer: Any) -> Page:
    """The page of the guardian's answer."""
    heading = "Approved" if answer.decision == "approved" else "Declined"
    return Page(heading, answer.message, links=(Link("/", "CivicSTL home"),))


def routes() -> list[BaseRoute]:
    """The consent page's form route (GET /consent stays the site's page)."""
    return [forms.form_route("/consent", consent_approve, fields=token_of, answer=decided_page,
                             pick=pick)]
