"""Admin endpoints: list, grant and revoke organizer roles (the same store as the CLI)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from rsvp_service import clock
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.organize.roles import (
    NotVerified,
    grant_organizer,
    require_admin,
    revoke_organizer,
)
from rsvp_service.web.errors import ApiError, read_json

NO_ACCOUNT = "No account uses that email address. Ask the person to sign up first."
NO_ORGANIZATION = "There is no organization with the slug '{slug}'. Pick one from the list."
GRANTED = "{person} is now an organizer of {organization}."
ALREADY = "{person} is already an organizer of {organization}."
REVOKED = "{person} is no longer an organizer of {organization}."
NOT_GRANTED = "{person} was not an organizer of {organization}, so nothing changed."


class GrantPayload(BaseModel):
    """Body of POST /api/admin/organizers and /api/admin/organizers/revoke."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    email: str = Field(min_length=1, max_length=320)
    organization: str = Field(min_length=1, max_length=100)

    _emails = field_validator("email")(normalize_email)


def _organization(catalogue: Catalogue, slug: str) -> dict[str, str]:
    return {"slug": slug, "name": catalogue.organizations.get(slug, slug)}


def _entry(catalogue: Catalogue, grant: OrganizerGrant, user: User) -> dict[str, object]:
    return {"email": user.email, "name": user.name,
            "organization": _organization(catalogue, grant.organization),
            "grantedAt": grant.granted_at.isoformat()}


async def _target(request: Request) -> tuple[Catalogue, User, str]:
    """Validate a grant/revoke body: the account (404) and the organization (422)."""
    await require_admin(request)
    payload = await read_json(request, GrantPayload, shape="error")
    catalogue: Catalogue = request.app.state.catalogue
    slug = catalogue.organization(payload.organization)
    if slug is None:
        raise ApiError(422, NO_ORGANIZATION.format(slug=payload.organization), shape="error")
    user = await User.get_or_none(email=payload.email)
    if user is None:
        raise ApiError(404, NO_ACCOUNT, shape="error")
    return catalogue, user, slug


async def list_organizers(request: Request) -> Response:
    """GET /api/admin/organizers: every organizer grant, by organization then name."""
    await require_admin(request)
    catalogue: Catalogue = request.app.state.catalogue
    grants = sorted(
        await OrganizerGrant.all().select_related("user"),
        key=lambda grant: (catalogue.organizations.get(grant.organization, "").casefold(),
                           grant.user.name.casefold()))
    return JSONResponse({"organizers": [_entry(catalogue, grant, grant.user)
                                        for grant in grants]})


async def grant(request: Request) -> Response:
    """POST /api/admin/organizers: grant an account the organizer role for an organization."""
    catalogue, user, slug = await _target(request)
    words = {"person": user.name, "organization": catalogue.organizations.get(slug, slug)}
    try:
        created = await grant_organizer(user, slug, clock.now(request.app.state.settings))
    except NotVerified as exc:
        raise ApiError(409, str(exc), shape="error") from None
    if created is None:
        raise ApiError(409, ALREADY.format(**words), shape="error")
    return JSONResponse({"organizer": _entry(catalogue, created, user),
                         "message": GRANTED.format(**words)}, status_code=201)


async def revoke(request: Request) -> Response:
    """POST /api/admin/organizers/revoke: take an organizer role away (200 even if not held)."""
    catalogue, user, slug = await _target(request)
    words = {"person": user.name, "organization": catalogue.organizations.get(slug, slug)}
    revoked = await revoke_organizer(user, slug)
    return JSONResponse({"message": (REVOKED if revoked else NOT_GRANTED).format(**words)})


def routes() -> list[BaseRoute]:
    """Return the admin routes."""
    return [
        Route("/api/admin/organizers", list_organizers, methods=["GET"]),
        Route("/api/admin/organizers", grant, methods=["POST"]),
        Route("/api/admin/organizers/revoke", revoke, methods=["POST"]),
    ]
