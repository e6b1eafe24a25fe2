"""Roles: what /api/me/roles says, and admins granting and revoking organizer roles."""

from __future__ import annotations

import httpx
from organize_testkit import FOREST, KEEN, person

from rsvp_service.accounts.models import User
from rsvp_service.organize.models import OrganizerGrant
from rsvp_service.settings import Settings


async def test_my_roles_for_a_volunteer_an_organizer_and_an_admin(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, volunteer = await person(settings, "val")
    _, organizer = await person(settings, "kim", organizes=(KEEN, FOREST))
    _, admin = await person(settings, "ada", admin=True)

    answers = [(await client.get("/api/me/roles", headers=h)).json()
               for h in (volunteer, organizer, admin)]

    assert answers == [
        {"admin": False, "organizations": []},
        {"admin": False, "organizations": [
            {"slug": FOREST, "name": "Forest Park Forever"},
            {"slug": KEEN, "name": "KEEN St. Louis"}]},
        {"admin": True, "organizations": []},
    ]


async def test_register_never_makes_an_admin(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/register", json={
        "name": "Mallory", "email": "mallory@example.org",
        "password": "a long and unusual passphrase", "role": "admin"})

    assert response.status_code == 422
    assert response.json()["errors"][0]["msg"] == "New accounts can only have the volunteer role."
    assert not await User.filter(role="admin").exists()


async def test_admin_grants_lists_and_revokes(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, admin = await person(settings, "ada", admin=True)
    kim, kim_headers = await person(settings, "kim")

    granted = await client.post("/api/admin/organizers", headers=admin,
                                json={"email": " Kim@Example.org ", "organization": "KEENSTL"})
    again = await client.post("/api/admin/organizers", headers=admin,
                              json={"email": "kim@example.org", "organization": KEEN})
    listed = await client.get("/api/admin/organizers", headers=admin)
    roles = await client.get("/api/me/roles", headers=kim_headers)

    assert granted.status_code == 201
    assert granted.json()["message"] == "Kim Park is now an organizer of KEEN St. Louis."
    assert again.status_code == 409
    assert again.json()["error"] == "Kim Park is already an organizer of KEEN St. Louis."
    [entry] = listed.json()["organizers"]
    assert {k: entry[k] for k in ("email", "name", "organization")} == {
        "email": "kim@example.org", "name": "Kim Park",
        "organization": {"slug": KEEN, "name": "KEEN St. Louis"}}
    assert entry["grantedAt"].endswith(("+00:00", "-05:00"))
    assert roles.json()["organizations"] == [{"slug": KEEN, "name": "KEEN St. Louis"}]

    revoked = await client.post("/api/admin/organizers/revoke", headers=admin,
                                json={"email": "kim@example.org", "organization": KEEN})
    twice = await client.post("/api/admin/organizers/revoke", headers=admin,
                              json={"email": "kim@example.org", "organization": KEEN})
    assert revoked.status_code == twice.status_code == 200
    assert revoked.json()["message"] == "Kim Park is no longer an organizer of KEEN St. Louis."
    assert "nothing changed" in twice.json()["message"]
    assert not await OrganizerGrant.filter(user_id=kim.id).exists()


async def test_admin_mistakes_are_sentences_and_change_nothing(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, admin = await person(settings, "ada", admin=True)
    await person(settings, "kim")
    cases = [
        ({"email": "nobody@example.org", "organization": KEEN}, 404,
         "No account uses that email address. Ask the person to sign up first."),
        ({"email": "kim@example.org", "organization": "nope"}, 422,
         "There is no organization with the slug 'nope'. Pick one from the list."),
        ({"email": "not an address", "organization": KEEN}, 422,
         "The field 'email' is invalid: it must be a valid email address."),
        ({"email": "kim@example.org", "organization": KEEN, "role": "admin"}, 422,
         "The field 'role' is not allowed."),
        ({"email": "kim@example.org"}, 422, "The field 'organization' is required."),
    ]
    for body, status, sentence in cases:
        response = await client.post("/api/admin/organizers", headers=admin, json=body)
        assert (response.status_code, response.json()["error"]) == (status, sentence)
    malformed = await client.post("/api/admin/organizers", headers={
        **admin, "content-type": "application/json"}, content=b"{not json")
    assert malformed.status_code == 400
    assert not await OrganizerGrant.all().exists()


async def test_admin_cannot_grant_a_role_to_an_unverified_account(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, admin = await person(settings, "ada", admin=True)
    uma, _ = await person(settings, "uma", verified=False)

    response = await client.post("/api/admin/organizers", headers=admin,
                                 json={"email": "uma@example.org", "organization": KEEN})

    assert response.status_code == 409
    assert response.json()["error"] == (
        "The account uma@example.org has not verified its email address, so it cannot be given "
        "a role: until then it may belong to someone other than the address's owner. Ask the "
        "person to open the link in their verification email (or send a new one from their "
        "dashboard), then try again.")
    assert not await OrganizerGrant.filter(user_id=uma.id).exists()
