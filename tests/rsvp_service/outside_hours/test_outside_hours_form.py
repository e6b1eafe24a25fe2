"""The supervisor's page with JavaScript off: its links carry the token in the query and its
buttons (name="act") post to the link's own URL; a form from another site does nothing."""

from __future__ import annotations

import html
import re

import httpx
import pytest
from mail_testkit import Mailbox
from outside_hours_testkit import asked

from rsvp_service.outside_hours import supervisor
from rsvp_service.outside_hours.forms import PICK_ONE, UNREAD_LINK
from rsvp_service.outside_hours.models import BlockedSupervisor, OutsideHoursRequest
from rsvp_service.settings import Settings
from rsvp_service.web.access_log import loggable
from rsvp_service.web.forms import FOREIGN_FORM

pytestmark = pytest.mark.sqlite_only


def sentence(page: httpx.Response) -> str:
    """The answer page's sentence, as the person reads it."""
    found = re.search(r'<p class="(?:done|refused)" role="(?:status|alert)">(.*?)</p>', page.text)
    assert found is not None, page.text
    return html.unescape(found.group(1))


async def test_the_supervisor_adjusts_with_the_pages_form(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings)
    url = f"/hours-request?token={token}"
    for refused, status, said in (({"act": "maybe"}, 422, PICK_ONE),
                                  ({"act": "adjust"}, 422, supervisor.ADJUST_NEEDS_HOURS)):
        page = await client.post(url, data=refused)
        assert (page.status_code, sentence(page)) == (status, said)
    foreign = await client.post(url, data={"act": "confirm"},
                                headers={"origin": "null", "sec-fetch-site": "cross-site"})
    assert (foreign.status_code, sentence(foreign)) == (403, FOREIGN_FORM)
    other = await client.post(url, data={"act": "confirm"},
                              headers={"origin": "https://evil.example"})
    assert other.status_code == 403
    assert (await OutsideHoursRequest.get()).answer is None

    page = await client.post(url, data={"act": "adjust", "hours": "2", "note": "Left at 11."})
    assert (page.status_code, sentence(page)) == (200, supervisor.ADJUSTED.format(hours="2"))
    assert "Hours adjusted" in page.text
    again = await client.post(url, data={"act": "decline"})
    assert (again.status_code, sentence(again)) == (410, supervisor.ANSWERED)
    row = await OutsideHoursRequest.get()
    assert (row.answer, float(row.confirmed_hours or 0), row.supervisor_note) == (
        "adjusted", 2.0, "Left at 11.")
    # The token never reaches the access log.
    assert token not in loggable(f"{url}&act=adjust")


async def test_not_me_and_bad_links_with_the_form(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings)
    bad = await client.post(f"/hours-request?token={token}x", data={"act": "confirm"})
    assert (bad.status_code, sentence(bad)) == (404, supervisor.BAD_LINK)
    missing = await client.post("/hours-request", data={"act": "confirm"})
    assert (missing.status_code, sentence(missing)) == (422, UNREAD_LINK)
    page = await client.post(f"/hours-request?token={token}", data={"act": "not-me"})
    assert (page.status_code, sentence(page)) == (200, supervisor.NOT_ME)
    assert await BlockedSupervisor.all().count() == 1
