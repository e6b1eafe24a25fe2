"""An event's translation (the generator's es/events.json beside events.json) names it in the
emails and answers of that language, with the dates as that language writes them; a language
without one, and English, keep the English words (issue 41)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
from mail_testkit import Mailbox, read_raw
from service_testkit import GUEST_SLOT, fixture_events, rsvp, write_content

from rsvp_service.events import EventsFileError, load_catalogue

SPANISH_TITLE = "Limpieza de Forest Park"
SPANISH_PLACE = "Forest Park, junto a la Visitor Center"


def spanish(document: dict) -> dict:
    """The fixture's events with the cleanup's title and place in Spanish, as the generator
    writes es/events.json: the same slots, other words."""
    translated = json.loads(json.dumps(document))
    for event in translated["events"]:
        if event["slug"] == "forest-park-cleanup":
            event["title"], event["location"] = SPANISH_TITLE, SPANISH_PLACE
    for slot in translated["slots"].values():
        if slot["event"] == "forest-park-cleanup":
            slot["title"], slot["location"] = SPANISH_TITLE, SPANISH_PLACE
    return translated


def with_spanish(folder: Path) -> Path:
    """Write the fixture's events.json and its Spanish translation in es/."""
    document = fixture_events()
    (folder / "es").mkdir()
    (folder / "es" / "events.json").write_text(json.dumps(spanish(document)), encoding="utf-8")
    return write_content(folder, document)


pytestmark = pytest.mark.events(write=with_spanish)


def unfolded(calendar: str) -> list[str]:
    """The content lines of an .ics, unfolded as RFC 5545 section 3.1 says."""
    return calendar.replace("\r\n ", "").replace("\r\n\t", "").split("\r\n")


@pytest.mark.parametrize(("accept", "subject", "summary", "dated"), [
    ("es", f"Tu inscripción: {SPANISH_TITLE}, 27 de abril de 2025", SPANISH_TITLE,
     "27 de abril de 2025, 13:00–15:00"),
    # Bosnian has no translation of this event: its words stay English, its dates Bosnian.
    ("bs", "Tvoja prijava: Forest Park Cleanup, 27. april 2025.", "Forest Park Cleanup",
     "27. april 2025., 13:00 – 15:00"),
])
async def test_the_email_and_its_calendar_name_the_event_in_the_rsvps_language(
    client: httpx.AsyncClient, mailbox: Mailbox, accept: str, subject: str, summary: str,
    dated: str,
) -> None:
    made = await client.post("/api/rsvp", json=rsvp(GUEST_SLOT),
                             headers={"Accept-Language": accept})

    assert made.status_code == 201
    await mailbox.wait_for(1)
    headers, parts = read_raw(mailbox.raw[0])
    assert headers["Subject"] == subject
    assert dated in " ".join(parts["text/plain"].split())
    assert f"SUMMARY:{summary}" in unfolded(parts["text/calendar"])


async def test_the_cancel_page_names_the_event_in_the_requests_language(
    client: httpx.AsyncClient, mailbox: Mailbox,
) -> None:
    assert (await client.post("/api/rsvp", json=rsvp(GUEST_SLOT))).status_code == 201
    [mail] = await mailbox.wait_for(1)
    token = str(mail.get_body(("plain",)).get_content()).split("cancel?token=")[1].split()[0]

    english = await client.post("/api/rsvp/cancel/preview", json={"token": token})
    spanish = await client.post("/api/rsvp/cancel/preview", json={"token": token},
                                headers={"Accept-Language": "es"})

    assert (english.json()["event"], english.json()["date_text"]) == (
        "Forest Park Cleanup", "April 27, 2025")
    assert (spanish.json()["event"], spanish.json()["date_text"]) == (
        SPANISH_TITLE, "27 de abril de 2025")
    assert spanish.json()["location"] == SPANISH_PLACE


def test_a_translation_from_another_build_is_refused_by_name(tmp_path: Path) -> None:
    document = fixture_events()
    translated = spanish(document)
    translated["slots"].pop(GUEST_SLOT)
    for event in translated["events"]:
        event["slots"] = [slot for slot in event["slots"] if slot["id"] != GUEST_SLOT]
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "events.json").write_text(json.dumps(translated), encoding="utf-8")
    path = write_content(tmp_path, document)

    with pytest.raises(EventsFileError) as refused:
        load_catalogue(path)

    assert str(refused.value) == (
        f"{tmp_path / 'es' / 'events.json'} lists other slots than EVENTS_FILE {path}; build "
        "the content again so both come from one build.")
