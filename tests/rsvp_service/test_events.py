"""EVENTS_FILE: parsed with the generator's model, refused in one line, reloaded on SIGHUP."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from service_testkit import GUEST_SLOT, ROOT, TINY_SLOT, eventually, fixture_events

from generator.outputs import EventsOut
from rsvp_service.app.app import create_app
from rsvp_service.events import EventsFileError, load_catalogue
from rsvp_service.settings import Settings

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


def write(path: Path, document: object) -> Path:
    """Write a JSON document (or raw text) to `path`."""
    text = document if isinstance(document, str) else json.dumps(document)
    path.write_text(text, encoding="utf-8")
    return path


def test_the_fixture_loads_into_every_lookup(events_file: Path) -> None:
    catalogue = load_catalogue(events_file)

    assert [s.id for s in catalogue.guest_slots] == [GUEST_SLOT]
    assert len(catalogue.slots_for("inclusive-sports-clinic")) == 3
    assert catalogue.slots[TINY_SLOT].capacity == 2
    assert catalogue.slots[TINY_SLOT].end.isoformat() == "2025-05-01T19:00:00-05:00"
    assert catalogue.slots_for("no-such-event") == []


def test_organizations_are_the_hosts_and_those_of_organizations_json(tmp_path: Path) -> None:
    events = write(tmp_path / "events.json", fixture_events())
    hosts_only = load_catalogue(events)
    write(tmp_path / "organizations.json", [{
        "id": "archgrants", "name": "Arch Grants", "link": "/archgrants", "kind": "Nonprofit",
        "tagline": "Startups.", "causes": ["entrepreneurship"],
        "logo": {"src": "/l.png", "alt": "Logo", "width": 1, "height": 1}}])
    with_index = load_catalogue(events)

    assert dict(hosts_only.organizations) == {"keenstl": "KEEN St. Louis",
                                              "forest-park-forever": "Forest Park Forever"}
    assert with_index.organizations["archgrants"] == "Arch Grants"
    assert with_index.organization("ArchGrants") == "archgrants"
    assert with_index.organization("nope") is None
    assert with_index.host_of(with_index.slots[TINY_SLOT]) == "keenstl"
    write(tmp_path / "organizations.json", "[{}]")
    with pytest.raises(EventsFileError, match=r"organizations.json is not a valid "):
        load_catalogue(events)


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "does not exist; build it with `make content`"),
        ("{not json", "is not a valid events.json: "),
        ({"events": []}, "is not a valid events.json: timezone: Field required (and 4 more"),
        ("drop-slot-record", "events list slots that 'slots' does not define: tiny-workshop"),
        ("orphan-slot-record", "'slots' defines slots that no event lists: tiny-workshop"),
        ("no-capacity", "slots.tiny-workshop-6-00-7-00-pm.capacity: Field required."),
    ],
)
def test_a_missing_or_invalid_file_is_one_line_naming_path_and_problem(
    tmp_path: Path, content: object, problem: str
) -> None:
    path = tmp_path / "events.json"
    if content == "drop-slot-record":
        document = fixture_events()
        del document["slots"][TINY_SLOT]
        write(path, document)
    elif content == "orphan-slot-record":
        document = fixture_events()
        tiny = next(event for event in document["events"] if event["slug"] == "tiny-workshop")
        tiny["slots"] = []
        write(path, document)
    elif content == "no-capacity":
        document = fixture_events()
        del document["slots"][TINY_SLOT]["capacity"]
        write(path, document)
    elif content is not None:
        write(path, content)

    with pytest.raises(EventsFileError) as caught:
        load_catalogue(path)

    message = str(caught.value)
    assert message.startswith(f"EVENTS_FILE {path} ")
    assert problem in message
    assert "\n" not in message


def test_the_service_will_not_start_without_a_valid_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "events.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "EVENTS_FILE": str(missing),
           "VAR_DIR": str(tmp_path / "var"), "DATABASE_URL": f"sqlite://{tmp_path}/db.sqlite3",
           "PORT": "1"}

    result = subprocess.run([sys.executable, "-m", "rsvp_service"], env=env, cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)

    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"rsvp_service: EVENTS_FILE {missing} does not exist; build it with `make content` "
        "or point EVENTS_FILE at the generator's events.json."
    ]


async def test_sighup_reloads_a_valid_file_and_keeps_the_old_on_a_bad_one(
    make_settings: Callable[..., Settings],
    make_client: MakeClient,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    path = write(tmp_path / "events.json", fixture_events())

    def reloads() -> int:
        # The handler's one line per SIGHUP: the witness that it ran.
        return sum(r.name == "rsvp_service.events" and (
            r.getMessage().startswith("Reloaded ")
            or r.getMessage().endswith("The events loaded before stay in use."))
            for r in caplog.records)

    async def handled(count: int) -> None:
        async def done() -> bool:
            return reloads() >= count

        await eventually(done)

    async with make_client(make_settings(events_file=path)) as client:
        before = await client.get("/api/rsvp", params={"eventId": TINY_SLOT})

        document = fixture_events()
        document["slots"][TINY_SLOT]["capacity"] = 0
        write(path, document)
        with caplog.at_level(logging.INFO, logger="rsvp_service.events"):
            os.kill(os.getpid(), signal.SIGHUP)
            await handled(1)
        full = await client.post("/api/rsvp", json={"eventId": TINY_SLOT, "firstName": "Ann",
                                                    "email": "ann@example.org"})

        write(path, "{broken")
        with caplog.at_level(logging.ERROR, logger="rsvp_service.events"):
            os.kill(os.getpid(), signal.SIGHUP)
            await handled(2)
        still = await client.post("/api/rsvp", json={"eventId": TINY_SLOT, "firstName": "Ann",
                                                     "email": "ann@example.org"})

    assert before.json()["count"] == 0
    assert full.status_code == 409
    assert full.json() == {"error": "This time slot is full. Join the waitlist?", "full": True}
    assert still.status_code == 409
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1
    assert errors[0].startswith(f"EVENTS_FILE {path} is not a valid events.json")
    assert errors[0].endswith("The events loaded before stay in use.")


@pytest.fixture
def real_events_file(tmp_path: Path) -> Path:
    """Build the real content/ with the generator, as `make content` does; return events.json."""
    out = tmp_path / "content"
    build = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--content", str(ROOT / "content"),
         "--out", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert build.returncode == 0, build.stderr
    return out / "events.json"


async def test_contract_the_real_content_built_by_the_generator_loads_into_the_service(
    make_settings: Callable[..., Settings], make_client: MakeClient, real_events_file: Path
) -> None:
    events_file = real_events_file
    document = EventsOut.model_validate_json(events_file.read_bytes())
    guest = next(e for e in document.events if e.slug == document.guest_rsvp_event)
    # A moment when the guest event is still open, whatever its date.
    before = (date.fromisoformat(guest.date) - timedelta(days=1)).isoformat() + "T12:00:00-05:00"

    settings = make_settings(events_file=events_file, civic_now=before)
    app = create_app(settings)
    assert set(app.state.catalogue.slots) == set(document.slots)
    async with make_client(settings) as client:
        created = await client.post("/api/rsvp", json={"firstName": "Ann",
                                                       "email": "ann@example.org"})
        count = await client.get("/api/rsvp", params={"eventId": guest.slug})

    assert created.status_code == 201
    assert created.json()["eventId"] == guest.slots[0].id
    assert count.json()["count"] == 1
