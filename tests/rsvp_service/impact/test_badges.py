"""The badge table and its rules: when each badge is earned, and that each SVG is accessible."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, date, datetime
from decimal import Decimal

from rsvp_service.impact.badges import BADGES, Step, badge_list, earned

SVG = "{http://www.w3.org/2000/svg}"


def step(day: str, hours: str = "2", *, event: str = "", org: str = "keenstl") -> Step:
    """One attended slot on a day (credited at noon UTC that day)."""
    moment = datetime.fromisoformat(f"{day}T12:00:00+00:00")
    return Step(event or f"event-{day}", org, date.fromisoformat(day), Decimal(hours), moment)


def test_the_table_holds_the_seven_badges_each_with_an_accessible_svg() -> None:
    assert [badge.id for badge in BADGES] == [
        "first-event", "hours-5", "hours-10", "hours-25", "hours-50", "three-organizations",
        "three-month-streak"]
    for badge in BADGES:
        root = ET.fromstring(badge.svg)
        assert root.tag == f"{SVG}svg" and root.get("role") == "img"
        assert root[0].tag == f"{SVG}title" and root[0].text == badge.name
        assert badge.description.endswith(".")


def test_nothing_is_earned_without_a_check_in() -> None:
    assert earned([]) == {}
    assert [b.earned for b in badge_list([])] == [False] * len(BADGES)


def test_each_badge_is_earned_at_the_check_in_that_crossed_its_line() -> None:
    steps = [step("2025-01-10", "3"), step("2025-02-10", "2.5", org="botanical"),
             step("2025-04-10", "4.5"), step("2025-05-10", "0.25", org="doorways")]

    when = earned(list(reversed(steps)))  # the order given does not matter

    assert when == {
        "first-event": steps[0].credited_at,
        "hours-5": steps[1].credited_at,     # 5.5 hours
        "hours-10": steps[2].credited_at,    # 10 hours exactly
        "three-organizations": steps[3].credited_at,
    }


def test_a_streak_needs_three_calendar_months_in_a_row_even_across_a_new_year() -> None:
    gap = [step("2025-01-05"), step("2025-02-05"), step("2025-04-05"), step("2025-05-05")]
    across = [step("2024-11-30"), step("2024-12-01"), step("2025-01-31")]

    assert "three-month-streak" not in earned(gap)
    assert earned(across)["three-month-streak"] == across[2].credited_at


def test_one_event_with_two_slots_is_one_event_but_both_slots_hours() -> None:
    both = [step("2025-03-01", "25", event="clinic"), step("2025-03-01", "25", event="clinic")]

    listed = {b.id: b.model_dump(mode="json") for b in badge_list(both)}

    assert listed["hours-50"]["earned"] is True
    assert listed["hours-50"]["earnedAt"] == datetime(2025, 3, 1, 12, tzinfo=UTC).isoformat()
    assert listed["three-organizations"] == {
        "id": "three-organizations", "name": "Three organizations",
        "description": "Volunteered with three different organizations.", "earned": False,
        "earnedAt": None, "svg": BADGES[5].svg}
