"""Who may organize what: admins (`User.role == "admin"`), organizer grants, and the checks.

Every organizer and admin endpoint starts with one of the `require_*` checks: 401 when
nobody is signed in, 403 when the person lacks the role for that organization or has not
verified their email address. Admins may organize every organization's events. Roles are
only granted to verified accounts, and only count while the account is verified: whoever
signs up first with an address must not inherit a role meant for the address's owner.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.exceptions import IntegrityError

from rsvp_service.accounts.models import DEFAULT_ROLE, User
from rsvp_service.accounts.tokens import signed_in, signed_in_session
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_, gettext
from rsvp_service.organize.bodies import MyRoles, Organization
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, endpoint

ADMIN = "admin"
ORGANIZER = "organizer"
SIGN_IN = N_("Please log in to organize events.")
SIGN_IN_ROLES = N_("Please log in to see your roles.")
NOT_ORGANIZER = N_("You are not an organizer of {name}. Ask an admin to grant you the role.")
NOT_ANY_ORGANIZER = N_(
    "You are not an organizer of any organization yet. "
    "Ask an admin to grant you the role.")
NOT_ADMIN = N_("Only admins can manage organizer roles. Ask an admin if you need to.")
NOT_VERIFIED = N_(
    "Your email address is not verified yet, so your organizer and admin roles are on "
    "hold. Open the link in the verification email, or send a new one from your "
    "dashboard, then try again.")
UNVERIFIED_GRANT = N_(
    "The account {email} has not verified its email address, so it cannot be "
    "given a role: until then it may belong to someone other than the address's "
    "owner. Ask the person to open the link in their verification email (or send "
    "a new one from their dashboard), then try again.")


class NotVerified(Exception):
    """A role was to be granted to an account whose address is unproven; the message says why."""


@dataclass(frozen=True, slots=True)
class Organizer:
    """A signed-in person allowed to organize: every organization (admin) or the ones granted."""

    user: User
    admin: bool
    organizations: frozenset[str]

    def holds(self, organization: str) -> bool:
        """Whether this person holds the role for the organization (verified or not)."""
        return self.admin or organization in self.organizations

    def may_organize(self, organization: str) -> bool:
        """Whether this person may see and manage the events of the organization."""
        return self.user.is_verified and self.holds(organization)


def is_admin(user: User) -> bool:
    """Whether the account holds the admin role."""
    return user.role == ADMIN


async def granted_organizations(user_id: int) -> frozenset[str]:
    """Return the slugs of the organizations the account organizes (by grant)."""
    grants = await OrganizerGrant.filter(user_id=user_id).values_list("organization", flat=True)
    return frozenset(str(slug) for slug in grants)


async def current_organizer(request: Request) -> Organizer:
    """Return the signed-in person with their roles (401 when nobody is, or the session ended)."""
    # Organizing shows people's details and mails them: a logged-out token no longer works.
    user = await signed_in_session(request, SIGN_IN)
    return Organizer(user, is_admin(user), await granted_organizations(user.id))


def _check_verified(user: User) -> None:
    """Raise 403 unless the account's address is verified (checked on every request)."""
    if not user.is_verified:
        raise ApiError(403, NOT_VERIFIED)


def check_role(request: Request, organizer: Organizer, organization: str | None) -> None:
    """Raise 403 unless the person organizes `organization` (or anything, when None)."""
    if organization is None:
        if not organizer.admin and not organizer.organizations:
            raise ApiError(403, NOT_ANY_ORGANIZER)
    elif not organizer.holds(organization):
        catalogue: Catalogue = request.app.state.catalogue
        name = catalogue.organizations.get(organization, organization)
        raise ApiError(403, gettext(NOT_ORGANIZER).format(name=name))
    # After the role, so a volunteer is told they are not an organizer, not to verify.
    _check_verified(organizer.user)


async def require_organizer(request: Request, organization: str | None = None) -> Organizer:
    """Return the signed-in organizer (of `organization` when given); raise 401 or 403."""
    organizer = await current_organizer(request)
    check_role(request, organizer, organization)
    return organizer


async def require_admin(request: Request) -> User:
    """Return the signed-in admin (whose session is live); raise 401 or 403."""
    user = await signed_in_session(request, SIGN_IN)
    if not is_admin(user):
        raise ApiError(403, NOT_ADMIN)
    _check_verified(user)
    return user


def _grantable(user: User) -> None:
    """Raise NotVerified unless the account may be given a role."""
    if not user.is_verified:
        raise NotVerified(gettext(UNVERIFIED_GRANT).format(email=user.email))


async def grant_organizer(user: User, organization: str, now: datetime) -> OrganizerGrant | None:
    """Grant the organizer role (NotVerified for an unverified account); None if already held."""
    _grantable(user)
    if await OrganizerGrant.exists(user_id=user.id, organization=organization):
        return None
    try:
        return await OrganizerGrant.create(user_id=user.id, organization=organization,
                                           granted_at=now)
    except IntegrityError:
        return None  # granted by someone else at the same moment


async def revoke_organizer(user: User, organization: str) -> bool:
    """Take the organizer role for an organization away; False when it was not granted."""
    return bool(await OrganizerGrant.filter(user_id=user.id, organization=organization).delete())


async def set_admin(user: User, admin: bool) -> bool:
    """Make the account an admin (NotVerified if unverified) or a volunteer; False if unchanged."""
    if admin:
        _grantable(user)
    role = ADMIN if admin else DEFAULT_ROLE
    if user.role == role:
        return False
    await User.filter(id=user.id).update(role=role)
    return True


@endpoint("GET", "/api/me/roles", responses={200: MyRoles}, errors={401: ErrorBody},
          auth="token", summary="The signed-in user's roles.")
async def my_roles(request: Request) -> MyRoles:
    """GET /api/me/roles: whether the user is an admin and which organizations they organize."""
    user = await signed_in(request, SIGN_IN_ROLES)
    catalogue: Catalogue = request.app.state.catalogue
    slugs = sorted(await granted_organizations(user.id),
                   key=lambda slug: catalogue.organizations.get(slug, slug).casefold())
    return MyRoles(admin=is_admin(user), organizations=[
        Organization(slug=slug, name=catalogue.organizations.get(slug, slug)) for slug in slugs])


def routes() -> list[BaseRoute]:
    """Return the route telling the signed-in user their roles."""
    return contract.routes(my_roles)
