"""With JavaScript off, the plain forms work: sign in from an RSVP's login link (which RSVPs),
then cancel from the emailed link, each page answered by the service."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    BUILD_SITE,
    Mailbox,
    Server,
    Session,
    login_fields,
    verified_account,
)
from tests.e2e.steps import CANCELLED, RSVP_SUCCESS, cancel_path

pytestmark = pytest.mark.e2e

# What each page's prerendered HTML (before any script) holds: a form posting to its own URL,
# the fields the service reads, and its buttons (name=value).
FORMS = {
    "login": ({"email", "password"}, set()),
    "register": ({"name", "email", "password", "verifyPassword"}, set()),
    "cancel": (set(), {"go=cancel"}),
    "consent": (set(), {"answer=approve", "answer=decline"}),
    "follows": (set(), {"act=confirm", "act=unsubscribe"}),
}


@pytest.mark.parametrize("page", sorted(FORMS))
def test_the_prerendered_page_holds_its_working_form(built: None, page: str) -> None:
    html = (BUILD_SITE / page / "index.html").read_text(encoding="utf-8")
    form = re.search(r"<form\b([^>]*)>(.*?)</form>", html, re.S)
    assert form is not None, f"/{page} has no prerendered form"
    assert 'method="post"' in form.group(1) and "action=" not in form.group(1)
    fields, buttons = FORMS[page]
    assert set(re.findall(r'<input[^>]*\bname="([^"]+)"', form.group(2))) == fields
    found = set()
    for tag in re.findall(r"<button\b[^>]*>", form.group(2)):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if name and value:
            found.add(f"{name.group(1)}={value.group(1)}")
    assert found == buttons


def roomiest_account_slot(events: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(event, slot): an account slot with room to spare (no capacity, else the largest)."""
    candidates = [(event, slot) for event in events["events"] if event["rsvp"] == "account"
                  for slot in event["slots"]]
    assert candidates, "events.json has no account slot"
    return max(candidates, key=lambda pair: (pair[1]["capacity"] is None,
                                             pair[1]["capacity"] or 0, pair[1]["start"]))


def test_sign_in_rsvp_and_cancel_through_plain_forms(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """Login page from an RSVP -> signed in and RSVP'd -> the email's cancel link -> cancelled."""
    event, slot = roomiest_account_slot(events)
    record = events["slots"][slot["id"]]  # what the service knows of the slot: title, page
    account = verified_account(pinned_server, mailbox, "Noor Haddad", "no-js")
    page = new_session(pinned_server, javascript=False).new_page()

    page.goto(f"/login?from=rsvp&eventId={slot['id']}")
    email_input, password_input, submit = login_fields(page)
    email_input.fill(account.email)
    password_input.fill(account.password)
    submit.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"You have RSVP'd to {record['title']}")
    expect(page.get_by_role("status")).to_have_text(RSVP_SUCCESS)
    expect(page.get_by_role("link", name=f"Back to {record['title']}")).to_have_attribute(
        "href", record["path"])

    link = cancel_path(mailbox.wait_for(account.email, event["title"]))
    assert link.startswith("/cancel?token=")
    page.goto(link)
    # Opening the link changed nothing (mail scanners open links too): one button cancels.
    status, count = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert status == 200 and count["count"] >= 1, count
    page.get_by_role("button", name="Cancel my spot").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("RSVP cancelled")
    expect(page.get_by_role("status")).to_have_text(CANCELLED)
    _, after = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert after["count"] == count["count"] - 1, (count, after)
