"""The event pages' RSVP form with JavaScript off: POST /rsvp answers a page, as POST /api/rsvp
would answer JSON (the same sentences, limits and stored RSVP), from the attacker's side too."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from app_testkit import client_for, running
from form_testkit import sentence
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, fixture_events, rsvp, write_content
from starlette.applications import Starlette
from tortoise.exceptions import OperationalError

from generator.models import MAX_GUESTS
from rsvp_service.app.app import create_app
from rsvp_service.rsvps import routes as rsvp_routes
from rsvp_service.rsvps.forms import GUEST_COUNT
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.routes import (
    CREATED,
    CREATED_PARTY,
    SIGN_IN,
    TOO_MANY_GUESTS,
    UNKNOWN_EVENT,
)
from rsvp_service.settings import Settings
from rsvp_service.web.errors import DATABASE_UNAVAILABLE
from rsvp_service.web.forms import FOREIGN_FORM
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS
from rsvp_service.web.security_headers import SITE_CSP


def guest_content(folder: Path) -> Path:
    """The fixture events, the Forest Park Cleanup taking up to 3 guests per RSVP."""
    events = fixture_events()
    events["slots"][GUEST_SLOT]["max_guests_per_rsvp"] = 3
    return write_content(folder, events)


pytestmark = [pytest.mark.sqlite_only, pytest.mark.events(write=guest_content)]

FORM = {"content-type": "application/x-www-form-urlencoded"}


def form(event_id: str = GUEST_SLOT, **fields: str) -> dict[str, str]:
    """The event page's RSVP form as a browser sends it (field names as the contract has them)."""
    return {"eventId": event_id, "firstName": "Ann", "lastName": "Lee",
            "email": "ann@example.org", "phone": ""} | fields


def hrefs(page: httpx.Response) -> list[str]:
    """The answer page's links."""
    return [html.unescape(href) for href in re.findall(r'<a href="([^"]*)"', page.text)]


async def test_a_guest_rsvps_with_the_form_and_reads_the_answer_page(
    client: httpx.AsyncClient,
) -> None:
    page = await client.post("/rsvp", data=form(firstName="<script>alert(1)</script>"))

    assert page.status_code == 200, page.text
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.text.startswith("<!doctype html>\n<html lang=\"en\" dir=\"ltr\">")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page.text
    assert "<h1>You have RSVP&#39;d to Forest Park Cleanup</h1>" in page.text
    assert sentence(page) == CREATED
    assert hrefs(page) == ["/events/forest-park-cleanup", "/features"]
    assert "<script>" not in page.text
    # The site's headers, not the API's; never cached, and no Referer leaves the page.
    assert page.headers["content-security-policy"] == SITE_CSP
    assert page.headers["referrer-policy"] == "no-referrer"
    assert page.headers["cache-control"] == "no-store"
    row = await Rsvp.get(slot_id=GUEST_SLOT)
    assert (row.email, row.first_name, row.phone) == ("ann@example.org",
                                                      "<script>alert(1)</script>", None)


async def test_guests_are_the_first_guest_count_names(client: httpx.AsyncClient) -> None:
    body = "&".join([*(f"{k}={v}" for k, v in form().items()), "guestCount=2",
                     "guestName=Bo", "guestName=", "guestName=Cy"])
    page = await client.post("/rsvp", content=body, headers=FORM)

    assert (page.status_code, sentence(page)) == (200, CREATED_PARTY.format(guests="2 guests"))
    row = await Rsvp.get(slot_id=GUEST_SLOT)
    assert (row.party_size, row.guest_names) == (3, ["Bo", ""])

    # Over the event's limit: the JSON endpoint's sentence, nothing stored.
    too_many = await client.post("/rsvp", data=form(email="cy@example.org", guestCount="5"))
    as_json = await client.post("/api/rsvp", json=rsvp(
        email="cy@example.org", guests=[{"name": ""}] * 5))
    assert (too_many.status_code, sentence(too_many)) == (422, as_json.json()["error"])
    assert as_json.json()["error"] == TOO_MANY_GUESTS.format(
        limit="3 guests", given="5 guests", extra="2 guests")
    bad = await client.post("/rsvp", data=form(guestCount="lots"))
    assert (bad.status_code, sentence(bad)) == (422, GUEST_COUNT.format(most=MAX_GUESTS))
    huge = await client.post("/rsvp", data=form(guestCount="1000000000"))
    assert (huge.status_code, sentence(huge)) == (422, GUEST_COUNT.format(most=MAX_GUESTS))


async def test_refusals_carry_the_json_endpoints_sentences(client: httpx.AsyncClient) -> None:
    unknown = await client.post("/rsvp", data=form("no-such-event"))
    assert (unknown.status_code, sentence(unknown)) == (404, UNKNOWN_EVENT)

    missing = await client.post("/rsvp", data={"eventId": GUEST_SLOT, "email": "a@example.org"})
    as_json = await client.post("/api/rsvp", json={"eventId": GUEST_SLOT,
                                                   "email": "a@example.org"})
    assert (missing.status_code, sentence(missing)) == (422, as_json.json()["error"])
    assert "The field 'firstName' is required." == sentence(missing)
    # What to fix, and the way back to the event's page, where the form is (/rsvp is no page).
    assert hrefs(missing) == ["/events/forest-park-cleanup", "/features"]

    await client.post("/rsvp", data=form())
    again = await client.post("/rsvp", data=form())
    as_json_again = await client.post("/api/rsvp", json=rsvp())
    assert (again.status_code, sentence(again)) == (409, as_json_again.json()["error"])
    assert await Rsvp.all().count() == 1


async def test_an_account_event_asks_to_sign_in_with_a_link_that_rsvps_after(
    client: httpx.AsyncClient,
) -> None:
    page = await client.post("/rsvp", data=form(CLINIC_SLOTS[0]))

    assert (page.status_code, sentence(page)) == (401, SIGN_IN)
    assert hrefs(page)[0] == f"/login?from=rsvp&eventId={CLINIC_SLOTS[0]}"
    assert not await Rsvp.exists()


async def test_a_form_from_another_site_is_refused_and_changes_nothing(
    client: httpx.AsyncClient,
) -> None:
    foreign = [{"origin": "https://evil.example"},
               {"origin": "null", "sec-fetch-site": "cross-site"},
               {"sec-fetch-site": "same-site"}]
    for headers in foreign:
        page = await client.post("/rsvp", data=form(), headers=headers)
        assert (page.status_code, sentence(page)) == (403, FOREIGN_FORM), headers
    assert not await Rsvp.exists()

    # Our own page's form: Origin null (the site's no-referrer policy) and same-origin; and a
    # client sending neither header, which the JSON endpoints let through too.
    own = await client.post("/rsvp", data=form(), headers={"origin": "null",
                                                            "sec-fetch-site": "same-origin"})
    assert own.status_code == 200, own.text
    plain = await client.post("/rsvp", data=form(email="bo@example.org"),
                              headers={"origin": "http://127.0.0.1:8000"})
    assert plain.status_code == 200, plain.text


async def test_json_or_a_stranger_type_is_refused(client: httpx.AsyncClient) -> None:
    page = await client.post("/rsvp", json=form())
    assert page.status_code == 415
    assert "sent as a plain web form" in sentence(page)


async def test_the_per_ip_limit_is_the_json_endpoints_and_keyed_on_the_sender(
    app: Starlette,
) -> None:
    async with client_for(app, "203.0.113.9") as flood, client_for(app, "198.51.100.7") as other:
        # rsvp-ip (30 a minute) is spent before the form is read, by the form and the JSON
        # endpoint alike: 20 JSON requests and 10 forms spend it.
        for _ in range(20):
            await flood.post("/api/rsvp", json={})
        for _ in range(10):
            assert (await flood.post("/rsvp", data={"eventId": GUEST_SLOT})).status_code == 422
        limited = await flood.post("/rsvp", data=form())
        assert (limited.status_code, sentence(limited)) == (429, TOO_MANY_REQUESTS)
        assert int(limited.headers["retry-after"]) >= 1
        assert (await other.post("/rsvp", data=form())).status_code == 200
    assert await Rsvp.all().count() == 1


async def test_a_database_failure_answers_503_with_a_page(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(rsvp_routes, "add_rsvp", broken)
    page = await client.post("/rsvp", data=form())
    assert (page.status_code, sentence(page)) == (503, DATABASE_UNAVAILABLE)
    assert page.headers["retry-after"] == "30"


@pytest.fixture
def site_settings(make_settings: Callable[..., Settings], tmp_path: Path) -> Settings:
    """Settings whose site has the pages the forms are on."""
    site = tmp_path / "built"
    for page in ("login", "register", "cancel", "consent", "follows"):
        (site / page).mkdir(parents=True)
        (site / page / "index.html").write_text(f"<h1>{page}</h1><form method=\"post\">",
                                                encoding="utf-8")
    return make_settings(static_dir=site)


async def test_get_still_serves_the_pages_and_never_acts(site_settings: Settings) -> None:
    app = create_app(site_settings)
    async with running(app), client_for(app) as client:
        for page in ("login", "register", "cancel", "consent", "follows"):
            got = await client.get(f"/{page}?token=abc&from=rsvp&eventId={GUEST_SLOT}")
            assert got.status_code == 200 and got.text.startswith(f"<h1>{page}</h1>")
        assert (await client.get(f"/rsvp?eventId={GUEST_SLOT}&email=a@example.org")
                ).status_code == 404
        assert not await Rsvp.exists()
