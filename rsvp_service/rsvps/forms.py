"""The RSVP form of event pages (POST /rsvp), the RSVP made right after signing in from it, and
the cancel page's button (POST /cancel?token=..., the emailed link's own URL).

Both run POST /api/rsvp's handler (`routes.create_rsvp`) through web/forms.py: the same body
model, limits and sentences. The answer page names the event and links to its page, which the
service finds in events.json; the form carries no address to send the person to.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from starlette.requests import Request
from starlette.routing import BaseRoute

from generator.models import MAX_GUESTS
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import ACCESS_TOKEN_HEADER
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, gettext
from rsvp_service.rsvps.bodies import RsvpPayload, RsvpWaitlisted
from rsvp_service.rsvps.cancel import cancel
from rsvp_service.rsvps.routes import create_rsvp
from rsvp_service.web import forms
from rsvp_service.web.contract import ApiError
from rsvp_service.web.forms import Form, Link, Page

BACK_TO = N_("Back to {title}")
WAITLISTED_HEADING = N_("On the waitlist for {title}")
RSVPD_HEADING = N_("You have RSVP'd to {title}")
GUEST_COUNT = N_("The field 'guestCount' must be a whole number from 0 to {most}.")
EVENTS = Link("/features", "See other events")
UNREAD_CANCEL_LINK = N_(
    "We could not read your cancel link, so nothing was cancelled. Please "
    "open the link in your CivicSTL email again; links sent before this page "
    "worked without JavaScript need it turned on.")


def _slot(request: Request, event_id: str | None) -> Slot | None:
    catalogue: Catalogue = request.app.state.catalogue
    slots = catalogue.guest_slots if event_id is None else catalogue.slots_for(event_id)
    return slots[0] if slots else None


def _guest_count(form: Form) -> int:
    raw = (form.get("guestCount") or "0").strip()
    if not raw.isdigit() or int(raw) > MAX_GUESTS:
        raise ApiError(422, gettext(GUEST_COUNT).format(most=MAX_GUESTS))
    return int(raw)


def rsvp_fields(form: Form, request: Request) -> dict[str, Any]:
    """The form's fields as POST /api/rsvp's body (a field left out is left out)."""
    names = form.all("guestName")
    # The first guestCount names: the form keeps every name box, filled or not.
    guests = [{"name": names[i] if i < len(names) else ""} for i in range(_guest_count(form))]
    values: dict[str, Any] = {
        "eventId": form.get("eventId") or None, "firstName": form.get("firstName"),
        "lastName": form.get("lastName"), "email": form.get("email"),
        "phone": form.get("phone") or None, "waitlist": form.ticked("waitlist"),
        "guests": guests, "under18": form.ticked("under18"),
        "guardianEmail": form.get("guardianEmail") or None,
    }
    return {name: value for name, value in values.items() if value is not None}


def _event_links(slot: Slot | None) -> tuple[Link, ...]:
    back = (Link(slot.path, gettext(BACK_TO).format(title=slot.title)),) if slot is not None else ()
    return (*back, EVENTS)


async def rsvp_page(request: Request, body: RsvpPayload, answer: Any) -> Page:
    """The page of a made RSVP: the sentence, and links to the event's page and other events."""
    slot = _slot(request, answer.eventId)
    title = slot.title if slot is not None else answer.event
    waiting = isinstance(answer, RsvpWaitlisted)
    heading = gettext(WAITLISTED_HEADING if waiting else RSVPD_HEADING).format(title=title)
    return Page(heading, answer.message, links=_event_links(slot))


def login_link(event_id: str) -> str:
    """The sign-in page that RSVPs to this event once the person has signed in."""
    return f"/login?from=rsvp&eventId={quote(event_id, safe='')}"


def rsvp_refused(request: Request, form: Form | None, page: Page) -> Page:
    """A refused RSVP: back to the event's page (where the form is: /rsvp is no page), and to
    sign in where signing in is the way."""
    event_id = form.get("eventId") if form is not None else None
    slot = _slot(request, event_id or None)
    links = list(_event_links(slot))
    if page.status == 401 and slot is not None:
        links.insert(0, Link(login_link(slot.id), "Log in to RSVP"))
    page.links = links
    return page


def _as_user(request: Request, access_token: str) -> Request:
    """The request as the signed-in person's, who just got this access token."""
    # The RSVP then goes through the one sign-in path the JSON RSVP takes (the x-auth-token
    # header), not a second one beside it.
    headers = [(name, value) for name, value in request.scope["headers"]
               if name != ACCESS_TOKEN_HEADER.encode()]
    headers.append((ACCESS_TOKEN_HEADER.encode(), access_token.encode()))
    return Request({**request.scope, "headers": headers}, request.receive)


async def rsvp_after_sign_in(request: Request, user: User, access_token: str,
                             event_id: str) -> Page:
    """RSVP the person who just signed in from the login page's `?from=rsvp&eventId=`."""
    words = user.name.split()
    try:
        # The body the site's own RSVP button sends for a signed-in person (src/api/rsvp.ts).
        body = forms.validate(RsvpPayload, {
            "eventId": event_id, "email": user.email, "firstName": words[0] if words else "",
            "lastName": " ".join(words[1:]), "phone": user.phone or None})
        reply = await forms.call(create_rsvp, _as_user(request, access_token), body)
    except ApiError as exc:
        page = forms.refusal(request, exc.status, exc.message, exc.headers)
        page.links = [*_event_links(_slot(request, event_id)), Link("/dashboard", "Your dashboard")]
        return page
    return await rsvp_page(request, body, reply.body)


def link_token(form: Form, request: Request) -> dict[str, Any]:
    """The token of the emailed link, from the page's own URL (the form posts to it)."""
    return forms.query_token(request, "token", UNREAD_CANCEL_LINK)


async def cancelled_page(request: Request, body: Any, answer: Any) -> Page:
    """The page of an RSVP cancelled from its emailed link."""
    return Page("RSVP cancelled", answer.message,
                links=(Link("/dashboard", "Your dashboard"), EVENTS))


def routes() -> list[BaseRoute]:
    """The RSVP and cancel forms' routes (GET is not one: the site serves their pages)."""
    return [forms.form_route("/rsvp", create_rsvp, fields=rsvp_fields, answer=rsvp_page,
                             refused=rsvp_refused),
            forms.form_route("/cancel", cancel, fields=link_token, answer=cancelled_page)]
