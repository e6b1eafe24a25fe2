"""The badge table: each badge's id, name, description, accessible SVG and rule, in one place.

A badge is earned when the hours that first made its rule true were credited (the end of the
slot checked in at: hours are served, not promised), going through a volunteer's attended slots
in the order they took place; the site only shows what this module says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal

from rsvp_service.impact.bodies import EarnedBadge


@dataclass(slots=True)
class Progress:
    """What a volunteer has done so far: hours, events, organizations and active months."""

    hours: Decimal = Decimal(0)
    events: set[str] = field(default_factory=set)
    organizations: set[str] = field(default_factory=set)
    months: set[tuple[int, int]] = field(default_factory=set)


def _months_in_a_row(progress: Progress, count: int) -> bool:
    """Whether some `count` consecutive calendar months each have an attended slot."""
    ordinals = {year * 12 + month - 1 for year, month in progress.months}
    return any(all(start + step in ordinals for step in range(count)) for start in ordinals)


def _svg(badge_id: str, name: str, fill: str, label: str) -> str:
    """An emblem with the badge's name as its accessible name (role="img" and <title>)."""
    size = 22 if len(label) <= 2 else 16
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" '
        f'role="img" class="badge-svg badge-{badge_id}"><title>{name}</title>'
        f'<circle cx="32" cy="32" r="30" fill="{fill}"/>'
        f'<circle cx="32" cy="32" r="24" fill="none" stroke="#ffffff" stroke-width="2"/>'
        f'<text x="32" y="32" dy="0.35em" text-anchor="middle" fill="#ffffff" '
        f'font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="{size}">'
        f"{label}</text></svg>"
    )


@dataclass(frozen=True, slots=True)
class Badge:
    """One badge: what it is called, what earns it, and how it looks."""

    id: str
    name: str
    description: str
    fill: str
    label: str
    rule: Callable[[Progress], bool]

    @property
    def svg(self) -> str:
        """The badge as an inline SVG with role="img" and a <title>."""
        return _svg(self.id, self.name, self.fill, self.label)


def _hours(at_least: int) -> Callable[[Progress], bool]:
    return lambda progress: progress.hours >= at_least


BADGES: tuple[Badge, ...] = (
    Badge("first-event", "First event", "Checked in at your first volunteer event.",
          "#0b5cab", "1", lambda p: len(p.events) >= 1),
    Badge("hours-5", "5 hours", "Gave 5 hours of service.", "#1e7a46", "5h", _hours(5)),
    Badge("hours-10", "10 hours", "Gave 10 hours of service.", "#17643a", "10h", _hours(10)),
    Badge("hours-25", "25 hours", "Gave 25 hours of service.", "#7a4a00", "25h", _hours(25)),
    Badge("hours-50", "50 hours", "Gave 50 hours of service.", "#8a1c1c", "50h", _hours(50)),
    Badge("three-organizations", "Three organizations",
          "Volunteered with three different organizations.", "#5b2a86", "3",
          lambda p: len(p.organizations) >= 3),
    Badge("three-month-streak", "Three-month streak",
          "Volunteered in three calendar months in a row.", "#a0336b", "3mo",
          lambda p: _months_in_a_row(p, 3)),
)


@dataclass(frozen=True, slots=True)
class Step:
    """One attended slot, as the badge rules count it."""

    event: str
    organization: str
    day: date
    hours: Decimal
    credited_at: datetime


def earned(steps: Sequence[Step]) -> dict[str, datetime]:
    """Return when each earned badge was earned (the credit that first made its rule true)."""
    progress = Progress()
    when: dict[str, datetime] = {}
    for step in sorted(steps, key=lambda s: (s.day, s.credited_at)):
        progress.hours += step.hours
        progress.events.add(step.event)
        progress.organizations.add(step.organization)
        progress.months.add((step.day.year, step.day.month))
        for badge in BADGES:
            if badge.id not in when and badge.rule(progress):
                when[badge.id] = step.credited_at
    return when


def badge_list(steps: Sequence[Step]) -> list[EarnedBadge]:
    """Return every badge with whether (and when) it was earned, as the impact endpoint shows."""
    when = earned(steps)
    return [EarnedBadge(id=badge.id, name=badge.name, description=badge.description,
                        earned=badge.id in when, earnedAt=when.get(badge.id), svg=badge.svg)
            for badge in BADGES]
