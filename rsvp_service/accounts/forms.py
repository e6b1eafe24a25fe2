"""The sign-in and register pages' forms (POST /login, POST /register), for JavaScript off.

They run POST /api/auth/login's and /register's handlers through web/forms.py (the same body
models, limits, sentences and refresh cookie) and answer a page. The login page posts to its own
URL: with `?from=rsvp&eventId=<id>` (an RSVP that asked to sign in) the person is signed in and
then RSVP'd by `after_sign_in`, which the RSVP domain hands in (it sits above this one).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.accounts.bodies import LoginPayload, SignedIn
from rsvp_service.accounts.models import User
from rsvp_service.accounts.routes import login, register
from rsvp_service.i18n import N_
from rsvp_service.web import forms
from rsvp_service.web.contract import ApiError
from rsvp_service.web.forms import Form, Link, Page

SIGNED_IN = N_("You're signed in.")
REGISTERED = N_(
    "Your account is ready and you are signed in. Check your email: open the link we "
    "sent to verify your address, so you can RSVP to every event.")
PASSWORDS_DIFFER = N_(
    "The two passwords you typed are not the same. Go back, type the same "
    "password in both boxes, and try again.")
SIGNED_IN_LINKS = (Link("/dashboard", "Go to your dashboard"), Link("/features", "Find events"))
ORGANIZE = Link("/organize", "Go to Organize")

# RSVPs the person who just signed in (request, user, their access token, the event's id).
AfterSignIn = Callable[[Request, User, str, str], Awaitable[Page]]


def _present(values: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in values.items() if value is not None}


def login_fields(form: Form, request: Request) -> dict[str, Any]:
    """The form's fields as POST /api/auth/login's body."""
    return _present({"email": form.get("email"), "password": form.get("password")})


def register_fields(form: Form, request: Request) -> dict[str, Any]:
    """The form's fields as POST /api/auth/register's body (the second password checked here,
    as the page's script checks it before sending)."""
    verify = form.get("verifyPassword")
    if verify is not None and verify != form.get("password"):
        raise ApiError(422, PASSWORDS_DIFFER)
    return _present({"name": form.get("name"), "email": form.get("email"),
                     "password": form.get("password"), "role": form.get("role")})


def _login_answer(after_sign_in: AfterSignIn | None) -> forms.Answer:
    async def answer(request: Request, body: LoginPayload, signed: SignedIn) -> Page:
        event_id = request.query_params.get("eventId")
        if after_sign_in is not None and request.query_params.get("from") == "rsvp" and event_id:
            user = await User.get(id=signed.user.id)
            return await after_sign_in(request, user, signed.accessToken, event_id)
        # Where the page's script goes next (/login?from=organize: Organize) comes first.
        first = (ORGANIZE,) if request.query_params.get("from") == "organize" else ()
        return Page("Signed in", SIGNED_IN, links=(*first, *SIGNED_IN_LINKS))

    return answer


async def register_answer(request: Request, body: Any, signed: SignedIn) -> Page:
    """The page of a new account: signed in, and told to verify the address."""
    return Page("Welcome to CivicSTL", REGISTERED, links=SIGNED_IN_LINKS)


def routes(after_sign_in: AfterSignIn | None = None) -> list[BaseRoute]:
    """The sign-in and register forms' routes (their pages stay the site's, on GET)."""
    return [
        forms.form_route("/login", login, fields=login_fields,
                         answer=_login_answer(after_sign_in)),
        forms.form_route("/register", register, fields=register_fields, answer=register_answer),
    ]
