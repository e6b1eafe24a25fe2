"""`python -m rsvp_service roles ...`: the real command for its exit codes and wiring, and its
steps in-process (on the test database, both kinds) for every case.
"""

from __future__ import annotations

import argparse
import asyncio

import httpx
import pytest
from organize_testkit import KEEN, person
from service_testkit import command_env, run_command
from starlette.applications import Starlette

from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.organize.roles_cli import Refused, change, listing
from rsvp_service.settings import Settings


async def roles(settings: Settings, *args: str) -> tuple[int, str, str]:
    """Run the roles command against the test database; return status, stdout and stderr."""
    # In a thread: the test's own event loop keeps serving while the command runs.
    done = await asyncio.to_thread(run_command, command_env(settings), "roles", *args)
    return done.returncode, done.stdout, done.stderr


def command(action: str, email: str, role: str, org: str | None = None) -> argparse.Namespace:
    """The parsed arguments of one grant or revoke."""
    return argparse.Namespace(action=action, email=email, role=role, org=org)


async def test_the_command_grants_and_refuses_an_unknown_email_with_status_2(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    kim, _ = await person(settings, "kim")

    granted = await roles(settings, "grant", "Kim@example.org", "organizer", "--org", "KEENstl")
    nobody = await roles(settings, "grant", "nobody@example.org", "admin")

    assert granted == (0, "kim@example.org is now an organizer of KEEN St. Louis (keenstl).\n", "")
    assert nobody == (2, "", "No account uses nobody@example.org. Ask the person to sign up "
                      "first, then run this again.\n")
    assert await OrganizerGrant.filter(user_id=kim.id, organization=KEEN).exists()


async def test_grant_list_and_revoke_organizer_and_admin(
    app: Starlette, settings: Settings
) -> None:
    catalogue: Catalogue = app.state.catalogue
    kim, _ = await person(settings, "kim")

    said = [await change(settings, catalogue, command("grant", "kim@example.org", "organizer",
                                                       KEEN)),
            await change(settings, catalogue, command("grant", "kim@example.org", "organizer",
                                                       KEEN)),
            await change(settings, catalogue, command("grant", "kim@example.org", "admin"))]
    lines = await listing(catalogue)

    assert said == ["kim@example.org is now an organizer of KEEN St. Louis (keenstl).",
                    "kim@example.org was already an organizer of KEEN St. Louis (keenstl).",
                    "kim@example.org is now an admin."]
    assert lines[:3] == ["Admins:", "  kim@example.org", "Organizers:"]
    assert lines[3].startswith("  kim@example.org  keenstl (KEEN St. Louis)  since 20")
    assert (await User.get(id=kim.id)).role == "admin"

    said = [await change(settings, catalogue, command("revoke", "kim@example.org", "organizer",
                                                       KEEN)),
            await change(settings, catalogue, command("revoke", "kim@example.org", "admin")),
            await change(settings, catalogue, command("revoke", "kim@example.org", "admin"))]
    assert said == ["kim@example.org is no longer an organizer of KEEN St. Louis (keenstl).",
                    "kim@example.org is no longer an admin.",
                    "kim@example.org was not an admin; nothing changed."]
    assert (await User.get(id=kim.id)).role == "volunteer"
    assert not await OrganizerGrant.filter(user_id=kim.id).exists()
    assert await listing(catalogue) == ["Admins:", "  (none)", "Organizers:", "  (none)"]


@pytest.mark.parametrize(("args", "sentence"), [
    (("grant", "kim@example.org", "organizer", "nope"),
     "There is no organization 'nope' in the events file. Known slugs: forest-park-forever, "
     "keenstl."),
    (("grant", "kim@example.org", "organizer", None),
     "The organizer role needs --org SLUG (the organization's slug)."),
    (("grant", "kim@example.org", "admin", KEEN),
     "The admin role is for every organization; leave out --org."),
    (("revoke", "not-an-address", "admin", None), "'not-an-address' is not a valid email address."),
])
async def test_mistakes_are_refused_with_a_sentence_and_change_nothing(
    app: Starlette, settings: Settings, args: tuple[str, str, str, str | None],
    sentence: str,
) -> None:
    catalogue: Catalogue = app.state.catalogue
    await person(settings, "kim")

    with pytest.raises(Refused) as refused:
        await change(settings, catalogue, command(*args))

    assert str(refused.value) == sentence
    assert not await OrganizerGrant.all().exists()
    assert (await User.get(email="kim@example.org")).role == "volunteer"


async def test_the_command_refuses_a_role_for_an_unverified_account_with_status_2(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    # Whoever signs up first with an address must not inherit a role meant for its owner.
    uma, _ = await person(settings, "uma", verified=False)
    sentence = ("The account uma@example.org has not verified its email address, so it cannot "
                "be given a role: until then it may belong to someone other than the address's "
                "owner. Ask the person to open the link in their verification email (or send a "
                "new one from their dashboard), then try again.\n")

    organizer = await roles(settings, "grant", "uma@example.org", "organizer", "--org", KEEN)
    admin = await roles(settings, "grant", "uma@example.org", "admin")

    assert organizer == (2, "", sentence)
    assert admin == (2, "", sentence)
    assert not await OrganizerGrant.filter(user_id=uma.id).exists()
    assert (await User.get(id=uma.id)).role == "volunteer"
