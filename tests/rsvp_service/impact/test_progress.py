"""Progress on the dashboard (issue 40, item 5): the age bracket (asked, never a birth date),
the PVSA level within reach over the last 12 months, and hours per kind of service."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

import httpx
import pytest
from organize_testkit import MakeClient, account_writes, at, over_the_limit, person
from service_testkit import fixture_events
from test_hours_records import volunteer_with_hours

from generator.outputs import EventsOut
from rsvp_service.accounts.models import User
from rsvp_service.events import parse_catalogue
from rsvp_service.impact.bodies import RecordEntry
from rsvp_service.impact.progress import pvsa, service_types
from rsvp_service.settings import Settings

BRACKET = "/api/me/age-bracket"
KEEN_PARTNER = {"slug": "keenstl", "name": "KEEN St. Louis"}


async def test_only_the_signed_in_volunteer_sets_their_own_bracket(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    zoe, headers = await person(settings, "zoe")
    kim, _ = await person(settings, "kim")

    anonymous = await client.put(BRACKET, json={"ageBracket": "11-15"})
    forged = await client.put(BRACKET, json={"ageBracket": "11-15"},
                              headers={"Authorization": "Bearer not-a-token"})
    kept = await client.put(BRACKET, headers=headers, json={"ageBracket": "16-25"})

    assert anonymous.status_code == forged.status_code == 401
    assert kept.status_code == 200 and kept.json() == {"ageBracket": "16-25"}
    assert (await User.get(id=zoe.id)).age_bracket == "16-25"
    assert (await User.get(id=kim.id)).age_bracket is None
    exported = (await client.get("/api/me/export", headers=headers)).json()
    assert exported["account"]["age_bracket"] == "16-25"
    cleared = await client.put(BRACKET, headers=headers, json={"ageBracket": None})
    assert cleared.json() == {"ageBracket": None}
    assert (await User.get(id=zoe.id)).age_bracket is None


@pytest.mark.parametrize("body", [
    {"ageBracket": "10-14"}, {"ageBracket": 15}, {}, {"birthDate": "2010-04-01"},
    {"ageBracket": "11-15", "birthDate": "2010-04-01"},
])
async def test_a_bracket_is_one_of_three_and_nothing_else(
    client: httpx.AsyncClient, settings: Settings, body: dict[str, Any]
) -> None:
    zoe, headers = await person(settings, "zoe")

    response = await client.put(BRACKET, headers=headers, json=body)

    assert response.status_code == 422
    assert response.json()["error"].endswith(".")
    assert (await User.get(id=zoe.id)).age_bracket is None


async def test_impact_shows_the_pvsa_within_reach_and_hours_per_kind(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)  # 2 h cleanup, 1 h tutoring

    unset = (await client.get("/api/me/impact", headers=headers)).json()
    await client.put(BRACKET, headers=headers, json={"ageBracket": "11-15"})
    young = (await client.get("/api/me/impact", headers=headers)).json()
    # A year and a day after the cleanup, only the workshop is in the award's window.
    at(settings, "2026-04-28T12:00:00-05:00")
    later = (await client.get("/api/me/impact", headers=headers)).json()

    assert unset["pvsa"] == {"bracket": None, "hours": 3.0, "since": "2024-06-02",
                             "levels": [], "reached": None, "next": None,
                             "hoursToNext": None, "partners": [KEEN_PARTNER]}
    assert young["pvsa"]["levels"] == [{"level": "bronze", "hours": 50},
                                       {"level": "silver", "hours": 75},
                                       {"level": "gold", "hours": 100}]
    assert (young["pvsa"]["next"], young["pvsa"]["hoursToNext"]) == (
        {"level": "bronze", "hours": 50}, 47.0)
    assert young["serviceTypes"] == [{"serviceType": "other", "hours": 2.0},
                                     {"serviceType": "tutoring", "hours": 1.0}]
    assert (later["pvsa"]["hours"], later["pvsa"]["since"]) == (1.0, "2025-04-29")
    assert later["hours"] == 3.0  # all-time totals keep both


def _entry(day: str, hours: float) -> RecordEntry:
    return RecordEntry(title="Tutoring", organization="KEEN St. Louis", date=day,
                       date_text=day, hours=hours, service_type="tutoring")


@pytest.mark.parametrize(("bracket", "levels", "reached", "upcoming"), [
    ("11-15", (50, 75, 100), "gold", None),
    ("16-25", (100, 175, 250), "bronze", ("silver", 75.0)),
    ("26+", (100, 250, 500), "bronze", ("silver", 150.0)),
])
def test_pvsa_levels_per_bracket(bracket: Any, levels: tuple[int, int, int], reached: str,
                                 upcoming: tuple[str, float] | None) -> None:
    catalogue = parse_catalogue(EventsOut.model_validate(fixture_events()))
    # 100 hours in the window, and 40 more the day before it opened.
    entries = [_entry("2025-06-01", 60), _entry("2024-06-02", 40), _entry("2024-06-01", 40)]

    progress = pvsa(bracket, entries, catalogue, date(2025, 6, 1))

    assert progress.hours == 100 and progress.since == date(2024, 6, 2)
    assert tuple(level.hours for level in progress.levels) == levels
    assert progress.reached is not None and progress.reached.level == reached
    assert ((progress.next.level, progress.hoursToNext) if progress.next else None) == upcoming


async def test_bracket_writes_are_limited_per_account(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    mine, theirs = await account_writes(make_settings, make_client, "PUT", BRACKET,
                                        {"ageBracket": "26+"})
    assert (mine, theirs) == (over_the_limit(200), 200)


def test_hundredths_add_up_exactly_to_a_level() -> None:
    catalogue = parse_catalogue(EventsOut.model_validate(fixture_events()))
    # 17 x 0.1 then 21 x 2.3 added as floats is 49.99999999999...; bronze of 11-15 needs 50.
    entries = [_entry("2025-06-01", 0.1)] * 17 + [_entry("2025-06-01", 2.3)] * 21
    assert sum(entry.hours for entry in entries) < 50

    progress = pvsa("11-15", entries, catalogue, date(2025, 6, 1))

    assert progress.hours == 50.0
    assert progress.reached is not None and progress.reached.level == "bronze"
    assert service_types(entries)[0].hours == 50.0
