"""The calendar feeds name each occurrence once; an emailed invitation names the slot booked.

The feeds come from a real build of the generator's fixture content; the invitation from the
service's mail builders, on a catalogue loaded from that build's events.json.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import icalendar
import pytest
from service_testkit import ROOT, TEST_SECRET_KEY

from generator.cli import main
from rsvp_service.events import load_catalogue
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import MailContext, QueuedMail, build_email
from rsvp_service.settings import Settings
from tests.calendar_testkit import take_in

VALID = ROOT / "tests/generator/fixtures/valid"
# When the outbox row was queued: the email's Date, and its calendar file's DTSTAMP.
MADE = datetime(2025, 4, 1, 17, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The generator's output for the fixture content."""
    out = tmp_path_factory.mktemp("build") / "out"
    assert main(["build", "--content", str(VALID), "--out", str(out)]) == 0
    return out


def _invitation(built: Path, tmp_path: Path, kind: str, slot_id: str) -> bytes:
    """The .ics attached to one email of `kind` about `slot_id`, as the outbox would send it."""
    # The service's own address differs from the content's: UIDs must not depend on it.
    settings = Settings(
        _env_file=None, environment="test", secret_key=TEST_SECRET_KEY,  # type: ignore[call-arg]
        events_file=built / "events.json", var_dir=tmp_path / "var",
        site_url="http://127.0.0.1:8000",
    )
    context = MailContext(settings, load_catalogue(built / "events.json"))
    queued = QueuedMail(7, kind, "ann@example.org",
                        {"slot_id": slot_id, "first_name": "Ann", "last_name": "Lee"},
                        MADE)
    message = build_email(context, queued, BUILDERS[kind])
    [attachment] = [part for part in message.iter_attachments()
                    if part.get_content_type() == "text/calendar"]
    data = attachment.get_payload(decode=True)
    assert isinstance(data, bytes)
    return data


@pytest.mark.parametrize("kind", ["rsvp_confirmation", "rsvp_promoted", "rsvp_reminder"])
@pytest.mark.parametrize(("event", "time"), [
    ("forest-park-cleanup", "1:00PM-3:00PM"),          # one slot
    ("inclusive-sports-clinic", "2:00-2:50 PM"),       # the middle one of three slots
    ("keen-swim-2025-11-15", "10:00-10:50 AM"),        # a series date after daylight time ends
])
def test_feeds_keep_one_entry_per_occurrence_and_the_invitation_is_the_slot_booked(
    built: Path, tmp_path: Path, kind: str, event: str, time: str
) -> None:
    document = json.loads((built / "events.json").read_text())
    occurrence = next(e for e in document["events"] if e["slug"] == event)
    [(slot_id, record)] = [(slot, record) for slot, record in document["slots"].items()
                           if record["event"] == event and record["time"] == time]
    invitation = _invitation(built, tmp_path, kind, slot_id)
    calendar = icalendar.Calendar()
    feeds = [built / "public/calendar.ics",
             built / f"public/organizations/{occurrence['host']['slug']}/calendar.ics"]
    for feed in feeds:
        take_in(calendar, feed.read_bytes())
    take_in(calendar, (built / "public" / occurrence["calendar"].lstrip("/")).read_bytes())
    in_feed = len(calendar.walk("VEVENT"))
    assert in_feed == len({e["slug"] for e in document["events"]}) + 1  # one excepted date

    take_in(calendar, invitation)

    # The slot booked is an entry of its own: a cancellation removes it and nothing else.
    assert len(calendar.walk("VEVENT")) == in_feed + 1
    [emailed] = icalendar.Calendar.from_ical(invitation).walk("VEVENT")
    assert str(emailed["UID"]) == f"{slot_id}@civicstl.org"
    assert emailed.decoded("DTSTART") == datetime.fromisoformat(record["start"])
    assert emailed.decoded("DTEND") == datetime.fromisoformat(record["end"])
    assert emailed.decoded("DTSTAMP") == emailed.decoded("LAST-MODIFIED") == MADE
    # The person's own time slot leads the description.
    assert str(emailed["DESCRIPTION"]).startswith(f"Your time slot: {time}.")


def test_an_emailed_invitation_describes_the_event_in_plain_text(
        built: Path, tmp_path: Path) -> None:
    # keen-swim's description links [KEEN](/keenstl) and [the pool](https://...) in Markdown.
    document = json.loads((built / "events.json").read_text())
    [slot_id] = [slot for slot, record in document["slots"].items()
                 if record["event"] == "keen-swim-2025-11-15" and record["time"] == "9:00-9:50 AM"]
    [emailed] = icalendar.Calendar.from_ical(
        _invitation(built, tmp_path, "rsvp_confirmation", slot_id)).walk("VEVENT")
    description = str(emailed["DESCRIPTION"])
    assert "See KEEN or the pool." in description
    assert "](" not in description and "[" not in description
