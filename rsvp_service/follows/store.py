"""The follows store: who follows what, confirming, unfollowing, and the counts organizers see.

Following twice is a no-op: (follower, kind, target) is unique, and a race between two
requests ends on the row the first one wrote.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q, Subquery
from tortoise.functions import Count

from rsvp_service.accounts.models import User
from rsvp_service.events import Catalogue
from rsvp_service.follows.bodies import FollowItem, FollowTarget
from rsvp_service.follows.models import Follow, Follower, FollowKind
from rsvp_service.i18n import current


@dataclass(frozen=True, slots=True)
class Target:
    """A follow target checked against the catalogue: its stored form and the name to show."""

    kind: FollowKind
    target: str
    label: str


def followers_of(user: User) -> Q:
    """An account's follower rows: the one linked to it, and its address's once that is verified.

    As for RSVPs (rsvps.routes.mine): an account that has not proved its address must not see,
    change, export or delete what a guest with that address follows.
    """
    linked = Q(user_id=user.id)
    return linked | Q(email=user.email) if user.is_verified else linked


def resolve(catalogue: Catalogue, wanted: FollowTarget) -> Target | None:
    """The known organization or cause the request names (any case), else None."""
    if wanted.kind == FollowKind.ORGANIZATION:
        slug = catalogue.organization(wanted.target)
        if slug is None:
            return None
        return Target(FollowKind.ORGANIZATION, slug, catalogue.organizations[slug])
    cause = catalogue.cause_names.get(wanted.target.casefold())
    return Target(FollowKind.CAUSE, cause, cause) if cause is not None else None


def label_of(catalogue: Catalogue, kind: str, target: str) -> str:
    """The name to show for a stored follow (an organization gone from the catalogue: its slug)."""
    if kind == FollowKind.ORGANIZATION:
        return catalogue.organizations.get(target, target)
    return target


def item(catalogue: Catalogue, row: Follow) -> FollowItem:
    """A stored follow as the API shows it."""
    return FollowItem(kind=row.kind.value, target=row.target,
                      label=label_of(catalogue, row.kind, row.target),
                      confirmed=row.confirmed_at is not None)


async def items(catalogue: Catalogue, follower_id: int) -> list[FollowItem]:
    """What a follower follows, organizations first, then causes, by name."""
    rows = await Follow.filter(follower_id=follower_id)
    listed = [item(catalogue, row) for row in rows]
    return sorted(listed, key=lambda f: (f.kind != "organization", f.label.casefold()))


async def follower_for(email: str, user_id: int | None, now: datetime) -> Follower:
    """The follower row of an address, made if new; a signed-in owner's account is linked."""
    found = await Follower.get_or_none(email=email)
    if found is None:
        try:
            found = await Follower.create(email=email, user_id=user_id, created_at=now,
                                           language=current())
        except IntegrityError:
            # Another request made it first: use that one.
            found = await Follower.get(email=email)
    if user_id is not None and found.user_id != user_id:
        await Follower.filter(id=found.id).update(user_id=user_id)
        found.user_id = user_id
    return found


async def add_follow(follower: Follower, target: Target, now: datetime, *,
                     confirmed: bool) -> Follow:
    """Follow a target (a no-op when already followed); `confirmed` confirms it at once."""
    row = await Follow.get_or_none(follower_id=follower.id, kind=target.kind,
                                   target=target.target)
    if row is None:
        try:
            row = await Follow.create(follower_id=follower.id, kind=target.kind,
                                      target=target.target, created_at=now,
                                      confirmed_at=now if confirmed else None)
        except IntegrityError:
            row = await Follow.get(follower_id=follower.id, kind=target.kind,
                                   target=target.target)
    if confirmed and row.confirmed_at is None:
        await Follow.filter(id=row.id, confirmed_at=None).update(confirmed_at=now)
        row.confirmed_at = now
    return row


async def remove_follow(follower_id: int, target: Target) -> None:
    """Unfollow a target (a no-op when not followed)."""
    await Follow.filter(follower_id=follower_id, kind=target.kind, target=target.target).delete()


async def confirm_all(follower_id: int, now: datetime) -> int:
    """Confirm every follow of a follower still waiting; return how many were."""
    return await Follow.filter(follower_id=follower_id, confirmed_at=None).update(
        confirmed_at=now)


async def replace_follows(follower: Follower, targets: Iterable[Target], now: datetime) -> None:
    """Make the follower follow exactly these targets (kept ones keep their state)."""
    wanted = {(t.kind.value, t.target): t for t in targets}
    rows = await Follow.filter(follower_id=follower.id)
    gone = [row.id for row in rows if (row.kind.value, row.target) not in wanted]
    if gone:
        await Follow.filter(id__in=gone).delete()
    have = {(row.kind.value, row.target) for row in rows}
    # Added from a preferences link, which proves the address: confirmed at once, in one
    # upsert (a row another request added meanwhile is confirmed too).
    added = [Follow(follower_id=follower.id, kind=target.kind, target=target.target,
                    created_at=now, confirmed_at=now)
             for key, target in wanted.items() if key not in have]
    if added:
        await Follow.bulk_create(added, on_conflict=("follower_id", "kind", "target"),
                                 update_fields=("confirmed_at",))


async def follower_counts(organizations: Iterable[str]) -> dict[str, int]:
    """How many confirmed followers each organization has (a number only)."""
    slugs = sorted(set(organizations))
    if not slugs:
        return {}
    rows = await (Follow.filter(kind=FollowKind.ORGANIZATION, target__in=slugs)
                  .exclude(confirmed_at=None)
                  .annotate(followers=Count("id")).group_by("target")
                  .values("target", "followers"))
    return {str(row["target"]): int(row["followers"]) for row in rows}


async def erase_unconfirmed(now: datetime, days: int) -> int:
    """Delete guests' follows left unconfirmed for `days`, then followers left with nothing."""
    # In UTC: SQLite compares the stored UTC text with the filter's text.
    cutoff = (now - timedelta(days=days)).astimezone(UTC)
    erased = await Follow.filter(confirmed_at=None, created_at__lte=cutoff).delete()
    followed = Subquery(Follow.all().values("follower_id"))
    await Follower.filter(user_id=None, created_at__lte=cutoff).exclude(
        id__in=followed).delete()
    return erased
