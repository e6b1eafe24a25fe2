"""`python -m rsvp_service roles grant|revoke|list`: organizer and admin roles from a shell.

    roles grant EMAIL organizer --org SLUG     roles revoke EMAIL organizer --org SLUG
    roles grant EMAIL admin                    roles revoke EMAIL admin
    roles list

Roles are never granted from content files: email addresses do not belong in a public
repository. An unknown email or organization, or granting a role to an account that has not
verified its email address, exits with status 2 and a sentence on stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC

from rsvp_service import clock
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.accounts.models import User
from rsvp_service.db.connection import close_database, open_database
from rsvp_service.events import Catalogue, EventsFileError, load_catalogue
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.organize.roles import (
    ADMIN,
    ORGANIZER,
    NotVerified,
    grant_organizer,
    revoke_organizer,
    set_admin,
)
from rsvp_service.settings import Settings, settings_or_exit

USAGE_ERROR = 2


class Refused(Exception):
    """The command cannot be carried out; the message says why and what to do."""


async def _account(email: str) -> User:
    try:
        address = normalize_email(email)
    except ValueError:
        raise Refused(f"'{email}' is not a valid email address.") from None
    user = await User.get_or_none(email=address)
    if user is None:
        raise Refused(f"No account uses {address}. Ask the person to sign up first, then "
                      "run this again.")
    return user


def _organization(catalogue: Catalogue, slug: str | None) -> str:
    if not slug:
        raise Refused("The organizer role needs --org SLUG (the organization's slug).")
    known = catalogue.organization(slug)
    if known is None:
        raise Refused(f"There is no organization '{slug}' in the events file. Known slugs: "
                      f"{', '.join(sorted(catalogue.organizations, key=str.casefold))}.")
    return known


async def change(settings: Settings, catalogue: Catalogue, args: argparse.Namespace) -> str:
    """Grant or revoke one role; return what was done (Refused or NotVerified when it cannot)."""
    if args.role == ADMIN and args.org:
        raise Refused("The admin role is for every organization; leave out --org.")
    organization = _organization(catalogue, args.org) if args.role == ORGANIZER else ""
    user = await _account(args.email)
    granting = args.action == "grant"
    if args.role == ADMIN:
        changed = await set_admin(user, granting)
        what = "an admin"
    elif granting:
        changed = await grant_organizer(user, organization, clock.now(settings)) is not None
        what = f"an organizer of {catalogue.organizations[organization]} ({organization})"
    else:
        changed = await revoke_organizer(user, organization)
        what = f"an organizer of {catalogue.organizations[organization]} ({organization})"
    if granting:
        return f"{user.email} is now {what}." if changed else f"{user.email} was already {what}."
    return (f"{user.email} is no longer {what}." if changed
            else f"{user.email} was not {what}; nothing changed.")


async def listing(catalogue: Catalogue) -> list[str]:
    """Return the lines listing admins and organizer grants."""
    lines = ["Admins:"]
    admins = await User.filter(role=ADMIN).order_by("email")
    lines += [f"  {user.email}" for user in admins] or ["  (none)"]
    lines.append("Organizers:")
    grants = await OrganizerGrant.all().select_related("user").order_by("organization", "id")
    for grant in grants:
        name = catalogue.organizations.get(grant.organization, grant.organization)
        since = grant.granted_at.astimezone(UTC).strftime("%Y-%m-%d")
        lines.append(f"  {grant.user.email}  {grant.organization} ({name})  since {since}")
    if not grants:
        lines.append("  (none)")
    return lines


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    try:
        catalogue = load_catalogue(settings.events_file)
    except EventsFileError as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    database = await open_database(settings)
    try:
        if args.action == "list":
            print("\n".join(await listing(catalogue)))
        else:
            print(await change(settings, catalogue, args))
        return 0
    except (Refused, NotVerified) as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    finally:
        await close_database(database)


def main(argv: list[str]) -> int:
    """Parse `roles` arguments, run the action and return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service roles", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    actions = parser.add_subparsers(dest="action", required=True)
    for action, words in (("grant", "give an account a role"), ("revoke", "take a role away")):
        sub = actions.add_parser(action, help=words)
        sub.add_argument("email", help="the account's email address")
        sub.add_argument("role", choices=[ORGANIZER, ADMIN])
        sub.add_argument("--org", help="organization slug (organizer role only)")
    actions.add_parser("list", help="list admins and organizers")
    args = parser.parse_args(argv)
    return asyncio.run(_run(settings_or_exit(), args))
