"""Issue 13's reminder journey, with the clock pinned (CIVIC_NOW) and a real SMTP server: a
reminder arrives once, and the restarted service does not send it again.

One service of the test's own is run three times on one SQLite database:
1. at PINNED_NOW, months ahead: a volunteer signs in and RSVPs, in the browser, to the clinic's
   first two slots (an hour apart), long before the 24 h reminder lead time;
2. 23.5 h before the first slot: only the first slot is inside its lead time; its reminder
   arrives;
3. restarted an hour later: both slots are inside their lead time. The second slot's reminder
   arriving proves a reminder pass ran after the restart, over the first slot too, and the
   first one is not sent again. The volunteer then cancels from the reminder's link.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    PINNED_NOW,
    Mailbox,
    Server,
    Session,
    attachments,
    body_text,
    verified_account,
)
from tests.e2e.steps import CANCELLED, cancel_path, signed_in_page, slot_item

pytestmark = pytest.mark.e2e

# Passes every 0.2 s, so each run makes many while the test waits for mail.
SETTINGS = {"REMINDER_POLL_SECONDS": "0.2", "REMINDER_HOURS": "24"}
INSIDE_THE_LEAD = timedelta(hours=23, minutes=30)


def _folded(text: str) -> str:
    """Text with its spaces folded: CLDR's times hold thin and narrow no-break spaces."""
    return " ".join(text.split())


def _times(slot: dict[str, Any]) -> str:
    """A slot's times as an English email writes them: "1:00 – 1:50 PM" within a half-day."""
    starts, ends = (datetime.fromisoformat(slot[key]) for key in ("start", "end"))
    if f"{starts:%p}" == f"{ends:%p}":
        return f"{starts:%-I:%M} – {ends:%-I:%M %p}"
    return f"{starts:%-I:%M %p} – {ends:%-I:%M %p}"


def reminders(mailbox: Mailbox, address: str) -> list[str]:
    """The bodies of the reminders delivered to `address` so far."""
    return [body_text(m) for m in mailbox.messages_to(address)
            if str(m["Subject"]).startswith("Reminder:")]


def test_reminder_arrives_once_and_not_again_after_a_restart(
    restart_server: Callable[..., Server],
    mailbox: Mailbox,
    events: dict[str, Any],
    new_session: Callable[..., Session],
) -> None:
    """RSVP a week ahead -> the reminder arrives the day before, with time, place, .ics and
    cancel link -> after a restart it is not sent again -> its cancel link cancels the spot."""
    event = next(e for e in events["events"] if e["slug"] == "inclusive-sports-clinic")
    first, second = event["slots"][:2]
    first_start = datetime.fromisoformat(first["start"])
    second_start = datetime.fromisoformat(second["start"])
    # The data this journey relies on: two slots less than 23.5 h apart, and PINNED_NOW long
    # before their lead time.
    assert first_start < second_start < first_start + INSIDE_THE_LEAD
    assert datetime.fromisoformat(PINNED_NOW) < first_start - timedelta(days=2)

    # 1. Long before: RSVP to both slots in the browser.
    server = restart_server(PINNED_NOW, **SETTINGS)
    account = verified_account(server, mailbox, "Riley Reminder", "reminder")
    page = signed_in_page(new_session(server), account)
    page.goto(event["path"])
    for slot in (first, second):
        item = slot_item(page, slot["id"])
        item.get_by_role("button", name="RSVP", exact=True).click(timeout=15_000)
        expect(item.get_by_role("button", name="RSVP'd!")).to_be_disabled()
    mailbox.wait_for(account.email, "Your RSVP", count=2)
    assert reminders(mailbox, account.email) == []

    # 2. The day before the first slot: its reminder arrives.
    server = restart_server((first_start - INSIDE_THE_LEAD).isoformat(), **SETTINGS)
    reminder = mailbox.wait_for(account.email, "Reminder:")
    text = _folded(body_text(reminder))
    assert str(reminder["Subject"]) == f"Reminder: {event['title']}, {event['date_text']}"
    for detail in (_times(first), event["date_text"], event["location"],
                   "Can't make it? Cancel your spot"):
        assert detail in text, f"the reminder does not say {detail!r}:\n{text}"
    [(filename, content_type, calendar)] = attachments(reminder)
    assert (filename, content_type) == ("event.ics", "text/calendar")
    assert b"BEGIN:VEVENT" in calendar and event["title"].encode() in calendar

    # 3. Restarted an hour later: the second slot's reminder, and no second one for the first.
    server = restart_server((second_start - INSIDE_THE_LEAD).isoformat(), **SETTINGS)
    witness = mailbox.wait_for(account.email, "Reminder:", count=2)
    assert _times(second) in _folded(body_text(witness))
    # The pass that queued the witness looked at the first slot as well; a wrongly repeated
    # reminder would have been queued by it and delivered within a second or two (mail is
    # polled every 0.2 s). Waiting 3 s more also covers about 15 further passes.
    page.wait_for_timeout(3_000)
    sent = reminders(mailbox, account.email)
    assert [_times(first) in _folded(body) for body in sent] == [True, False], sent
    log = server.log_path.read_text(encoding="utf-8", errors="replace")
    assert log.count("Queued 1 reminder email(s).") == 2, server.log_tail()

    # The reminder's own link cancels the spot.
    cancel_page = new_session(server).new_page()
    cancel_page.goto(cancel_path(reminder))
    expect(cancel_page.get_by_role("heading", name=event["title"])).to_be_visible()
    expect(cancel_page.locator("main")).to_contain_text(first["time"])
    cancel_page.locator("main").get_by_role("button", name="Cancel my spot").click()
    expect(cancel_page.locator("main").get_by_role("status")).to_have_text(CANCELLED)
    mailbox.wait_for(account.email, "Your spot is cancelled")
    status, stats = server.api("GET", f"/api/rsvp?eventId={first['id']}")
    assert (status, stats["count"]) == (200, 0), stats
