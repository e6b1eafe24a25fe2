"""Changing what an address follows without signing in: one-click unsubscribe and preferences.

The digest's `List-Unsubscribe` URL takes the POST a mail client sends (RFC 8058: form-encoded
`List-Unsubscribe=One-Click`, no cookies, no Origin), which unsubscribes at once; its token is
the whole authority, so there is nothing to forge across sites. A GET of it changes nothing: it
leads to the site's page, which asks first. The preferences link's token is signed for another
purpose, so neither link can stand in for the other.
"""

from __future__ import annotations

import logging

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.follows import store
from rsvp_service.follows.bodies import (
    Preferences,
    PreferencesUpdate,
    Unsubscribed,
)
from rsvp_service.follows.models import Follow
from rsvp_service.follows.routes import UNKNOWN, follower_by_token
from rsvp_service.i18n import N_
from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, LinkToken, endpoint
from rsvp_service.web.ratelimit import Limit

log = logging.getLogger(__name__)

UNSUBSCRIBED = N_(
    "You are unsubscribed: this address follows nothing on CivicSTL any more and "
    "gets no weekly email.")
SHOWING = N_("This is what this address follows. Untick what you no longer want, then save.")
SAVED = N_("Saved. Your weekly email now covers what is ticked here.")
LIMITS = (Limit("follow-link", key="ip"),)


@endpoint("GET", "/api/follows/unsubscribe", query=LinkToken, responses={303: None},
          errors={404: ErrorBody, 429: ErrorBody}, limits=LIMITS,
          summary="The digest's List-Unsubscribe URL opened in a browser: leads to the page "
          "that asks first (changes nothing).")
async def unsubscribe_page(request: Request, query: LinkToken) -> Response:
    """GET /api/follows/unsubscribe: redirect to the site's page, which asks before it acts."""
    settings = request.app.state.settings
    return RedirectResponse(tokens.unsubscribe_page(settings, query.token), status_code=303)


@endpoint("POST", "/api/follows/unsubscribe", query=LinkToken, responses={200: Unsubscribed},
          errors={404: ErrorBody, 429: ErrorBody}, limits=LIMITS,
          summary="One-click unsubscribe (RFC 8058): the address follows nothing from now on.")
async def unsubscribe(request: Request, query: LinkToken) -> Unsubscribed:
    """POST /api/follows/unsubscribe?token=...: unfollow everything, at once."""
    follower = await follower_by_token(request, Purpose.UNSUBSCRIBE, query.token)
    # The row stays, so the link keeps answering; retention removes it with nothing followed.
    removed = await Follow.filter(follower_id=follower.id).delete()
    log.info("Unsubscribed a follower from the digest (follower_id=%s, %d follows).",
             follower.id, removed)
    return Unsubscribed(message=UNSUBSCRIBED)


@endpoint("POST", "/api/follows/preferences/view", body=LinkToken, responses={200: Preferences},
          errors={404: ErrorBody, 429: ErrorBody}, limits=LIMITS,
          summary="What the address of a preferences link follows (changes nothing).")
async def view_preferences(request: Request, body: LinkToken) -> Preferences:
    """POST /api/follows/preferences/view: the follows of the link's address."""
    follower = await follower_by_token(request, Purpose.PREFERENCES, body.token)
    return Preferences(email=follower.email, message=SHOWING,
                       follows=await store.items(request.app.state.catalogue, follower.id))


@endpoint("POST", "/api/follows/preferences", body=PreferencesUpdate,
          responses={200: Preferences}, errors={404: ErrorBody, 429: ErrorBody}, limits=LIMITS,
          summary="Make the address of a preferences link follow exactly the list given.")
async def save_preferences(request: Request, body: PreferencesUpdate) -> Preferences:
    """POST /api/follows/preferences: replace what the link's address follows."""
    follower = await follower_by_token(request, Purpose.PREFERENCES, body.token)
    catalogue = request.app.state.catalogue
    targets = [store.resolve(catalogue, wanted) for wanted in body.follows]
    if any(target is None for target in targets):
        raise ApiError(404, UNKNOWN)
    await store.replace_follows(follower, [t for t in targets if t is not None],
                                clock.now(request.app.state.settings))
    return Preferences(email=follower.email, message=SAVED,
                       follows=await store.items(catalogue, follower.id))


def routes() -> list[BaseRoute]:
    """Return the routes of the links in follow emails."""
    return contract.routes(unsubscribe_page, unsubscribe, view_preferences, save_preferences)
