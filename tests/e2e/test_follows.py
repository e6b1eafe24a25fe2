"""Issue 23's follow journey, with the clock pinned (CIVIC_NOW) and a real SMTP server.

One service of the test's own, run three times on one SQLite database (DIGEST_DAY monday,
DIGEST_HOUR 9; every start-up runs a digest pass):
1. Sunday PINNED_NOW: a guest opens an organization's profile, follows it with an email
   address from its Follow link, and confirms with the emailed link's button;
2. restarted on Monday 9:30: the digest arrives with the organization's next event and RFC
   8058's headers; its preferences link shows the follow; one click (a POST, as a mail client
   sends it) unsubscribes;
3. restarted the next Monday: nothing more arrives (the witness: that day's pass decided the
   week of a second follower, who still follows, and the outbox is empty), and the preferences
   link shows nothing.

And a signed-in volunteer follows a host from its card on the Event Feed; its organizer sees
the count (a number only) on /organize.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    PINNED_NOW,
    Mailbox,
    Server,
    Session,
    body_text,
    register_account,
    unique_email,
    verify_account,
    visit,
    wait_path,
)
from tests.e2e.steps import roles_cli, signed_in_page

pytestmark = pytest.mark.e2e

SETTINGS = {"DIGEST_DAY": "monday", "DIGEST_HOUR": "9"}
MONDAY = "2025-04-21T09:30:00-05:00"
NEXT_MONDAY = "2025-04-28T09:30:00-05:00"
CONFIRM = re.compile(r"(/follows\?confirm=[A-Za-z0-9_-]+)")
PREFERENCES = re.compile(r"(/follows#token=[A-Za-z0-9_-]+)")


def _next_event(events: dict[str, Any]) -> dict[str, Any]:
    """The first event within the digest's four weeks of MONDAY (the fixture's data)."""
    monday = datetime.fromisoformat(MONDAY)
    return next(e for e in events["events"]
                if monday < datetime.fromisoformat(e["start"]) <= monday + timedelta(days=28))


def _confirmed_follower(server: Server, mailbox: Mailbox, organization: str) -> str:
    """A second guest who follows `organization` (through the API), confirmed; their address."""
    email = unique_email("witness")
    answer = httpx.post(f"{server.url}/api/follows", json={
        "kind": "organization", "target": organization, "email": email})
    assert answer.status_code == 202, answer.text
    link = CONFIRM.search(body_text(mailbox.wait_for(email, "Confirm what you follow")))
    assert link is not None
    confirmed = httpx.post(f"{server.url}/api/follows/confirm",
                           json={"token": link.group(1).split("?confirm=")[1]})
    assert confirmed.status_code == 200, confirmed.text
    return email


def _wait_for_the_digest_pass(server: Server, witness: str, week: str) -> None:
    """Wait until a digest pass decided `witness`'s `week` and the outbox has sent everything.

    The witness still follows, so the pass decides their week (with no email when nothing is
    new); the same pass takes every follower with a follow, so any digest it queued for someone
    else is in the outbox by then, and out of it once nothing is left to send.
    """
    database = server.log_path.parent / "civicstl.sqlite3"
    deadline = time.monotonic() + 30
    while True:
        with closing(sqlite3.connect(database, timeout=10)) as db:
            decided = db.execute(
                "SELECT 1 FROM follow_digests JOIN followers ON followers.id = follower_id "
                "WHERE followers.email = ? AND week = ?", (witness, week)).fetchone()
            unsent = db.execute("SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL "
                                "AND dead_at IS NULL AND held_at IS NULL").fetchone()[0]
        if decided and not unsent:
            return
        assert time.monotonic() < deadline, f"no digest pass decided {week} for the witness"
        time.sleep(0.1)


def test_follow_as_a_guest_get_the_digest_unsubscribe_in_one_click(
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """Follow from a profile -> confirm -> digest with one-click unsubscribe -> no more."""
    event = _next_event(events)
    host = event["host"]
    email = unique_email("follower")

    # 1. Sunday: follow from the profile's link, then confirm from the email.
    server = restart_server(PINNED_NOW, **SETTINGS)
    page = new_session(server).new_page()
    visit(page, host["link"])
    page.get_by_role("link", name=f"Follow {host['name']}").click()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name="Follow").click()
    expect(page.get_by_role("status")).to_contain_text("we have sent it a link")
    confirm = mailbox.wait_for(email, "Confirm what you follow")
    assert host["name"] in body_text(confirm)
    link = CONFIRM.search(body_text(confirm))
    assert link is not None
    visit(page, link.group(1))
    page.get_by_role("button", name="Confirm").click()
    expect(page.get_by_role("status")).to_contain_text("Confirmed")
    # The page took the token out of the address bar.
    assert "confirm=" not in page.url
    # The same link as mailed before (its token in the fragment) pasted into the open tab
    # changes only the fragment (no page load): the page reads it, and opening it changes
    # nothing until the button.
    page.evaluate("fragment => { window.location.hash = fragment }", link.group(1).split("?")[1])
    expect(page.get_by_role("button", name="Confirm")).to_be_visible()
    expect(page.get_by_role("status")).to_have_count(0)
    # An in-page fragment (the skip link's #main) is not a link: the page stays as it is.
    page.evaluate("() => { window.location.hash = 'main' }")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => "
                  "requestAnimationFrame(done)))")  # the hashchange handled, React committed
    expect(page.get_by_role("button", name="Confirm")).to_be_visible()
    witness = _confirmed_follower(server, mailbox, host["slug"])

    # 2. Monday at 9:30: the start-up pass queues the digest.
    server = restart_server(MONDAY, **SETTINGS)
    digest = mailbox.wait_for(email, "from what you follow")
    text = body_text(digest)
    assert event["title"] in text
    assert str(digest["List-Unsubscribe-Post"]) == "List-Unsubscribe=One-Click"
    one_click = urlsplit(str(digest["List-Unsubscribe"]).strip("<>"))
    preferences = PREFERENCES.search(text)
    assert preferences is not None
    page = new_session(server).new_page()
    visit(page, preferences.group(1))
    expect(page.get_by_role("checkbox", name=host["name"])).to_be_checked()
    answer = httpx.post(f"{server.url}{one_click.path}?{one_click.query}",
                        content=b"List-Unsubscribe=One-Click",
                        headers={"content-type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 200, answer.text

    # 3. The next Monday: no digest, and the preferences page says nothing is followed.
    server = restart_server(NEXT_MONDAY, **SETTINGS)
    page = new_session(server).new_page()
    visit(page, preferences.group(1))
    expect(page.get_by_text("Nothing: this address gets no weekly email.")).to_be_visible()
    year, week, _ = datetime.fromisoformat(NEXT_MONDAY).isocalendar()
    _wait_for_the_digest_pass(server, witness, f"{year}-W{week:02d}")
    assert len([m for m in mailbox.messages_to(email)
                if "from what you follow" in str(m["Subject"])]) == 1


def test_a_volunteer_follows_a_host_from_the_feed_and_its_organizer_sees_the_count(
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """Feed card's Follow -> /follows -> Follow -> /organize shows "1 follower"."""
    host = _next_event(events)["host"]
    server = restart_server(PINNED_NOW)
    volunteer = register_account(server, "Fern Follower", "fern")
    organizer = register_account(server, "Otto Organizer", "otto")
    for account in (volunteer, organizer):
        verify_account(server, mailbox, account)
    granted = roles_cli(server, "grant", organizer.email, "organizer", "--org", host["slug"])
    assert granted.returncode == 0, granted.stderr

    page = signed_in_page(new_session(server), volunteer)
    visit(page, "/features")
    page.get_by_role("link", name=f"Follow {host['name']}").first.click()
    wait_path(page, "/follows")
    page.get_by_role("button", name="Follow").click()
    expect(page.get_by_role("status")).to_contain_text(f"You follow {host['name']}")

    desk = signed_in_page(new_session(server), organizer)
    visit(desk, "/organize")
    expect(desk.get_by_text("1 follower").first).to_be_visible(timeout=15_000)
    assert volunteer.email not in desk.content()
