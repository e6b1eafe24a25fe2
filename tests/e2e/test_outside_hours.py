"""Issue 40 item 2 in the browser: a verified volunteer asks from the dashboard's "Hours served
elsewhere" panel; the supervisor opens the emailed link in a browser context of their own, sees
who asked for which hours, and confirms; the volunteer's list says "Confirmed". Without
JavaScript the supervisor's page is a form that posts to its own link: adjusting there shows the
service's page, and the volunteer sees the adjusted hours.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from rsvp_service.outside_hours.supervisor import ADJUSTED, CONFIRMED
from tests.e2e.helpers import (
    Mailbox,
    Server,
    Session,
    axe_violations,
    unique_email,
    verified_account,
    visit,
)
from tests.e2e.steps import auth_headers, link_of, report_outside_hours, signed_in_page

pytestmark = pytest.mark.e2e

def yesterday() -> str:
    """Yesterday on the catalogue's clock (the service refuses a day in the future)."""
    return (datetime.now(ZoneInfo("America/Chicago")).date() - timedelta(days=1)).isoformat()


def test_a_supervisor_confirms_hours_asked_from_the_dashboard(
    restart_server: Callable[..., Server], mailbox: Mailbox,
    new_session: Callable[..., Session],
) -> None:
    server = restart_server(None)
    volunteer = verified_account(server, mailbox, "Olive Outside", "outside-volunteer")
    supervisor = unique_email("outside-supervisor")
    page = signed_in_page(new_session(server), volunteer)
    panel = page.get_by_role("region", name="Hours served elsewhere")
    report_outside_hours(
        panel, organization="Riverside Food Pantry", day=yesterday(), start="09:00",
        end="11:30", did="Sorted <b>cans</b> and packed boxes", kind="Food security",
        supervisor="Sam Lee", email=supervisor)
    panel.get_by_role("button", name="Ask for confirmation").click()
    # A missing statement is named, with focus on its checkbox, before anything is sent.
    expect(panel.get_by_role("alert")).to_contain_text("true before asking")
    expect(panel.get_by_label("I confirm these hours are true and complete.")).to_be_focused()
    panel.get_by_label("I confirm these hours are true and complete.").check()
    panel.get_by_label("My supervisor is an adult who is not my relative.").check()
    panel.get_by_role("button", name="Ask for confirmation").click()
    expect(panel.get_by_role("status")).to_contain_text("on its way to your supervisor")
    expect(panel).to_contain_text("1 request waiting on a supervisor.")
    item = panel.get_by_role("listitem").filter(has_text="Riverside Food Pantry")
    expect(item).to_contain_text(re.compile(r"2\.5 hours (Sent|Delivered)"))
    assert axe_violations(page, Axe(), "/dashboard") == []

    # The supervisor, in a browser of their own: the link shows and never answers by itself.
    boss = new_session(server).new_page()
    visit(boss, link_of(mailbox, supervisor, "confirm"))
    expect(boss.get_by_role("heading", level=1)).to_have_text("Confirm volunteer hours")
    facts = boss.locator("dl")
    expect(facts).to_contain_text("Olive Outside")
    expect(facts).to_contain_text("Riverside Food Pantry")
    expect(facts).to_contain_text("Sorted <b>cans</b> and packed boxes")
    expect(facts).to_contain_text("9:00")
    confirm = boss.get_by_role("button", name="Confirm these hours")
    expect(confirm).to_be_focused()
    expect(boss.locator("[data-said]")).to_have_count(0)
    assert axe_violations(boss, Axe(), "/hours-request") == []
    boss.get_by_label("Your role").fill("Volunteer coordinator")
    confirm.click()
    said = boss.get_by_role("status").filter(has_text="Thank you")
    expect(said).to_have_text(CONFIRMED)
    expect(said).to_be_focused()

    page.reload()
    item = page.get_by_role("region", name="Hours served elsewhere").get_by_role("listitem")
    expect(item.filter(has_text="Riverside Food Pantry")).to_contain_text("Confirmed")
    expect(item.get_by_role("button", name=re.compile("^Withdraw"))).to_have_count(0)


def test_without_javascript_the_supervisor_adjusts_through_the_form(
    restart_server: Callable[..., Server], mailbox: Mailbox,
    new_session: Callable[..., Session],
) -> None:
    server = restart_server(None)
    volunteer = verified_account(server, mailbox, "Nora Nojs", "outside-nojs")
    supervisor = unique_email("outside-nojs-supervisor")
    status, body = server.api("POST", "/api/me/outside-hours", {
        "organization": "Tower Grove Tutors", "date": yesterday(), "start": "15:00",
        "end": "18:00", "description": "Reading help", "service_type": "tutoring",
        "supervisor_name": "Kim Park", "supervisor_email": supervisor, "honesty": True,
        "not_relative": True}, headers=auth_headers(server, volunteer))
    assert status == 201, body

    boss = new_session(server, javascript=False).new_page()
    visit(boss, link_of(mailbox, supervisor, "adjust"))
    boss.get_by_label("Hours").fill("2.5")
    boss.get_by_role("button", name="Adjust the hours").click()
    expect(boss.get_by_role("heading", level=1)).to_have_text("Hours adjusted")
    expect(boss.locator("main")).to_contain_text(ADJUSTED.format(hours="2.5"))

    page = signed_in_page(new_session(server), volunteer)
    panel = page.get_by_role("region", name="Hours served elsewhere")
    expect(panel.get_by_role("listitem").filter(has_text="Tower Grove Tutors")).to_contain_text(
        "Adjusted to 2.5 hours")


@pytest.mark.parametrize("javascript", [True, False])
def test_enter_in_a_field_of_the_supervisors_page_answers_nothing(
    restart_server: Callable[..., Server], mailbox: Mailbox,
    new_session: Callable[..., Session], javascript: bool,
) -> None:
    server = restart_server(None)
    volunteer = verified_account(server, mailbox, "Ezra Enter", f"outside-enter-{javascript}")
    supervisor = unique_email("outside-enter-supervisor")
    headers = auth_headers(server, volunteer)
    status, body = server.api("POST", "/api/me/outside-hours", {
        "organization": "Forest Park Keepers", "date": yesterday(), "start": "08:00",
        "end": "11:00", "description": "Picked up litter", "service_type": "environment",
        "supervisor_name": "Lou Reed", "supervisor_email": supervisor, "honesty": True,
        "not_relative": True}, headers=headers)
    assert status == 201, body

    boss = new_session(server, javascript=javascript).new_page()
    visit(boss, link_of(mailbox, supervisor, "adjust"))
    if javascript:
        expect(boss.locator("dl")).to_contain_text("Forest Park Keepers")
    posted: list[str] = []
    boss.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    for label, text in (("Hours", "1"), ("Your role", "Ranger"), ("Note", "x")):
        boss.get_by_label(label).fill(text)
        boss.get_by_label(label).press("Enter")
    # The next press is what answers; Enter before it posted nothing (Note's Enter is a line).
    boss.get_by_label("Hours").fill("2")
    boss.get_by_role("button", name="Adjust the hours").click()
    if javascript:
        expect(boss.locator("[data-said]")).to_have_text(ADJUSTED.format(hours="2"))
    else:
        expect(boss.get_by_role("heading", level=1)).to_have_text("Hours adjusted")
    assert len(posted) == 1, posted  # the adjust alone
    status, mine = server.api("GET", "/api/me/outside-hours", headers=headers)
    assert status == 200, mine
    [item] = mine["requests"]
    assert (item["state"], item["confirmed_hours"]) == ("adjusted", 2.0)
