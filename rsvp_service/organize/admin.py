"""Admin endpoints: list, grant and revoke organizer roles (the same store as the CLI)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_, gettext
from rsvp_service.organize.bodies import (
    Granted,
    GrantPayload,
    Message,
    Organization,
    OrganizerEntry,
    Organizers,
)
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.organize.roles import (
    NotVerified,
    grant_organizer,
    require_admin,
    revoke_organizer,
)
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

NO_ACCOUNT = N_("No account uses that email address. Ask the person to sign up first.")
NO_ORGANIZATION = N_("There is no organization with the slug '{slug}'. Pick one from the list.")
GRANTED = N_("{person} is now an organizer of {organization}.")
ALREADY = N_("{person} is already an organizer of {organization}.")
REVOKED = N_("{person} is no longer an organizer of {organization}.")
NOT_GRANTED = N_("{person} was not an organizer of {organization}, so nothing changed.")


ADMIN_ONLY = {401: ErrorBody, 403: ErrorBody}
WRITES = (Limit("account-write", key="account"),)


def _organization(catalogue: Catalogue, slug: str) -> Organization:
    return Organization(slug=slug, name=catalogue.organizations.get(slug, slug))


def _entry(catalogue: Catalogue, grant: OrganizerGrant, user: User) -> OrganizerEntry:
    return OrganizerEntry(email=user.email, name=user.name,
                          organization=_organization(catalogue, grant.organization),
                          grantedAt=grant.granted_at)


async def _target(request: Request, body: GrantPayload) -> tuple[Catalogue, User, str]:
    """Check the admin, then the body's account (404) and organization (422)."""
    admin = await require_admin(request)
    await enforce(request, "account-write", str(admin.id))
    catalogue: Catalogue = request.app.state.catalogue
    slug = catalogue.organization(body.organization)
    if slug is None:
        raise ApiError(422, gettext(NO_ORGANIZATION).format(slug=body.organization))
    user = await User.get_or_none(email=body.email)
    if user is None:
        raise ApiError(404, NO_ACCOUNT)
    return catalogue, user, slug


@endpoint("GET", "/api/admin/organizers", responses={200: Organizers}, errors=ADMIN_ONLY,
          auth="token", summary="Every organizer grant (admins).")
async def list_organizers(request: Request) -> Organizers:
    """GET /api/admin/organizers: every organizer grant, by organization then name."""
    await require_admin(request)
    catalogue: Catalogue = request.app.state.catalogue
    grants = sorted(
        await OrganizerGrant.all().select_related("user"),
        key=lambda grant: (catalogue.organizations.get(grant.organization, "").casefold(),
                           grant.user.name.casefold()))
    return Organizers(organizers=[_entry(catalogue, grant, grant.user) for grant in grants])


@endpoint("POST", "/api/admin/organizers", body=GrantPayload, responses={201: Granted},
          errors={**ADMIN_ONLY, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody}, auth="token",
          limits=WRITES,
          summary="Grant an account the organizer role for an organization (admins).")
async def grant(request: Request, body: GrantPayload) -> Granted:
    """POST /api/admin/organizers: grant an account the organizer role for an organization."""
    catalogue, user, slug = await _target(request, body)
    words = {"person": user.name, "organization": catalogue.organizations.get(slug, slug)}
    try:
        created = await grant_organizer(user, slug, clock.now(request.app.state.settings))
    except NotVerified as exc:
        raise ApiError(409, str(exc)) from None
    if created is None:
        raise ApiError(409, gettext(ALREADY).format(**words))
    return Granted(organizer=_entry(catalogue, created, user),
                   message=gettext(GRANTED).format(**words))


@endpoint("POST", "/api/admin/organizers/revoke", body=GrantPayload, responses={200: Message},
          errors={**ADMIN_ONLY, 404: ErrorBody, 429: ErrorBody}, auth="token", limits=WRITES,
          summary="Take an organizer role away (admins); 200 even if it was not held.")
async def revoke(request: Request, body: GrantPayload) -> Message:
    """POST /api/admin/organizers/revoke: take an organizer role away (200 even if not held)."""
    catalogue, user, slug = await _target(request, body)
    words = {"person": user.name, "organization": catalogue.organizations.get(slug, slug)}
    revoked = await revoke_organizer(user, slug)
    return Message(message=gettext(REVOKED if revoked else NOT_GRANTED).format(**words))


def routes() -> list[BaseRoute]:
    """Return the admin routes."""
    return contract.routes(list_organizers, grant, revoke)
