"""Declared rate limits: every endpoint that changes state or sends mail says what it limits.

The declaration is checked three ways: statically (`limit_problems` over the app's endpoints),
at run time (spending a limit an endpoint does not declare is a ContractError), and in the
OpenAPI document (`x-rate-limits`), which is what a client or a reviewer reads.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest
from app_testkit import client_for
from mail_testkit import Mailbox
from organize_testkit import WRITES_BUDGET, WRITES_SCALE, MakeClient, person
from pydantic import BaseModel
from starlette.applications import Starlette
from starlette.requests import Request

from rsvp_service.app.app import create_app
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ContractError, Endpoint, LinkToken, endpoint, limit_problems
from rsvp_service.web.ratelimit import LIMITS, Limit, RateLimiter, enforce

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

# State-changing endpoints without a limit, each with why a stranger gains nothing by repeating it.
EXEMPT = {
    ("POST", "/api/auth/refresh"): "Only trades a valid refresh cookie for a token; without "
    "one it answers 401 and changes nothing.",
    ("POST", "/api/auth/logout"): "Only ends the session of the cookie it is sent with.",
}
# The endpoints that mail an address typed into the request (the checker is vacuous without).
MAIL_TO_TYPED = {
    ("POST", "/api/auth/register"), ("POST", "/api/auth/resend-verification"),
    ("POST", "/api/auth/forgot-password"), ("POST", "/api/rsvp"), ("POST", "/api/follows"),
}


class Done(BaseModel):
    done: bool = True


def app_endpoints(settings: Settings) -> list[Endpoint]:
    """Every endpoint the app serves."""
    found = (contract.declared(route) for route in create_app(settings).routes)
    return [declared for declared in found if declared is not None]


def test_every_endpoint_that_changes_state_or_sends_mail_declares_its_limits(
    settings: Settings,
) -> None:
    endpoints = app_endpoints(settings)
    problems = [problem for declared in endpoints
                if (declared.method, declared.path) not in EXEMPT
                for problem in limit_problems(declared)]

    assert problems == []
    by_route = {(declared.method, declared.path): declared for declared in endpoints}
    # Exemptions name real endpoints that really declare nothing (no stale entries).
    assert all(by_route[route].limits == () for route in EXEMPT)
    typed = {route for route, declared in by_route.items() if declared.sends_mail_to == "typed"}
    assert typed >= MAIL_TO_TYPED


def test_the_checker_reports_an_endpoint_that_declares_no_limit() -> None:
    @endpoint("POST", "/api/forgotten", responses={200: Done}, summary="Forgot its limits.")
    async def forgotten(request: Request) -> Done:
        return Done()

    @endpoint("POST", "/api/invite", body=LinkToken, responses={200: Done}, summary="Mails.",
              sends_mail_to="typed", limits=(Limit("follow-ip", key="ip"),))
    async def invite(request: Request, body: LinkToken) -> Done:
        return Done()

    @endpoint("GET", "/api/read", responses={200: Done}, summary="Reads.")
    async def read(request: Request) -> Done:
        return Done()

    assert limit_problems(forgotten) == [
        "<endpoint POST /api/forgotten> changes state or sends mail but declares no rate limit."]
    assert limit_problems(invite) == [
        "<endpoint POST /api/invite> mails an address the caller typed but declares no limit "
        "keyed on that address."]
    assert limit_problems(read) == []


def test_a_limit_must_name_one_of_the_limits() -> None:
    with pytest.raises(ValueError, match="not a limit"):
        Limit("no-such-limit", key="ip")


@pytest.fixture
async def tiny() -> AsyncIterator[httpx.AsyncClient]:
    """A tiny app with one endpoint that spends a declared limit and one that sneaks another."""

    @endpoint("POST", "/declared", body=LinkToken, responses={200: Done}, summary="Declared.",
              limits=(Limit("rsvp-cancel", key="ip"), Limit("consent-guardian", key="address")))
    async def declared(request: Request, body: LinkToken) -> Done:
        await enforce(request, "consent-guardian", body.token)
        return Done()

    @endpoint("POST", "/sneaky", responses={200: Done}, summary="Undeclared.",
              limits=(Limit("rsvp-cancel", key="ip"),))
    async def sneaky(request: Request) -> Done:
        await enforce(request, "consent-guardian", "someone@example.com")
        return Done()

    @endpoint("POST", "/mislabelled", responses={200: Done}, summary="Keyed otherwise.",
              limits=(Limit("resend-email-ip", key="address+ip"),))
    async def mislabelled(request: Request) -> Done:
        await enforce(request, "resend-email-ip", "someone@example.com")  # no IP in it
        return Done()

    app = Starlette(routes=contract.routes(declared, sneaky, mislabelled))
    app.state.rate_limiter = RateLimiter("async+memory://")
    transport = httpx.ASGITransport(app=app)  # app exceptions are raised here, not hidden
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        yield client
    await app.state.rate_limiter.close()


async def test_spending_an_undeclared_limit_is_a_contract_error(
    tiny: httpx.AsyncClient,
) -> None:
    assert (await tiny.post("/declared", json={"token": "a@example.com"})).status_code == 200

    with pytest.raises(ContractError, match="'consent-guardian', which it does not declare"):
        await tiny.post("/sneaky")
    with pytest.raises(ContractError, match="not its declared 'address\\+ip'"):
        await tiny.post("/mislabelled")


async def test_a_per_ip_limit_is_spent_by_the_wrapper_before_the_body_is_read(
    tiny: httpx.AsyncClient,
) -> None:
    # rsvp-cancel allows 30 a minute per IP; malformed bodies spend it too (checked first).
    answers = [(await tiny.post("/declared", content=b"{", headers={
        "content-type": "application/json"})).status_code for _ in range(31)]

    assert answers == [400] * 30 + [429]


async def test_the_document_publishes_each_operations_limits(client: httpx.AsyncClient) -> None:
    document = (await client.get("/api/openapi.json")).json()

    assert document["paths"]["/api/auth/forgot-password"]["post"]["x-rate-limits"] == [
        {"name": "forgot-ip", "key": "ip", "rate": "10/hour", "counts": "requests"},
        {"name": "forgot-email-ip", "key": "address+ip", "rate": "3 per 15 minutes",
         "counts": "requests"},
    ]
    assert document["paths"]["/api/auth/forgot-password"]["post"]["x-sends-mail-to"] == "typed"
    unlimited = sorted(
        (method.upper(), path) for path, operations in document["paths"].items()
        for method, operation in operations.items()
        if method != "get" and "x-rate-limits" not in operation)
    assert unlimited == sorted(EXEMPT)


async def test_signed_in_writes_are_limited_per_account_and_never_spend_anothers(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # A script holding one stolen token, beside a neighbour on the same IP (one NAT); the scaled
    # limit, so the run never outlasts its minute on a slow machine.
    settings = make_settings(rate_limit_scale=WRITES_SCALE)
    budget = WRITES_BUDGET
    unfollow = {"kind": "organization", "target": "keenstl"}
    async with make_client(settings) as client:
        _, stolen = await person(settings, "mallory")
        _, neighbour = await person(settings, "nina")
        answers = [await client.post("/api/follows/unfollow", json=unfollow, headers=stolen)
                   for _ in range(budget + 1)]
        theirs = await client.post("/api/follows/unfollow", json=unfollow, headers=neighbour)

    assert [a.status_code for a in answers] == [200] * budget + [429]
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert theirs.status_code == 200


async def test_registering_one_address_over_and_over_is_limited_per_address_and_ip(
    app: Starlette, mailbox: Mailbox,
) -> None:
    # Register, delete, register again: each round mails the address a verification link.
    # A weak password retried costs nothing; the owner elsewhere is never locked out.
    weak = {"name": "Ann Lee", "email": "ann@example.org", "password": "short"}
    good = {**weak, "password": "correct horse battery"}
    budget = int(LIMITS["register-email-ip"].split(" ")[0])
    async with client_for(app, "203.0.113.66") as stranger:
        retries = [await stranger.post("/api/auth/register", json=weak) for _ in range(5)]
        rounds = []
        for _ in range(budget + 1):
            rounds.append(created := await stranger.post("/api/auth/register", json=good))
            if created.status_code == 201:
                await mailbox.wait_for(len(rounds))  # its link went before the account goes
                token = {"x-auth-token": created.json()["accessToken"]}
                await stranger.post("/api/me/delete", json={"password": good["password"]},
                                    headers=token)
    async with client_for(app, "198.51.100.80") as owner:
        own = await owner.post("/api/auth/register", json=good)

    assert {answer.status_code for answer in retries} == {422}
    assert [answer.status_code for answer in rounds] == [201] * budget + [429]
    assert own.status_code == 201
    mails = await mailbox.wait_for(budget + 1)
    assert [mail["To"] for mail in mails] == ["Ann Lee <ann@example.org>"] * (budget + 1)
