"""Issue 37 journeys: the calendar follows an RSVP. A volunteer RSVPs to the Doorways 12:00 slot
in the browser, imports the confirmation's .ics (the slot's times, not the event's), cancels from
the email's link, and the cancellation's .ics takes that same entry off their calendar, read by
Python's icalendar and by Mozilla's ical.js (Thunderbird's parser) in the browser alike. A
subscriber following a cancelled date's link from the site's feed lands on its series page,
which says the date is cancelled.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import icalendar
import pytest
from playwright.sync_api import Page, expect

from tests.calendar_testkit import take_in
from tests.e2e.helpers import (
    ROOT,
    Mailbox,
    Server,
    Session,
    attachments,
    settle,
    verified_account,
)
from tests.e2e.steps import cancel_path, expect_rsvp_made, signed_in_page, slot_item

pytestmark = pytest.mark.e2e

EVENT = "doorways-welcome-kits"
# The event runs 10:00 AM-1:30 PM; its second slot is 12:00-1:30 PM.
SLOT = "doorways-welcome-kits-12-00-1-30-pm"
CANCELLED = "Your spot is cancelled. We have emailed you a confirmation."
# Mozilla's ical.js (Thunderbird's parser), the site's dev dependency, as a browser script (UMD).
ICAL_JS = ROOT / "site" / "node_modules" / "ical.js" / "dist" / "ical.es5.min.cjs"
# What a calendar app takes from a file: its method and each event's identity, version and times.
READ_ICS = """(text) => {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent)
      return {
        uid: event.uid, sequence: event.sequence, status: vevent.getFirstPropertyValue('status'),
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
      }
    }),
  }
}"""


def calendar_file(message: Any) -> tuple[str | None, bytes]:
    """The iTIP method of the email's one calendar part, and the .ics it carries."""
    [part] = [p for p in message.walk() if p.get_content_type() == "text/calendar"]
    [(_name, _type, data)] = [a for a in attachments(message) if a[1] == "text/calendar"]
    return part.get_param("method"), data


def read_in_browser(app: Page, data: bytes) -> tuple[str, dict[str, Any]]:
    """The method and the one event of an .ics as ical.js reads it in the browser tab `app`."""
    read = app.evaluate(READ_ICS, data.decode())
    [event] = read["events"]
    return read["method"], {**event, "start": datetime.fromisoformat(event["start"]),
                            "end": datetime.fromisoformat(event["end"])}


def test_an_imported_invitation_leaves_the_calendar_when_the_rsvp_is_cancelled_by_email(
    pinned_server: Server,
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    event = next(e for e in events["events"] if e["slug"] == EVENT)
    [slot] = [s for s in event["slots"] if s["id"] == SLOT]
    assert slot["start"] != event["start"]
    account = verified_account(pinned_server, mailbox, "Cal Endar", "calendar")
    session = new_session(pinned_server)
    page = signed_in_page(session, account)
    watch = session.watch(page)

    page.goto(event["path"])
    settle(page)  # the RSVP button acts once the page has hydrated
    item = slot_item(page, SLOT)
    item.get_by_role("button", name="RSVP", exact=True).click()
    expect_rsvp_made(page, watch, SLOT)

    confirmation = mailbox.wait_for(account.email, event["title"])
    method, invitation = calendar_file(confirmation)
    assert method == "PUBLISH"
    calendar = icalendar.Calendar()
    take_in(calendar, invitation)
    [entry] = calendar.walk("VEVENT")
    assert entry.decoded("DTSTART") == datetime.fromisoformat(slot["start"])
    assert entry.decoded("DTEND") == datetime.fromisoformat(slot["end"])
    assert str(entry["UID"]).startswith(f"{SLOT}@")

    leaver = new_session(pinned_server).new_page()
    leaver.goto(cancel_path(confirmation))
    expect(leaver.get_by_role("heading", name=event["title"])).to_be_visible()
    leaver.locator("main").get_by_role("button", name="Cancel my spot").click()
    expect(leaver.locator("main").get_by_role("status")).to_have_text(CANCELLED)

    cancellation = mailbox.wait_for(account.email, "Your spot is cancelled")
    method, data = calendar_file(cancellation)
    assert method == "CANCEL"
    sent = icalendar.Calendar.from_ical(data)
    [off] = sent.walk("VEVENT")
    assert (sent["METHOD"], off["STATUS"], off["UID"]) == ("CANCEL", "CANCELLED", entry["UID"])
    assert off["SEQUENCE"] > entry["SEQUENCE"]
    take_in(calendar, data)
    assert calendar.walk("VEVENT") == []

    # The same bytes, read by a second parser: ical.js in a blank tab (the site's pages forbid
    # inline scripts, rightly), as Thunderbird would take them in.
    app = session.new_page()
    app.add_script_tag(path=str(ICAL_JS))
    slot_times = (datetime.fromisoformat(slot["start"]), datetime.fromisoformat(slot["end"]))
    method, invited = read_in_browser(app, invitation)
    assert (method, invited["status"]) == ("PUBLISH", "CONFIRMED")
    assert invited["uid"] == str(entry["UID"])
    assert (invited["start"], invited["end"]) == slot_times
    method, removed = read_in_browser(app, data)
    assert (method, removed["status"], removed["uid"]) == ("CANCEL", "CANCELLED", invited["uid"])
    assert removed["sequence"] > invited["sequence"] >= 0
    assert (removed["start"], removed["end"]) == slot_times
    assert watch.page_errors == session.watch(app).page_errors == []


def test_a_cancelled_date_in_the_feed_links_to_the_series_page_saying_so(
    pinned_server: Server, events: dict[str, Any], new_session: Callable[..., Session],
) -> None:
    page = new_session(pinned_server).new_page()
    feed = page.request.get(f"{pinned_server.url}/calendar.ics")
    assert feed.ok and feed.headers["content-type"].startswith("text/calendar")
    # As a calendar app receives it: the raw lines, not only icalendar's reading of its own.
    assert b"\r\nREFRESH-INTERVAL;VALUE=DURATION:PT12H\r\n" in feed.body()
    assert b"\r\nSTATUS:CANCELLED\r\n" in feed.body()
    cal = icalendar.Calendar.from_ical(feed.body())
    assert cal["REFRESH-INTERVAL"].to_ical() == b"PT12H"
    cancelled = [v for v in cal.walk("VEVENT") if v["STATUS"] == "CANCELLED"]
    assert cancelled
    dates = {(s["path"], d["date"]): d for s in events["series"] for d in s["dates"]}
    for vevent in cancelled:
        path = urlsplit(str(vevent["URL"])).path
        day = vevent.decoded("DTSTART").astimezone(ZoneInfo(events["timezone"])).date()
        listed = dates[(path, day.isoformat())]
        assert listed["cancelled"] is True
        answer = page.goto(path)
        assert answer is not None and answer.status == 200, path
        expect(page.locator("main")).to_contain_text(f"{listed['date_text']} (cancelled)")
