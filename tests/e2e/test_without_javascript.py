"""Issue 39, HTML first: with JavaScript off, the plain forms work, each answered by a page of the
service: a guest RSVPs on an event page, cancels from the emailed link and signs in; a signed-out
person signs in from an RSVP's login link (which RSVPs). With JavaScript on, the same journey
enhances in place with the spec's button states."""

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
    sign_in,
    verified_account,
    visit,
    wait_path,
)
from tests.e2e.steps import CANCELLED, RSVP_SUCCESS, cancel_path, slot_item

pytestmark = pytest.mark.e2e

# What each page's prerendered HTML (before any script) holds: a form posting to its own URL,
# the fields the service reads, and its buttons (name=value).
FORMS = {
    "login": ({"email", "password"}, set()),
    "register": ({"name", "email", "password", "verifyPassword"}, set()),
    "cancel": (set(), {"go=cancel"}),
    "consent": (set(), {"answer=approve", "answer=decline"}),
    "follows": (set(), {"act=confirm", "act=unsubscribe"}),
    "hours-request": ({"role", "hours"},
                      {"act=confirm", "act=adjust", "act=decline", "act=not-me"}),
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


def roomy_guest_slot(events: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(event, slot): a guest slot of an event page (not the popup's) with room to spare."""
    candidates = [(event, slot) for event in events["events"]
                  if event["rsvp"] == "guest" and event["slug"] != events["guest_rsvp_event"]
                  for slot in event["slots"]]
    assert candidates, "events.json has no guest slot on an event page"
    return max(candidates, key=lambda pair: (pair[1]["capacity"] is None,
                                             pair[1]["capacity"] or 0, pair[1]["start"]))


@pytest.mark.parametrize("javascript", [False, True], ids=["javascript-off", "javascript-on"])
def test_a_guest_rsvps_cancels_from_the_email_and_signs_in(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
    javascript: bool,
) -> None:
    """The slot's form -> RSVP'd (a page of the service, or the spec's button states in place)
    -> the email's cancel link -> cancelled -> the sign-in form -> signed in."""
    event, slot = roomy_guest_slot(events)
    record = events["slots"][slot["id"]]
    account = verified_account(pinned_server, mailbox, "Rosa Plain",
                               "plain-js" if javascript else "plain")
    page = new_session(pinned_server, javascript=javascript).new_page()
    visit(page, event["path"])
    item = slot_item(page, slot["id"])
    rsvp = item.get_by_role("button", name="RSVP", exact=True)
    if javascript:
        rsvp.click()  # the enhancement opens the guest's fields on RSVP
    item.get_by_label("First Name").fill("Rosa")
    item.get_by_label("Last Name").fill("Plain")
    item.get_by_label("Email Address").fill(account.email)
    if javascript:
        item.get_by_role("button", name="Submit RSVP").click()
        expect(item.get_by_role("button", name="RSVP'd!")).to_be_disabled()
        expect(page.locator(f'[id="slot-message-{slot["id"]}"]')).to_have_text(
            f"Thank you for your RSVP, Rosa! A confirmation email has been sent to "
            f"{account.email}.")
    else:
        rsvp.click()
        expect(page.get_by_role("heading", level=1)).to_have_text(
            f"You have RSVP'd to {record['title']}")
        expect(page.get_by_role("link", name=f"Back to {record['title']}")).to_have_attribute(
            "href", record["path"])
    status, count = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert status == 200 and count["count"] >= 1, count

    link = cancel_path(mailbox.wait_for(account.email, event["title"]))
    assert link.startswith("/cancel?token=")
    page.goto(link)
    page.locator("main").get_by_role("button", name="Cancel my spot").click()
    expect(page.locator("main")).to_contain_text(CANCELLED)
    _, after = pinned_server.api("GET", f"/api/rsvp?eventId={slot['id']}")
    assert after["count"] == count["count"] - 1, (count, after)

    if javascript:
        visit(page, "/login")  # waits for the app, as a person would before typing
    else:
        page.goto("/login")
    sign_in(page, account)
    if javascript:
        wait_path(page, "/dashboard")
    else:
        expect(page.get_by_role("heading", level=1)).to_have_text("Signed in")
        expect(page.get_by_role("status")).to_have_text("You're signed in.")
    # The session the app's scripts refresh from, set either way.
    assert [c for c in page.context.cookies() if c["path"] == "/api/auth"], page.context.cookies()
