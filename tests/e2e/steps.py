"""Steps the journeys share: signing in (through the API or in a tab), an RSVP made through the
API as set-up, a time slot's list item on an event page, an email's cancel link, and the roles
CLI."""

from __future__ import annotations

import json
import re
import subprocess
from email.message import EmailMessage

from playwright.sync_api import Locator, Page

from tests.e2e.helpers import (
    PYTHON,
    ROOT,
    Account,
    Server,
    Session,
    body_text,
    sign_in,
    visit,
    wait_path,
)

# The alert an RSVP made on an event page or the feed ends with.
RSVP_SUCCESS = "You have RSVP'd! A confirmation email will be sent!"
CANCEL_LINK = re.compile(r"https?://[^\s\"'<>]+/cancel#token=[^\s\"'<>]+")


def auth_headers(server: Server, account: Account) -> dict[str, str]:
    """The x-auth-token header of `account`, signed in through the API (set-up, cross-checks)."""
    status, body = server.api(
        "POST", "/api/auth/login", {"email": account.email, "password": account.password})
    assert status == 200, body
    return {"x-auth-token": str(body["accessToken"])}


def signed_in_page(session: Session, account: Account) -> Page:
    """A tab of `session` signed in as `account`, on its dashboard."""
    page = session.new_page()
    visit(page, "/login")
    sign_in(page, account)
    wait_path(page, "/dashboard")
    return page


def rsvp_through_api(server: Server, account: Account, slot_id: str) -> None:
    """RSVP `account` to `slot_id` through the API (set-up, such as filling a slot); confirmed."""
    first, _, last = account.name.partition(" ")
    status, body = server.api(
        "POST", "/api/rsvp",
        {"eventId": slot_id, "email": account.email, "firstName": first, "lastName": last,
         "phone": None},
        headers=auth_headers(server, account))
    assert status == 201 and body["status"] == "confirmed", body


def slot_item(page: Page, slot_id: str) -> Locator:
    """The list item of one time slot (its time, spots left, button, forms and waitlist offer)."""
    return page.locator(f"main li[data-event-id={json.dumps(slot_id)}]")


def cancel_path(message: EmailMessage) -> str:
    """The path and fragment of the "Cancel your spot" link in an email."""
    text = body_text(message)
    match = CANCEL_LINK.search(text)
    assert match, f"no SITE_URL/cancel#token=... link in the email:\n{text}"
    return re.sub(r"^https?://[^/]+", "", match.group(0))


def roles_cli(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m rsvp_service roles ...` against the server's own database."""
    return subprocess.run(
        [str(PYTHON), "-m", "rsvp_service", "roles", *args],
        cwd=ROOT, env=server.env, capture_output=True, text=True, timeout=60, check=False,
    )
