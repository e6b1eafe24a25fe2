"""A person's calendar follows their RSVP: each slot booked is its own entry at the slot's times,
and a cancellation or an organizer's removal mails the METHOD:CANCEL file that takes it off.

The files are read as a calendar app reads them: from the raw bytes the SMTP server received or
the file the dashboard serves, parsed with Python's icalendar.
"""

from __future__ import annotations

from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx
import icalendar
from mail_testkit import Mailbox, arrived, body, calendar_parts, fill, token_in
from organize_testkit import KEEN, at, person, slot_path
from organize_testkit import rsvp as stored_rsvp
from service_testkit import CLINIC_SLOTS, TINY_SLOT, rsvp, signed_in

from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings
from tests.calendar_testkit import take_in


async def test_two_slots_are_two_entries_and_a_cancellation_takes_one_off(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, headers = await signed_in(settings)
    for slot in CLINIC_SLOTS[1:]:
        booked = await client.post("/api/rsvp", json=rsvp(slot, email="kim@example.org"),
                                   headers=headers)
        assert booked.status_code == 201, booked.text
    await mailbox.wait_for(2)
    calendar = icalendar.Calendar()
    for content_type, data in calendar_parts(mailbox, "kim@example.org", "Your RSVP"):
        assert 'method="PUBLISH"' in content_type
        take_in(calendar, data)
    sent_at = {parsedate_to_datetime(str(m["Date"])) for m in mailbox.to("kim@example.org")}
    entries = {str(v["UID"]): v for v in calendar.walk("VEVENT")}
    assert sorted(entries) == [f"{slot}@civicstl.org" for slot in CLINIC_SLOTS[1:]]
    # The clinic runs 1:00-3:50 PM Central on July 27; the slots booked are 2:00 and 3:00.
    two = entries[f"{CLINIC_SLOTS[1]}@civicstl.org"]
    assert two.decoded("DTSTART") == datetime(2025, 7, 27, 19, 0, tzinfo=UTC)
    assert two.decoded("DTEND") == datetime(2025, 7, 27, 19, 50, tzinfo=UTC)
    # The same times as the bytes a calendar app reads, not only icalendar's reading of its own.
    assert any(b"\r\nDTSTART:20250727T190000Z\r\n" in data
               and b"\r\nDTEND:20250727T195000Z\r\n" in data
               for _, data in calendar_parts(mailbox, "kim@example.org", "Your RSVP"))
    # Made with its message: the email's Date (when it was queued, so a retry sends the same).
    assert two.decoded("DTSTAMP") == two.decoded("LAST-MODIFIED") in sent_at

    [confirmation] = [m for m in mailbox.to("kim@example.org")
                      if "2:00 – 2:50 PM" in " ".join(body(m).split())]
    cancelled = await client.post("/api/rsvp/cancel", json={"token": token_in(confirmation)})
    assert cancelled.status_code == 200, cancelled.text
    [notice] = await arrived(mailbox, "kim@example.org", "Your spot is cancelled")
    assert "The attached calendar file takes the event off your calendar." in body(notice)

    [(content_type, data)] = calendar_parts(mailbox, "kim@example.org", "Your spot is cancelled")
    assert content_type == 'text/calendar; method="CANCEL"'
    sent = icalendar.Calendar.from_ical(data)
    [off] = sent.walk("VEVENT")
    assert (sent["METHOD"], off["STATUS"], off["UID"]) == ("CANCEL", "CANCELLED", two["UID"])
    assert off["SEQUENCE"] > two["SEQUENCE"]
    # As a calendar app reads the bytes, not as the library that wrote them.
    assert b"\r\nMETHOD:CANCEL\r\n" in data and b"\r\nSTATUS:CANCELLED\r\n" in data
    assert f"\r\nUID:{two['UID']}\r\n".encode() in data
    take_in(calendar, data)
    assert [str(v["UID"]) for v in calendar.walk("VEVENT")] == [f"{CLINIC_SLOTS[2]}@civicstl.org"]


async def test_a_cancelled_rsvps_dashboard_file_says_cancelled_and_a_later_file_supersedes(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, headers = await signed_in(settings)
    for slot in CLINIC_SLOTS[:2]:
        booked = await client.post("/api/rsvp", json=rsvp(slot, email="kim@example.org"),
                                   headers=headers)
        assert booked.status_code == 201, booked.text
    first, second = [await Rsvp.get(slot_id=slot) for slot in CLINIC_SLOTS[:2]]
    before = await client.get(f"/api/me/rsvps/{first.id}/calendar.ics", headers=headers)
    assert (await client.post(f"/api/me/rsvps/{first.id}/cancel", headers=headers)).is_success

    gone = await client.get(f"/api/me/rsvps/{first.id}/calendar.ics", headers=headers)
    kept = await client.get(f"/api/me/rsvps/{second.id}/calendar.ics", headers=headers)

    [was] = icalendar.Calendar.from_ical(before.content).walk("VEVENT")
    cal = icalendar.Calendar.from_ical(gone.content)
    [off] = cal.walk("VEVENT")
    assert (cal["METHOD"], off["STATUS"], off["UID"]) == ("CANCEL", "CANCELLED", was["UID"])
    assert off["SEQUENCE"] > was["SEQUENCE"]
    assert b"\r\nMETHOD:CANCEL\r\n" in gone.content
    assert b"\r\nSTATUS:CANCELLED\r\n" in gone.content
    [held] = icalendar.Calendar.from_ical(kept.content).walk("VEVENT")
    assert held["STATUS"] == "CONFIRMED"
    # A file made later (after a time changed in the YAML, say) supersedes the one imported.
    at(settings, "2025-04-02T09:00:00-05:00")
    later = await client.get(f"/api/me/rsvps/{second.id}/calendar.ics", headers=headers)
    [newer] = icalendar.Calendar.from_ical(later.content).walk("VEVENT")
    assert newer["UID"] == held["UID"] and newer["SEQUENCE"] > held["SEQUENCE"]
    assert newer.decoded("DTSTAMP") == datetime(2025, 4, 2, 14, 0, tzinfo=UTC)


async def test_an_organizers_removal_mails_the_cancellation_of_the_invitation(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann = await stored_rsvp(TINY_SLOT, "Ann")
    await arrived(mailbox, "ann@example.org", "Your RSVP")
    [(_, invitation)] = calendar_parts(mailbox, "ann@example.org", "Your RSVP")

    removed = await client.post(slot_path(TINY_SLOT, "/removals"), headers=kim,
                                json={"attendee": ann.id, "reason": "fewer_spots"})
    assert removed.status_code == 200, removed.text
    await arrived(mailbox, "ann@example.org", "Your RSVP was removed")

    [(content_type, data)] = calendar_parts(mailbox, "ann@example.org", "Your RSVP was removed")
    assert 'method="CANCEL"' in content_type
    [was] = icalendar.Calendar.from_ical(invitation).walk("VEVENT")
    sent = icalendar.Calendar.from_ical(data)
    [off] = sent.walk("VEVENT")
    assert (sent["METHOD"], off["STATUS"], off["UID"]) == ("CANCEL", "CANCELLED", was["UID"])
    assert str(off["UID"]) == f"{TINY_SLOT}@civicstl.org"
    assert f"\r\nUID:{TINY_SLOT}@civicstl.org\r\n".encode() in data
    assert b"\r\nMETHOD:CANCEL\r\n" in data
    assert off["SEQUENCE"] > was["SEQUENCE"]


async def test_leaving_the_waitlist_mails_no_calendar_file_to_take_off(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await fill(client, "ann", "bo", "cy")
    [waiting] = await arrived(mailbox, "cy@example.org", "You're on the waitlist")
    assert calendar_parts(mailbox, "cy@example.org", "You're on the waitlist") == []

    left = await client.post("/api/rsvp/cancel", json={"token": token_in(waiting)})

    assert left.status_code == 200, left.text
    [notice] = await arrived(mailbox, "cy@example.org", "Your spot is cancelled")
    assert calendar_parts(mailbox, "cy@example.org", "Your spot is cancelled") == []
    assert "calendar" not in body(notice)
