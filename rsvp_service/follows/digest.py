"""The weekly digest: one email per follower of the upcoming events of what they follow.

From DIGEST_DAY at DIGEST_HOUR (the site's time zone) until the ISO week ends, every pass
takes followers with a confirmed follow and no decision yet for the week, and decides for
each in one transaction: it writes the (follower, week) row, unique, and queues the digest
through the outbox when there are upcoming events the follower has not been sent before.
Nothing new: the row alone, no email. Two workers racing for a follower meet on the unique
row (the second one's insert fails and it moves on), and a restart finds the row: one
decision, so at most one digest, per person per week.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Subquery
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.events import Catalogue
from rsvp_service.follows.models import DigestWeek, Follow, Follower, FollowKind
from rsvp_service.jobs.periodic import PeriodicTask
from rsvp_service.mail import follow_notices
from rsvp_service.mail.outbox import enqueue
from rsvp_service.settings import Settings

log = logging.getLogger(__name__)

DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# How far ahead a digest looks, and how many events it lists at most.
AHEAD = timedelta(days=28)
MOST_EVENTS = 20
# Followers decided per pass; a full pass is followed by another at once.
BATCH = 100
EVERY = 60.0


@dataclass(frozen=True, slots=True)
class DigestPass:
    """What one pass did: digests queued, followers decided, and whether the batch was full."""

    queued: int
    decided: int
    full: bool


def digest_week(now: datetime, timezone: str, day: str, hour: int) -> tuple[str, bool]:
    """The ISO week of `now` in the site's time zone, and whether its digest is due yet."""
    zone = ZoneInfo(timezone)
    local = now.astimezone(zone)
    year, week, _ = local.isocalendar()
    monday = local.date() - timedelta(days=local.weekday())
    send_at = datetime.combine(monday + timedelta(days=DAYS.index(day)), time(hour), zone)
    return f"{year}-W{week:02d}", local >= send_at


@dataclass(frozen=True, slots=True)
class Upcoming:
    """An occurrence starting within the digest's reach: its host, and the entry a digest lists."""

    host: str
    entry: dict[str, Any]


def upcoming_events(catalogue: Catalogue, now: datetime) -> list[Upcoming]:
    """The occurrences starting within AHEAD of `now`, soonest first (once per pass)."""
    found = []
    for slug, event in catalogue.occurrences.items():
        start = datetime.fromisoformat(event.start)
        if now < start <= now + AHEAD:
            found.append((start, slug, Upcoming(event.host.slug, {
                "slug": slug, "title": event.title, "host": event.host.name,
                "date_text": event.date_text, "time_text": event.time_text,
                "location": event.location, "path": event.path})))
    found.sort(key=lambda item: item[:2])
    return [upcoming for _, _, upcoming in found]


def followed_events(catalogue: Catalogue, follows: Iterable[Follow], upcoming: list[Upcoming],
                    already: set[str]) -> list[dict[str, Any]]:
    """The upcoming occurrences hosted by followed organizations or causes, not sent before."""
    organizations = {f.target for f in follows if f.kind == FollowKind.ORGANIZATION}
    causes = {f.target for f in follows if f.kind == FollowKind.CAUSE}
    found = [item.entry for item in upcoming
             if item.entry["slug"] not in already
             and (item.host in organizations
                  or causes.intersection(catalogue.causes.get(item.host, ())))]
    return found[:MOST_EVENTS]


async def decide(follower: Follower, week: str, now: datetime,
                 events: list[dict[str, Any]]) -> bool:
    """Decide one follower's week with the events new to them; return True when a digest was
    queued. False when there was nothing new, or another pass decided it first."""
    try:
        async with in_transaction() as connection:
            outbox_id = await enqueue(follow_notices.digest_mail(
                follower.email, follower_id=follower.id, week=week, events=events,
                user_id=follower.user_id, language=follower.language),
                connection=connection) if events else None
            # The unique row: a second decision for the week fails here and rolls back its mail.
            await DigestWeek.create(
                follower_id=follower.id, week=week, occurrences=[e["slug"] for e in events],
                outbox_id=outbox_id, decided_at=now.astimezone(UTC), using_db=connection)
    except IntegrityError:
        # Another worker (or an earlier pass) decided this follower's week first.
        return False
    return bool(events)


async def queue_digests(catalogue: Catalogue, settings: Settings, now: datetime,
                        batch: int = BATCH) -> DigestPass:
    """Decide up to `batch` followers whose digest of this week is due and undecided."""
    week, due = digest_week(now, catalogue.timezone, settings.digest_day, settings.digest_hour)
    if not due:
        return DigestPass(0, 0, full=False)
    # One query for who is waiting: followers with a confirmed follow and no row for the week.
    confirmed = Subquery(Follow.exclude(confirmed_at=None).values("follower_id"))
    decided = Subquery(DigestWeek.filter(week=week).values("follower_id"))
    followers = await (Follower.filter(id__in=confirmed).exclude(id__in=decided)
                       .order_by("id").limit(batch))
    waiting = [follower.id for follower in followers]
    # Read the batch's follows and earlier digests at once, not two queries per follower.
    follows: dict[int, list[Follow]] = defaultdict(list)
    for follow in await Follow.filter(follower_id__in=waiting).exclude(confirmed_at=None):
        follows[follow.follower_id].append(follow)
    # Earlier digests listed what they sent; one decided before AHEAD listed only started events.
    sent: dict[int, set[str]] = defaultdict(set)
    for row in await DigestWeek.filter(
            follower_id__in=waiting, decided_at__gte=(now - AHEAD).astimezone(UTC)).values(
            "follower_id", "occurrences"):
        sent[int(row["follower_id"])].update(row["occurrences"] or [])
    upcoming = upcoming_events(catalogue, now)
    queued = 0
    for follower in followers:
        events = followed_events(catalogue, follows[follower.id], upcoming, sent[follower.id])
        queued += await decide(follower, week, now, events)
    return DigestPass(queued, len(waiting), full=len(waiting) >= batch)


class DigestScheduler(PeriodicTask):
    """Runs `queue_digests` at start-up, then every minute, until stopped."""

    name = "digest-scheduler"
    what = "queue the weekly digests"

    def __init__(self, settings: Settings, catalogue: Callable[[], Catalogue],
                 wake_sender: Callable[[], None]) -> None:
        super().__init__(EVERY)
        self._settings = settings
        self._catalogue = catalogue
        self._wake_sender = wake_sender

    async def run_once(self) -> DigestPass:
        """Decide what is due now and wake the mail sender if a digest was queued."""
        done = await queue_digests(self._catalogue(), self._settings, clock.now(self._settings))
        if done.queued:
            log.info("Queued %d weekly digest email(s).", done.queued)
            self._wake_sender()
        return done

    async def run_pass(self) -> bool:
        """One pass; a full batch means more are due at once."""
        return (await self.run_once()).full
