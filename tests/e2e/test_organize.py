"""Issue 14 journeys: an organizer's roster, CSV and message; check-in on a phone (a tap, a code
from the confirmation email, a walk-in, a flaky connection); the volunteer's impact and a
service-hours record that verifies at its link, is refused when tampered with, and can be revoked;
its downloaded credential verifies against /.well-known/jwks.json (issue 40) and a tampered copy
does not.
"""

from __future__ import annotations

import copy
import csv
import io
import re
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Playwright, Response, Route, expect

from tests.e2e.helpers import (
    CHECKIN_NOW,
    CHECKIN_SLOT,
    CHROMIUM,
    CHROMIUM_ARGS,
    Account,
    Mailbox,
    Server,
    Session,
    attachments,
    axe_violations,
    body_text,
    register_account,
    settle,
    sign_in,
    verified_account,
    verify_account,
    visit,
    wait_path,
)
from tests.e2e.steps import (
    CHECKIN_ENDED,
    CODE,
    PHONE,
    auth_headers,
    events_with_contact,
    qr_video,
    roles_cli,
    rsvp_through_api,
    signed_in_page,
    verified_credential,
    write_events,
)

pytestmark = pytest.mark.e2e

CSV_HEADER = [
    "Name", "Email", "Phone", "RSVP time", "Status", "Waitlist position", "Checked in at", "Hours",
    "Hours reason", "Party size", "Present", "Guests", "Guardian consent",
]
TAMPERED = "This verification code is not valid. Check that the link was copied in full."
REVOKED = "This record was revoked by its owner."
# Doorways' contact email in the journey's copy of events.json (the real YAML lists none).
DOORWAYS = "volunteers@doorways.example"


def replies_to(message: EmailMessage) -> tuple[str, str]:
    """The name and address of a delivered message's one Reply-To."""
    [address] = message["Reply-To"].addresses
    return address.display_name, address.addr_spec


def checkin_event(events: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(event, slot) of CHECKIN_SLOT in events.json."""
    for event in events["events"]:
        for slot in event["slots"]:
            if slot["id"] == CHECKIN_SLOT:
                return event, slot
    raise AssertionError(f"no slot {CHECKIN_SLOT} in events.json: update CHECKIN_SLOT/CHECKIN_NOW")


def roster_statuses(server: Server, organizer: Account) -> dict[str, str]:
    """Name -> status of every attendee of the slot, from the API (as `organizer` sees it)."""
    status, body = server.api(
        "GET", f"/api/organize/slots/{CHECKIN_SLOT}", headers=auth_headers(server, organizer)
    )
    assert status == 200, body
    return {a["name"]: a["status"] for a in body["attendees"]}


def test_organizer_roster_csv_message_checkin_and_the_volunteers_record(
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
    tmp_path: Path,
) -> None:
    """The whole of issue 14's done-when, in the order it happens on the day; hours appear on
    the dashboard once the slot has ended, not at check-in, and a message's replies go where
    the organizer chose (issue 26)."""
    contacted = events_with_contact(copy.deepcopy(events), tmp_path, "doorways", DOORWAYS)
    server = restart_server(CHECKIN_NOW, EVENTS_FILE=str(contacted))
    event, slot = checkin_event(events)
    organizer = register_account(server, "Olive Organizer", "organizer")
    vera = verified_account(server, mailbox, "Vera Volunteer", "vera")
    cody = verified_account(server, mailbox, "Cody Coder", "cody")
    for account in (vera, cody):
        rsvp_through_api(server, account, CHECKIN_SLOT)
    code = CODE.search(body_text(mailbox.wait_for(cody.email, event["title"])))
    assert code, "the confirmation email carries no check-in code"

    # An organizer role, granted from the command line to a verified account; an unknown
    # address is refused.
    verify_account(server, mailbox, organizer)
    refused = roles_cli(server, "grant", "nobody@example.com", "organizer", "--org", "doorways")
    assert refused.returncode == 2 and refused.stderr.strip(), refused
    granted = roles_cli(server, "grant", organizer.email, "organizer", "--org", "doorways")
    assert granted.returncode == 0, granted.stderr

    # Desktop: the dashboard leads to Organize; the roster, its CSV, a message.
    desk = signed_in_page(new_session(server), organizer)
    expect(desk.get_by_role("region", name="Organizer tools")).to_be_visible(timeout=15_000)
    desk.get_by_role("navigation", name="Main").get_by_role("link", name="Organize").click()
    wait_path(desk, "/organize")
    label = f"{event['title']}, {event['date_text']}, {slot['time']}"
    desk.get_by_role("button", name=f"Roster of {label}").click()
    roster = desk.get_by_role("region", name=f"Roster of {label}")
    expect(roster).to_contain_text(vera.email, timeout=15_000)
    expect(roster).to_contain_text(cody.email)
    assert f"slot={CHECKIN_SLOT}" in desk.url
    assert axe_violations(desk, Axe(), "/organize (the roster)") == []

    with desk.expect_download() as download:
        roster.get_by_role("button", name="Download roster (CSV)").click()
    assert download.value.suggested_filename == f"{CHECKIN_SLOT}-roster.csv"
    raw = Path(download.value.path()).read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "the CSV has no UTF-8 BOM"
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0] == CSV_HEADER
    by_name = {row[0]: row for row in rows[1:]}
    assert set(by_name) == {vera.name, cody.name}
    assert by_name[vera.name][1] == vera.email
    assert by_name[vera.name][4].lower() == "confirmed"

    roster.get_by_label("Subject").fill("Parking at Doorways")
    roster.get_by_label("Message (plain text)").fill("Park in the back lot.\nBring gloves.")
    roster.get_by_role("button", name="Preview").click()
    expect(roster).to_contain_text("To 2 people")
    expect(roster.locator(".message-body")).to_contain_text("Bring gloves.")
    # Replies go to the organizer unless they choose the organization's contact.
    expect(roster).to_contain_text(f"Replies go to: {organizer.email}")
    roster.get_by_role("button", name="Send to 2 people").click()
    expect(roster.get_by_role("status")).to_contain_text("on its way to 2 people")
    for account in (vera, cody):
        note = mailbox.wait_for(account.email, "Parking at Doorways")
        assert "Bring gloves." in body_text(note)
        assert replies_to(note) == (organizer.name, organizer.email)
    roster.get_by_role("button", name="Write another message").click()
    expect(roster.get_by_role("radio", name=f"My address ({organizer.email})")).to_be_checked()
    roster.get_by_role("radio", name=f"The organization's ({DOORWAYS})").check()
    roster.get_by_label("Subject").fill("Gloves at Doorways")
    roster.get_by_label("Message (plain text)").fill("We have gloves for everyone.")
    roster.get_by_role("button", name="Preview").click()
    expect(roster).to_contain_text(f"Replies go to: {DOORWAYS}")
    roster.get_by_role("button", name="Send to 2 people").click()
    expect(roster.get_by_role("status")).to_contain_text("on its way to 2 people")
    for account in (vera, cody):
        note = mailbox.wait_for(account.email, "Gloves at Doorways")
        assert replies_to(note) == (event["host"]["name"], DOORWAYS)
        # One message each: the preview sent nothing.
        parking = [m for m in mailbox.messages_to(account.email) if "Parking" in str(m["Subject"])]
        assert len(parking) == 1, [str(m["Subject"]) for m in parking]

    # The phone at the door: one tap, a typed code, a walk-in.
    phone_session = new_session(server, **PHONE)
    phone = signed_in_page(phone_session, organizer)
    visit(phone, f"/organize/checkin?slot={CHECKIN_SLOT}")
    expect(phone.get_by_role("heading", name=event["title"])).to_be_visible(timeout=15_000)
    expect(phone.get_by_role("status").filter(has_text="All check-ins are synced.")).to_be_visible()
    assert axe_violations(phone, Axe(), "/organize/checkin") == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    phone.get_by_label("Search by name").fill("vera")
    button = phone.get_by_role("button", name=f"Check in {vera.name}")
    box = button.bounding_box()
    assert box and box["height"] >= 48 and box["width"] >= 48, box
    expect(phone.get_by_role("button", name=f"Check in {cody.name}")).to_have_count(0)
    button.click()
    expect(phone.get_by_text(f"Checked in: {vera.name}.")).to_be_visible()
    expect(phone.get_by_role("button", name=f"Undo check-in for {vera.name}")).to_be_visible()
    phone.get_by_label("Search by name").fill("")

    phone.get_by_role("button", name="Type a code").click()
    phone.get_by_label("Check-in code").fill(code.group(0).lower())
    phone.get_by_role("button", name="Check in by code").click()
    expect(phone.get_by_text(f"Checked in: {cody.name}.")).to_be_visible()

    phone.get_by_role("button", name="Type a code").click()  # closes the code panel
    phone.get_by_role("button", name="Add walk-in").click()
    phone.get_by_label("Walk-in's name").fill("Wally Walker")
    phone.get_by_role("button", name="Add and check in").click()
    expect(phone.get_by_text("Walk-in added and checked in: Wally Walker.")).to_be_visible()
    expect(phone.get_by_role("button", name="Undo check-in for Wally Walker")).to_be_visible()
    expect(phone.locator(".checkin-count")).to_have_text("3 of 3 checked in")

    assert roster_statuses(server, organizer) == {
        vera.name: "checked_in", cody.name: "checked_in", "Wally Walker": "checked_in",
    }

    # A flaky connection: the undo fails twice, waits, goes through on its own, exactly once.
    failures = {"left": 2}

    def flaky(route: Route) -> None:
        if failures["left"] > 0:
            failures["left"] -= 1
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone.route("**/api/organize/slots/*/checkins/undo", flaky)
    phone.get_by_role("button", name=f"Undo check-in for {cody.name}").click()
    expect(phone.get_by_role("status").filter(has_text="1 waiting to sync")).to_be_visible()
    assert phone.evaluate("JSON.parse(localStorage.civicCheckinQueue).length") == 1
    expect(phone.get_by_text(f"Check-in undone: {cody.name}.")).to_be_visible(timeout=15_000)
    expect(phone.get_by_role("status").filter(has_text="All check-ins are synced.")).to_be_visible()
    assert failures["left"] == 0
    assert roster_statuses(server, organizer)[cody.name] == "confirmed"
    phone.unroute("**/api/organize/slots/*/checkins/undo")

    # Offline: the tap is kept on the phone and sent when the connection is back.
    phone_session.context.set_offline(True)
    phone.get_by_role("button", name=f"Check in {cody.name}").click()
    expect(phone.get_by_role("status").filter(has_text="1 waiting to sync")).to_be_visible()
    expect(phone.get_by_role("button", name=f"Undo check-in for {cody.name}")).to_be_visible()
    phone_session.context.set_offline(False)
    expect(phone.get_by_role("status").filter(has_text="All check-ins are synced.")).to_be_visible(
        timeout=20_000
    )
    assert roster_statuses(server, organizer)[cody.name] == "checked_in"

    # The volunteer's dashboard during the slot: checked in, but no hours and no badge yet.
    during = signed_in_page(new_session(server), vera)
    expect(during.get_by_role("region", name="Your impact")).to_contain_text(
        "0 hours volunteered", timeout=15_000)
    expect(during.get_by_text("No badges yet")).to_be_visible()

    # After the slot's end (the service restarted with its clock there): hours, an event, a
    # badge; a service-hours record.
    server = restart_server(CHECKIN_ENDED, EVENTS_FILE=str(contacted))
    volunteer = signed_in_page(new_session(server), vera)
    impact = volunteer.get_by_role("region", name="Your impact")
    hours = _slot_hours(slot)
    expect(impact).to_contain_text(f"{hours:g} hours volunteered", timeout=15_000)
    expect(impact).to_contain_text("1 event attended")
    expect(impact).to_contain_text("1 organization helped")
    earned = impact.get_by_role("img", name=re.compile(r" badge$"))
    expect(earned.first).to_be_visible()
    locked = impact.get_by_role("img", name=re.compile(r"badge, not yet earned$"))
    expect(locked.first).to_be_visible()
    src = earned.first.get_attribute("src") or ""
    assert src.startswith("data:image/svg+xml,"), src

    # Progress (issue 40 item 5): the age group is asked, then the PVSA level within reach.
    progress = volunteer.get_by_role("region", name="Your progress")
    progress.get_by_label("Your age group").select_option(label="16 to 25")
    progress.get_by_role("button", name="Save").click()
    expect(progress).to_contain_text(
        f"{hours:g} of 100 hours toward Bronze in the last 12 months", timeout=15_000)
    expect(progress.get_by_role("progressbar")).to_be_visible()
    service = event["service_type"].replace("_", " ").capitalize()
    expect(progress.get_by_role("listitem")).to_contain_text([f"{service}: {hours:g} hour"])

    # A record for a purpose: the period's entries are listed, all checked.
    records = volunteer.get_by_role("region", name="Service-hours record")
    records.get_by_label("Purpose").select_option(label="National Honor Society")
    entry = records.get_by_role("checkbox", name=re.compile(re.escape(event["title"])))
    expect(entry).to_be_checked(timeout=15_000)
    records.get_by_role("button", name="Create a record").click()
    expect(records.get_by_role("status")).to_contain_text("/verify-hours/")
    open_link = records.get_by_role("link", name=re.compile(r"^Open the record"))
    href = open_link.get_attribute("href") or ""
    record_code = href.rsplit("/verify-hours/", 1)[1]
    with volunteer.expect_download() as pdf:
        records.get_by_role("link", name=re.compile(r"^Download the PDF")).click()
    assert Path(pdf.value.path()).read_bytes().startswith(b"%PDF")
    with volunteer.expect_download() as csv_file:
        records.get_by_role("link", name=re.compile(r"^Download the CSV")).click()
    assert event["title"] in Path(csv_file.value.path()).read_text(encoding="utf-8")
    # Its credential verifies against the served keys with PyJWT (not the signer's code), and a
    # copy with one byte changed does not.
    with volunteer.expect_download() as credential:
        records.get_by_role("button", name=re.compile(r"^Download the credential")).click()
    token = Path(credential.value.path()).read_text(encoding="utf-8")
    claims = verified_credential(server, token)
    assert claims["credentialSubject"]["identifier"][0]["identityHash"] == vera.name

    # Anyone with the link sees the record, confirmed by the service, and can print it.
    teacher = new_session(server).new_page()
    visit(teacher, f"/verify-hours/{record_code}")
    record = teacher.get_by_role("article")
    expect(record).to_contain_text("Confirmed by CivicSTL", timeout=15_000)
    expect(record.get_by_role("heading", name=vera.name)).to_be_visible()
    expect(record).to_contain_text(event["title"])
    expect(record).to_contain_text(f"{hours:g}")
    # Who attests the entry (issue 40): the organizer who checked Vera in, with Doorways' own
    # address (Olive's is not at Doorways), the slot's times, the kind of service.
    expect(record).to_contain_text(
        f"{organizer.name}, Organizer, Doorways, {DOORWAYS}; by check-in at")
    expect(record).to_contain_text(slot["time"])
    expect(record).to_contain_text(f"Service: {service}")
    expect(record).to_contain_text("Purpose: National Honor Society · Period: All verified hours")
    expect(record.get_by_role("heading", name="What CivicSTL checked")).to_be_visible()
    expect(record.get_by_role("listitem").first).to_contain_text("For entries attested by check-in")
    expect(record.get_by_role("link", name="Download the CSV")).to_be_visible()
    assert organizer.email not in (record.text_content() or "")
    assert axe_violations(teacher, Axe(), "/verify-hours") == []
    teacher.emulate_media(media="print")
    expect(teacher.locator(".site-header")).to_be_hidden()
    expect(teacher.get_by_role("button", name="Print")).to_be_hidden()
    teacher.emulate_media(media="screen")

    # A changed code is refused with the service's sentence.
    last = record_code[-1]
    tampered = record_code[:-1] + ("A" if last != "A" else "B")
    visit(teacher, f"/verify-hours/{tampered}")
    expect(teacher.get_by_role("alert")).to_have_text(TAMPERED)
    expect(teacher.get_by_role("article")).to_have_count(0)

    # The owner revokes it: the link says so.
    records.get_by_role("button", name=re.compile(r"^Revoke the record")).click()
    records.get_by_role("button", name="Yes, revoke").click()
    expect(records.get_by_role("status")).to_contain_text("revoked")
    visit(teacher, f"/verify-hours/{record_code}")
    expect(teacher.get_by_role("alert")).to_have_text(REVOKED)


def test_organize_pages_for_the_signed_out_and_for_volunteers(
    checkin_server: Server, new_session: Callable[..., Session]
) -> None:
    """Signed out: /organize and check-in go to sign in (and back). A volunteer reads why the
    tools are not theirs; an organizer is not an admin on /organize/roles; no Organize link."""
    page = new_session(checkin_server).new_page()
    page.goto(f"/organize/checkin?slot={CHECKIN_SLOT}")
    wait_path(page, "/login")
    assert "from=organize" in page.url
    expect(page.get_by_text("Please sign in to use the organizer tools.")).to_be_visible()
    volunteer = register_account(checkin_server, "Val Plain", "plain")
    settle(page)
    sign_in(page, volunteer)
    wait_path(page, "/organize")
    expect(page.get_by_role("status")).to_contain_text(
        "Your account is not an organizer for any organization yet."
    )
    nav = page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Organize")).to_have_count(0)
    visit(page, "/organize/roles")
    expect(page.get_by_role("status")).to_contain_text("Only CivicSTL admins can grant")


def test_admin_grants_and_revokes_organizer_roles(
    checkin_server: Server, mailbox: Mailbox, new_session: Callable[..., Session]
) -> None:
    """An admin (granted from the command line) grants the organizer role on /organize/roles; the
    new organizer gets the Organize link, also on HTML-only pages; the admin revokes it."""
    admin = register_account(checkin_server, "Ada Admin", "admin")
    helper = register_account(checkin_server, "Hal Helper", "helper")
    for account in (admin, helper):
        verify_account(checkin_server, mailbox, account)
    assert roles_cli(checkin_server, "grant", admin.email, "admin").returncode == 0
    page = signed_in_page(new_session(checkin_server), admin)
    visit(page, "/organize/roles")
    page.get_by_label("Email of the account").fill("nobody-here@example.com")
    page.get_by_label("Organization").select_option(label="Doorways")
    page.get_by_role("button", name="Grant organizer role").click()
    expect(page.get_by_role("alert")).to_contain_text("No account uses that email address.")
    page.get_by_label("Email of the account").fill(helper.email)
    page.get_by_role("button", name="Grant organizer role").click()
    expect(page.get_by_role("status")).to_have_text(
        f"{helper.email} can now organize for Doorways."
    )
    organizers = page.get_by_role("region", name="Organizers")
    expect(organizers).to_contain_text(helper.email)
    assert axe_violations(page, Axe(), "/organize") == []

    helper_page = signed_in_page(new_session(checkin_server), helper)
    nav = helper_page.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Organize")).to_be_visible(timeout=15_000)
    helper_page.goto("/about")  # HTML-only: the nav script shows the link
    about_nav = helper_page.get_by_role("navigation", name="Main")
    expect(about_nav.get_by_role("link", name="Organize")).to_be_visible()

    revoke = re.compile(f"^Revoke Hal Helper .*{re.escape(helper.email)}")
    organizers.get_by_role("button", name=revoke).click()
    organizers.get_by_role("button", name="Yes, revoke").click()
    expect(page.get_by_role("status")).to_have_text(
        f"{helper.email} no longer organizes for Doorways."
    )
    expect(organizers.get_by_role("listitem").filter(has_text=helper.email)).to_have_count(0)


SERIES = "st-patrick-lunch-service"
# A series of 25 dates listed one card a date made a 7,500 px page (issue 26); its card now shows
# the next dates only, so the whole page stays within a couple of screens.
MAX_ORGANIZE_HEIGHT = 2_500


def test_a_long_series_shows_its_next_dates_and_the_rest_behind_all_dates(
    checkin_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """Issue 26: an organizer of a 25-date series sees one card with its next 3 dates; "All
    dates" reveals the other upcoming ones, the past dates stay folded, the page stays short."""
    dates = [e for e in events["events"] if e["series"] == SERIES]
    assert len(dates) >= 20, f"{SERIES} is no longer a long series: pick another"
    now = datetime.fromisoformat(CHECKIN_NOW)
    upcoming = [e for e in dates if max(datetime.fromisoformat(s["end"]) for s in e["slots"]) > now]
    past = [e for e in dates if e not in upcoming]
    assert len(upcoming) > 3 and past, "CHECKIN_NOW no longer falls inside the series"
    host = dates[0]["host"]["slug"]
    organizer = register_account(checkin_server, "Sam Series", "series")
    verify_account(checkin_server, mailbox, organizer)
    granted = roles_cli(checkin_server, "grant", organizer.email, "organizer", "--org", host)
    assert granted.returncode == 0, granted.stderr

    page = signed_in_page(new_session(checkin_server, width=1280), organizer)
    visit(page, "/organize")
    card = page.get_by_role("region", name="Upcoming events").get_by_role("article")
    expect(card).to_have_count(1, timeout=15_000)
    shown = [e["date_text"] for e in upcoming[:3]]
    rest = [e["date_text"] for e in upcoming[3:]]
    for text in shown:
        expect(card.get_by_role("link", name=text, exact=True)).to_be_visible()
    expect(card.get_by_role("link", name=rest[0], exact=True)).to_have_count(0)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < MAX_ORGANIZE_HEIGHT, f"/organize is {height} px tall with {len(dates)} dates"
    assert axe_violations(page, Axe(), "/organize") == []

    more = card.get_by_role("button", name=f"All dates ({len(upcoming)})")
    expect(more).to_have_attribute("aria-expanded", "false")
    more.click()
    fewer = card.get_by_role("button", name="Fewer dates")
    expect(fewer).to_have_attribute("aria-expanded", "true")
    for text in rest:
        expect(card.get_by_role("link", name=text, exact=True)).to_be_visible()

    folded = page.get_by_role("region", name="Past events").get_by_role("article")
    expect(folded.get_by_role("link", name=past[0]["date_text"], exact=True)).to_have_count(0)
    folded.get_by_role("button", name=f"Past dates ({len(past)})").click()
    for event in past:
        expect(folded.get_by_role("link", name=event["date_text"], exact=True)).to_be_visible()



def test_checkin_by_scanning_the_emails_qr_code_with_the_camera(
    checkin_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    playwright_instance: Playwright,
    tmp_path: Path,
) -> None:
    """The QR code of the confirmation email, shown to the phone's camera (Chromium's fake camera
    playing it), checks its holder in; the decoder is loaded only when the camera opens."""
    event, _slot = checkin_event(events)
    organizer = register_account(checkin_server, "Quinn Scanner", "scanner")
    guest = verified_account(checkin_server, mailbox, "Sam Scanned", "scanned")
    rsvp_through_api(checkin_server, guest, CHECKIN_SLOT)
    confirmation = mailbox.wait_for(guest.email, event["title"])
    pngs = [data for _name, kind, data in attachments(confirmation) if kind == "image/png"]
    pngs += [
        bytes(part.get_payload(decode=True) or b"")
        for part in confirmation.walk()
        if part.get_content_type() == "image/png" and part.get_payload(decode=True) not in pngs
    ]
    assert pngs, "the confirmation email has no QR code image"
    verify_account(checkin_server, mailbox, organizer)
    grant = roles_cli(checkin_server, "grant", organizer.email, "organizer", "--org", "doorways")
    assert grant.returncode == 0, grant.stderr

    video = qr_video(pngs[0], tmp_path / "qr.y4m")
    browser = playwright_instance.chromium.launch(
        executable_path=CHROMIUM,
        args=[
            *CHROMIUM_ARGS,
            "--use-fake-ui-for-media-stream",
            "--use-fake-device-for-media-stream",
            f"--use-file-for-fake-video-capture={video}",
        ],
    )
    try:
        context = browser.new_context(
            base_url=checkin_server.url,
            viewport={"width": PHONE["width"], "height": PHONE["height"]},
            permissions=["camera"],
        )
        page = context.new_page()
        scripts: list[str] = []

        def keep_script(response: Response) -> None:
            if response.url.endswith(".js") and response.ok:
                scripts.append(response.text())

        page.on("response", keep_script)
        visit(page, "/login")
        sign_in(page, organizer)
        wait_path(page, "/dashboard")
        visit(page, f"/organize/checkin?slot={CHECKIN_SLOT}")
        expect(page.get_by_role("button", name=f"Check in {guest.name}")).to_be_visible()
        # jsQR's option names: in the decoder's chunk only.
        assert not any("invertFirst" in text for text in scripts), "the decoder came with the page"
        page.get_by_role("button", name="Scan QR code").click()
        expect(page.get_by_text(f"Checked in: {guest.name}.")).to_be_visible(timeout=20_000)
        assert any("invertFirst" in text for text in scripts)
        expect(page.get_by_role("button", name=f"Undo check-in for {guest.name}")).to_be_visible()
        page.get_by_role("button", name="Stop camera").click()
        expect(page.locator("video")).to_have_count(0)
        assert roster_statuses(checkin_server, organizer)[guest.name] == "checked_in"
        context.close()
    finally:
        browser.close()


def _slot_hours(slot: dict[str, Any]) -> float:
    """The slot's length in hours (what a check-in credits)."""
    start, end = datetime.fromisoformat(slot["start"]), datetime.fromisoformat(slot["end"])
    return (end - start).total_seconds() / 3600


BEFORE_CHECKIN_SLOT = "2027-01-15T12:00:00-06:00"  # the day before CHECKIN_SLOT


def events_with_capacity(events: dict[str, Any], folder: Path, slot_id: str, capacity: int) -> Path:
    """A copy of build/content's events.json (and organizations.json beside it) in which one
    slot has the given capacity."""
    for event in events["events"]:
        for slot in event["slots"]:
            if slot["id"] == slot_id:
                slot["capacity"] = capacity
    events["slots"][slot_id]["capacity"] = capacity
    return write_events(events, folder)


def test_an_organizer_removes_an_rsvp_the_waitlist_moves_up_and_the_address_is_blocked(
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
    tmp_path: Path,
) -> None:
    """Issue 35: Remove on the roster, with its confirm step and the Block option; the person
    is emailed, the first on the waitlist gets the seat, the blocked address is refused until
    the organizer unblocks it."""
    two_seats = events_with_capacity(copy.deepcopy(events), tmp_path, CHECKIN_SLOT, 2)
    server = restart_server(BEFORE_CHECKIN_SLOT, EVENTS_FILE=str(two_seats))
    event, slot = checkin_event(events)
    organizer = register_account(server, "Olive Organizer", "organizer")
    vera = register_account(server, "Vera Volunteer", "vera")
    cody = register_account(server, "Cody Coder", "cody")
    wes = register_account(server, "Wes Waiting", "wes")
    for account in (organizer, vera, cody, wes):
        verify_account(server, mailbox, account)
    granted = roles_cli(server, "grant", organizer.email, "organizer", "--org", "doorways")
    assert granted.returncode == 0, granted.stderr
    for account in (vera, cody):
        rsvp_through_api(server, account, CHECKIN_SLOT)

    def rsvp_of(account: Account, **more: Any) -> tuple[int, Any]:
        first, _, last = account.name.partition(" ")
        return server.api("POST", "/api/rsvp", {
            "eventId": CHECKIN_SLOT, "email": account.email, "firstName": first,
            "lastName": last, "phone": None, **more}, headers=auth_headers(server, account))

    status, waiting = rsvp_of(wes, waitlist=True)
    assert status == 201 and waiting["status"] == "waitlisted", waiting

    desk = signed_in_page(new_session(server), organizer)
    visit(desk, "/organize")
    label = f"{event['title']}, {event['date_text']}, {slot['time']}"
    desk.get_by_role("button", name=f"Roster of {label}").click()
    roster = desk.get_by_role("region", name=f"Roster of {label}")
    expect(roster).to_contain_text(vera.email, timeout=15_000)

    # Remove asks first; Keep changes nothing.
    roster.get_by_role("button", name=f"Remove {vera.name}'s RSVP").click()
    confirm = roster.get_by_role("group", name=f"Remove {vera.name}'s RSVP?")
    expect(confirm).to_contain_text("the next people on the waitlist move up")
    confirm.get_by_role("button", name="Keep").click()
    expect(confirm).to_have_count(0)
    roster.get_by_role("button", name=f"Remove {vera.name}'s RSVP").click()
    confirm.get_by_label("Reason (the email says it)").select_option("duplicate")
    confirm.get_by_label(re.compile(r"Also block")).check()
    assert axe_violations(desk, Axe(), "/organize (removing an RSVP)") == []
    confirm.get_by_role("button", name="Yes, remove and block").click()
    expect(roster.get_by_role("status").first).to_contain_text(
        f"{vera.name}'s RSVP is removed and they have been emailed.")
    expect(roster).to_contain_text("1 from the waitlist moved up.")
    expect(roster.get_by_role("listitem").filter(has_text=vera.name)).to_have_count(0)
    assert roster_statuses(server, organizer) == {cody.name: "confirmed", wes.name: "confirmed"}

    removed = body_text(mailbox.wait_for(vera.email, "Your RSVP was removed"))
    assert "The event's organizer removed your RSVP" in removed and event["title"] in removed
    assert "The organizer's reason: it repeated another RSVP of yours" in removed
    assert organizer.email not in removed and organizer.name not in removed
    assert "/cancel?token=" in body_text(mailbox.wait_for(wes.email, "A spot opened up"))

    # Blocked: her RSVP is refused, with a sentence that names nobody; unblocked, it is taken.
    status, refused = rsvp_of(vera)
    assert status == 403, refused
    assert "block" not in refused["error"] and organizer.name not in refused["error"]
    desk.get_by_text("Blocked addresses of Doorways").click()
    desk.get_by_role("button", name=f"Unblock {vera.email}").click()
    expect(desk.get_by_role("status").filter(has_text="can RSVP to the events of Doorways again")
           ).to_be_visible()
    status, again = rsvp_of(vera, waitlist=True)
    assert status == 201 and again["status"] == "waitlisted", again
