"""Migration 0009 on a database at 0008 with accounts in it: the follow tables and their keys."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from migration_testkit import old_schema
from tortoise.exceptions import IntegrityError

from rsvp_service.accounts.models import User
from rsvp_service.follows.models import DigestWeek, Follow, Follower, FollowKind


async def test_the_follow_tables_arrive_with_their_unique_keys(empty_url: str) -> None:
    async with old_schema(empty_url, "0008_rsvp_slot_id") as old:
        now = datetime.now(UTC)
        await old.insert("users", ("name", "email", "role", "is_verified", "created_at"),
                         [("Ann Lee", "ann@example.org", "volunteer", True, old.stamp(now))])
        await old.migrate_rest()

        user = await User.get(email="ann@example.org")
        follower = await Follower.create(email=user.email, user_id=user.id, created_at=now)
        await Follow.create(follower_id=follower.id, kind=FollowKind.CAUSE, target="youth",
                            created_at=now, confirmed_at=now)
        await DigestWeek.create(follower_id=follower.id, week="2025-W15", occurrences=[],
                                decided_at=now)
        with pytest.raises(IntegrityError):
            await Follow.create(follower_id=follower.id, kind=FollowKind.CAUSE, target="youth",
                                created_at=now)
        with pytest.raises(IntegrityError):
            await DigestWeek.create(follower_id=follower.id, week="2025-W15", occurrences=[],
                                    decided_at=now)
        with pytest.raises(IntegrityError):
            await Follower.create(email="ann@example.org", created_at=now)
        assert await Follow.filter(follower__user_id=user.id).count() == 1
