"""Cancelling from the emailed link with JavaScript off: the link carries its token in the query,
the page's form posts to its own URL, and only that POST cancels (a GET, as a mail scanner's,
changes nothing); the access log never shows the token."""

from __future__ import annotations

import logging
import re

import httpx
import pytest
from app_testkit import client_for
from form_testkit import sentence
from mail_testkit import Mailbox, arrived, token_in
from service_testkit import GUEST_SLOT, rsvp
from starlette.applications import Starlette

from rsvp_service.rsvps.cancel import ALREADY_CANCELLED, BAD_LINK, CANCELLED
from rsvp_service.rsvps.forms import UNREAD_CANCEL_LINK
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.web.access_log import SecretQueryFilter, loggable
from rsvp_service.web.forms import FOREIGN_FORM
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS

pytestmark = pytest.mark.sqlite_only


async def cancel_token(client: httpx.AsyncClient, mailbox: Mailbox) -> str:
    """RSVP Ann to the cleanup and return the token of her confirmation's cancel link."""
    assert (await client.post("/api/rsvp", json=rsvp())).status_code == 201
    [mail] = await arrived(mailbox, "ann@example.org", "")
    # The raw message, as Ann's mail program gets it, has the token in the link's query.
    raw = b"".join(mailbox.raw).replace(b"=\r\n", b"").replace(b"=\n", b"")
    assert re.search(rb"http://127\.0\.0\.1:8000/cancel\?token(=3D|=)[A-Za-z0-9_-]+", raw)
    assert b"/cancel#token" not in raw
    return token_in(mail)


async def test_the_cancel_button_posts_to_the_links_own_url(
    client: httpx.AsyncClient, mailbox: Mailbox,
) -> None:
    token = await cancel_token(client, mailbox)

    foreign = await client.post(f"/cancel?token={token}", data={},
                                headers={"origin": "https://evil.example",
                                         "content-type": "application/x-www-form-urlencoded"})
    assert (foreign.status_code, sentence(foreign)) == (403, FOREIGN_FORM)
    assert (await Rsvp.get(slot_id=GUEST_SLOT)).status is RsvpStatus.CONFIRMED

    # The form has no fields of its own: a button (its name sent, or nothing at all).
    done = await client.post(f"/cancel?token={token}", data={"go": ""})
    assert (done.status_code, sentence(done)) == (200, CANCELLED)
    assert done.headers["referrer-policy"] == "no-referrer"
    assert (await Rsvp.get(slot_id=GUEST_SLOT)).status is RsvpStatus.CANCELLED

    again = await client.post(f"/cancel?token={token}", data={"go": ""})
    as_json = await client.post("/api/rsvp/cancel", json={"token": token})
    assert (again.status_code, sentence(again)) == (410, ALREADY_CANCELLED)
    assert as_json.json() == {"error": ALREADY_CANCELLED}


async def test_a_bad_or_missing_token_is_refused_with_the_json_sentence(
    client: httpx.AsyncClient,
) -> None:
    bad = await client.post("/cancel?token=nope", data={"go": ""})
    assert (bad.status_code, sentence(bad)) == (404, BAD_LINK)
    # An older link (its token in the fragment) opened without JavaScript posts no token.
    missing = await client.post("/cancel", data={"go": ""})
    assert (missing.status_code, sentence(missing)) == (422, UNREAD_CANCEL_LINK)


async def test_old_links_with_the_token_in_the_fragment_still_cancel_through_the_api(
    client: httpx.AsyncClient, mailbox: Mailbox,
) -> None:
    # A link mailed before this change: its page's script reads the fragment and posts JSON.
    token = await cancel_token(client, mailbox)
    done = await client.post("/api/rsvp/cancel", json={"token": token})
    assert done.json() == {"message": CANCELLED, "status": "cancelled"}


@pytest.mark.parametrize("path", ["/cancel", "/consent", "/follows"])
def test_the_access_log_redacts_the_acting_pages_queries(path: str) -> None:
    assert loggable(f"{path}?token=s3cret") == f"{path}?[redacted]"
    assert loggable(f"{path}?confirm=s3cret&x=1") == f"{path}?[redacted]"
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5", "POST", f"{path}?unsubscribe=s3cret", "1.1", 200),
                               None)
    SecretQueryFilter().filter(record)
    assert "s3cret" not in record.getMessage()


async def test_guessing_tokens_spends_the_json_endpoints_per_ip_limit(app: Starlette) -> None:
    async with client_for(app, "203.0.113.5") as guesser, \
            client_for(app, "198.51.100.9") as other:
        # rsvp-cancel (30 a minute), shared with POST /api/rsvp/cancel.
        for attempt in range(30):
            assert (await guesser.post(f"/cancel?token=guess{attempt}", data={"go": ""})
                    ).status_code == 404
        limited = await guesser.post("/cancel?token=guess", data={"go": ""})
        assert (limited.status_code, sentence(limited)) == (429, TOO_MANY_REQUESTS)
        assert int(limited.headers["retry-after"]) >= 1
        assert (await guesser.post("/api/rsvp/cancel", json={"token": "x"})).status_code == 429
        assert (await other.post("/cancel?token=guess", data={"go": ""})).status_code == 404
