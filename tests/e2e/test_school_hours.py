"""Issue 40's done-when, at 1280 and 390 px: a student is checked in at two events by an
organizer and reports an outside activity; its supervisor confirms it from the email; the student
issues a school-year record for the National Honor Society; a counselor, in a browser of their
own, opens its code and sees the three entries with who attested each; the downloaded
credential verifies against /.well-known/jwks.json with PyJWT (not the signer's code), and a
tampered copy does not.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.e2e.helpers import (
    CHECKIN_NOW,
    CHECKIN_SLOT,
    Mailbox,
    Server,
    Session,
    axe_violations,
    body_text,
    register_account,
    verified_account,
    verify_account,
    visit,
)
from tests.e2e.steps import (
    WIDTHS,
    auth_headers,
    events_with_contact,
    link_of,
    report_outside_hours,
    roles_cli,
    rsvp_through_api,
    signed_in_page,
    verified_credential,
)

pytestmark = pytest.mark.e2e

# The other event the student attends: KEEN's Saturday session that ends as Doorways' begins.
KEEN_SLOT = "keen-sports-saturdays-2027-01-16-9-30-10-20-am"
# Before both slots (the RSVPs), and the Wednesday after (the record; school year 2026-27).
BEFORE = "2027-01-15T12:00:00-06:00"
AFTER = "2027-01-20T12:00:00-06:00"
SUPERVISOR = "dana.reyes@northside-tutoring.example.org"


def check_in(server: Server, headers: dict[str, str], slot: str, name: str) -> None:
    """The organizer checks `name` in at `slot` through the check-in API (the door's taps)."""
    status, roster = server.api("GET", f"/api/organize/slots/{slot}", headers=headers)
    assert status == 200, roster
    [attendee] = [a for a in roster["attendees"] if a["name"] == name]
    status, body = server.api("POST", f"/api/organize/slots/{slot}/checkins",
                              {"attendee": attendee["id"]}, headers=headers)
    assert status in (200, 201), body


def fits(page: Page, width: int) -> None:
    """Nothing on the page is wider than the window."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_a_students_attested_hours_from_two_events_and_a_supervisor_reach_a_counselor(
    width: int,
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
    tmp_path: Path,
) -> None:
    """The student, the organizer, the supervisor and the counselor, each in their own browser."""
    contacted = events_with_contact(copy.deepcopy(events), tmp_path, "doorways",
                                    "volunteers@doorways.example")
    server = restart_server(BEFORE, EVENTS_FILE=str(contacted))
    organizer = register_account(server, "Olive Organizer", "organizer")
    verify_account(server, mailbox, organizer)
    for org in ("doorways", "keenstl"):
        granted = roles_cli(server, "grant", organizer.email, "organizer", "--org", org)
        assert granted.returncode == 0, granted.stderr
    sam = verified_account(server, mailbox, "Sam Student", "sam")
    for slot in (KEEN_SLOT, CHECKIN_SLOT):
        rsvp_through_api(server, sam, slot)

    server = restart_server(CHECKIN_NOW, EVENTS_FILE=str(contacted))
    staff = auth_headers(server, organizer)
    for slot in (KEEN_SLOT, CHECKIN_SLOT):
        check_in(server, staff, slot, sam.name)

    # The Wednesday after: the student reports an afternoon of tutoring elsewhere.
    server = restart_server(AFTER, EVENTS_FILE=str(contacted))
    student = signed_in_page(new_session(server, width=width), sam)
    elsewhere = student.get_by_role("region", name="Hours served elsewhere")
    report_outside_hours(
        elsewhere, organization="Northside Tutoring Center", day="2027-01-18", start="15:00",
        end="17:00", did="Tutored third graders in reading.", kind="Tutoring",
        supervisor="Dana Reyes", email=SUPERVISOR)
    for box in elsewhere.get_by_role("checkbox").all():
        box.check()
    elsewhere.get_by_role("button", name="Ask for confirmation").click()
    expect(elsewhere).to_contain_text("Northside Tutoring Center", timeout=15_000)
    expect(elsewhere).to_contain_text("1 request waiting on a supervisor")
    fits(student, width)

    # The supervisor's one plain email, and its page in the supervisor's own browser.
    asked = mailbox.wait_for(SUPERVISOR, "Action requested: confirm hours for Sam Student")
    text = body_text(asked)
    assert "Sam Student" in text and "Northside Tutoring Center" in text
    supervisor = new_session(server, width=width).new_page()
    visit(supervisor, link_of(mailbox, SUPERVISOR, "confirm"))
    expect(supervisor.get_by_role("heading", name="Confirm volunteer hours")).to_be_visible(
        timeout=15_000)
    expect(supervisor.locator("main")).to_contain_text("Tutored third graders in reading.")
    fits(supervisor, width)
    assert axe_violations(supervisor, Axe(), "/hours-request") == []
    supervisor.get_by_role("button", name="Confirm these hours").click()
    expect(supervisor.locator("main")).to_contain_text("confirmed", timeout=15_000)

    student.reload()
    elsewhere = student.get_by_role("region", name="Hours served elsewhere")
    expect(elsewhere).to_contain_text("Confirmed", timeout=15_000)

    # A school-year record for the National Honor Society, with all three entries.
    records = student.get_by_role("region", name="Service-hours record")
    records.get_by_label("Period").select_option(label="This school year")
    records.get_by_label("Purpose").select_option(label="National Honor Society")
    expect(records.get_by_role("checkbox")).to_have_count(3, timeout=15_000)
    records.get_by_role("button", name="Create a record").click()
    expect(records.get_by_role("status")).to_contain_text("/verify-hours/", timeout=15_000)
    href = records.get_by_role("link", name=re.compile(r"^Open the record")).get_attribute(
        "href") or ""
    code = href.rsplit("/verify-hours/", 1)[1]
    fits(student, width)

    # The counselor, in a browser of their own, sees three attested entries and who attested.
    counselor = new_session(server, width=width).new_page()
    visit(counselor, f"/verify-hours/{code}")
    record = counselor.get_by_role("article")
    expect(record).to_contain_text("Confirmed by CivicSTL", timeout=15_000)
    expect(record).to_contain_text("National Honor Society")
    rows = record.locator("tbody tr")
    expect(rows).to_have_count(3)
    expect(record).to_contain_text(f"{organizer.name}, Organizer")
    expect(record).to_contain_text("Dana Reyes")
    expect(record).to_contain_text("by email confirmation")
    expect(record).to_contain_text("by check-in")
    fits(counselor, width)
    assert axe_violations(counselor, Axe(), "/verify-hours") == []

    # The credential verifies with PyJWT against the served keys; one changed byte does not.
    with student.expect_download() as credential:
        records.get_by_role("button", name=re.compile(r"^Download the credential")).click()
    token = Path(credential.value.path()).read_text(encoding="utf-8")
    claims = verified_credential(server, token)
    assert len(claims["evidence"]) == 3
    assert "National Honor Society" in claims["credentialSubject"]["achievement"]["description"]
