"""Signing in and registering with JavaScript off: POST /login and /register answer pages with
the JSON endpoints' sentences, limits and refresh cookie; the login page's `?from=rsvp` RSVPs."""

from __future__ import annotations

import re

import httpx
import pytest
from app_testkit import client_for
from form_testkit import sentence
from mail_testkit import VERIFY, Mailbox, arrived, token_in
from service_testkit import CLINIC_SLOTS, PASSWORD, register
from starlette.applications import Starlette

from rsvp_service.accounts.forms import PASSWORDS_DIFFER, REGISTERED, SIGNED_IN
from rsvp_service.accounts.models import User
from rsvp_service.accounts.routes import EMAIL_TAKEN, INVALID_LOGIN
from rsvp_service.accounts.sessions import REFRESH_COOKIE
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.routes import VERIFY_FIRST
from rsvp_service.web.forms import FOREIGN_FORM
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS

pytestmark = pytest.mark.sqlite_only

ANN = "ann@example.org"


def refresh_cookie(page: httpx.Response) -> str:
    """The Set-Cookie header of the refresh cookie (fails when none was set)."""
    [cookie] = [value for value in page.headers.get_list("set-cookie")
                if value.startswith(f"{REFRESH_COOKIE}=")]
    return cookie


async def account(app: Starlette, email: str = ANN, *, verified: bool = True) -> None:
    """Register an account with PASSWORD (from its own client), verified unless told."""
    async with client_for(app, "192.0.2.200") as own:
        assert (await register(own, email)).status_code == 201
    await User.filter(email=email).update(is_verified=verified)


async def test_signing_in_with_the_form_sets_the_apis_refresh_cookie(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    await account(app)
    page = await client.post("/login", data={"email": ANN, "password": PASSWORD})

    assert (page.status_code, sentence(page)) == (200, SIGNED_IN)
    cookie = refresh_cookie(page)
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert '<a href="/dashboard">' in page.text
    # The cookie is a real session: the site's script trades it for an access token.
    assert (await client.post("/api/auth/refresh")).status_code == 200


async def test_a_wrong_password_and_an_unknown_address_read_the_same(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    await account(app)
    wrong = await client.post("/login", data={"email": ANN, "password": "not it"})
    unknown = await client.post("/login", data={"email": "zed@example.org", "password": "x"})
    as_json = await client.post("/api/auth/login", json={"email": ANN, "password": "not it"})

    for page in (wrong, unknown):
        assert (page.status_code, sentence(page)) == (401, INVALID_LOGIN)
        assert "set-cookie" not in page.headers
    assert as_json.json() == {"errors": [{"msg": INVALID_LOGIN}]}
    missing = await client.post("/login", data={"email": ANN})
    assert (missing.status_code, sentence(missing)) == (422, "The field 'password' is required.")


async def test_failed_logins_lock_out_the_guesser_and_never_the_owner(app: Starlette) -> None:
    await account(app)
    async with client_for(app, "203.0.113.66") as guesser, \
            client_for(app, "198.51.100.5") as owner:
        for _ in range(10):
            assert (await guesser.post("/login", data={"email": ANN, "password": "guess"})
                    ).status_code == 401
        locked = await guesser.post("/login", data={"email": ANN, "password": PASSWORD})
        assert (locked.status_code, sentence(locked)) == (429, TOO_MANY_REQUESTS)
        assert int(locked.headers["retry-after"]) >= 1
        # The same budget as the JSON login's: spent by forms, refused to JSON as well.
        assert (await guesser.post("/api/auth/login", json={"email": ANN, "password": PASSWORD})
                ).status_code == 429
        mine = await owner.post("/login", data={"email": ANN, "password": PASSWORD})
        assert mine.status_code == 200


async def test_the_login_page_from_an_rsvp_signs_in_and_rsvps(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    await account(app)
    page = await client.post(f"/login?from=rsvp&eventId={CLINIC_SLOTS[0]}",
                             data={"email": ANN, "password": PASSWORD})

    assert page.status_code == 200, page.text
    assert "<h1>You have RSVP&#39;d to Inclusive Sports Clinic</h1>" in page.text
    assert refresh_cookie(page)
    user = await User.get(email=ANN)
    row = await Rsvp.get(slot_id=CLINIC_SLOTS[0])
    assert (row.user_id, row.email, row.first_name, row.last_name) == (
        user.id, ANN, "Ann", "Lee")


async def test_an_unverified_account_is_signed_in_and_told_to_verify(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    await account(app, verified=False)
    page = await client.post(f"/login?from=rsvp&eventId={CLINIC_SLOTS[0]}",
                             data={"email": ANN, "password": PASSWORD})

    assert (page.status_code, sentence(page)) == (403, VERIFY_FIRST)
    assert refresh_cookie(page)
    assert not await Rsvp.exists()


async def test_registering_with_the_form_signs_in_and_mails_the_link(
    client: httpx.AsyncClient, mailbox: Mailbox,
) -> None:
    fields = {"name": "Ann <b>Lee</b>", "email": ANN, "password": PASSWORD,
              "verifyPassword": PASSWORD}
    page = await client.post("/register", data=fields)

    assert (page.status_code, sentence(page)) == (200, REGISTERED)
    assert refresh_cookie(page)
    assert "<b>" not in page.text
    [mail] = await arrived(mailbox, ANN, "")
    assert token_in(mail, VERIFY)
    assert (await User.get(email=ANN)).name == "Ann <b>Lee</b>"

    taken = await client.post("/register", data=fields)
    as_json = await client.post("/api/auth/register", json=fields)
    assert (taken.status_code, sentence(taken)) == (409, EMAIL_TAKEN)
    assert as_json.json() == {"errors": [{"msg": EMAIL_TAKEN}]}


async def test_register_refuses_two_different_passwords_and_foreign_forms(
    client: httpx.AsyncClient,
) -> None:
    differ = await client.post("/register", data={
        "name": "Ann", "email": ANN, "password": PASSWORD, "verifyPassword": "other"})
    assert (differ.status_code, sentence(differ)) == (422, PASSWORDS_DIFFER)
    for path in ("/register", "/login"):
        foreign = await client.post(path, data={"name": "Ann", "email": ANN,
                                                "password": PASSWORD},
                                    headers={"origin": "https://evil.example"})
        assert (foreign.status_code, sentence(foreign)) == (403, FOREIGN_FORM)
        assert "set-cookie" not in foreign.headers
    assert not await User.exists()


async def test_registering_spends_the_json_endpoints_per_ip_budget(app: Starlette) -> None:
    async with client_for(app, "203.0.113.7") as flood, client_for(app, "198.51.100.8") as other:
        # register-ip (10 an hour) is spent before the form is read, even by refused forms.
        for _ in range(10):
            assert (await flood.post("/register", data={"name": "X"})).status_code == 422
        limited = await flood.post("/register", data={"name": "Ann", "email": ANN,
                                                      "password": PASSWORD})
        assert (limited.status_code, sentence(limited)) == (429, TOO_MANY_REQUESTS)
        assert (await flood.post("/api/auth/register", json={})).status_code == 429
        mine = await other.post("/register", data={"name": "Ann", "email": ANN,
                                                   "password": PASSWORD})
        assert mine.status_code == 200


async def test_signing_in_from_organize_leads_to_organize_first(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    await account(app)
    page = await client.post("/login?from=organize", data={"email": ANN, "password": PASSWORD})
    assert re.findall(r'<a href="([^"]*)"', page.text) == ["/organize", "/dashboard",
                                                           "/features"]
