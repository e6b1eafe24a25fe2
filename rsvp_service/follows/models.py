"""Tables of following: who follows (by address), what they follow, and the digests sent."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from rsvp_service.accounts.models import User


class FollowKind(StrEnum):
    """What a follow names: an organization (by slug) or a cause (by its name)."""

    ORGANIZATION = "organization"
    CAUSE = "cause"


class Follower(Model):
    """An address that follows something: a signed-in volunteer's, or a guest's (double opt-in)."""

    id = fields.IntField(primary_key=True)
    # Normalized (accounts.emails.normalize_email), so one person is one follower.
    email = fields.CharField(max_length=320, unique=True)
    user: fields.ForeignKeyNullableRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="follower_rows", null=True, on_delete=fields.CASCADE
    )
    user_id: int | None
    created_at = fields.DatetimeField()

    language = fields.CharField(
        max_length=16, default="en", db_default="en",
        description="The language the follow was made in: its digests are written in it.")

    class Meta:
        table = "followers"


class Follow(Model):
    """One thing a follower follows; unconfirmed until the address owner confirms it."""

    id = fields.IntField(primary_key=True)
    follower: fields.ForeignKeyRelation[Follower] = fields.ForeignKeyField(
        "models.Follower", related_name="follows", on_delete=fields.CASCADE
    )
    follower_id: int
    kind = fields.CharEnumField(FollowKind, max_length=20)
    target = fields.CharField(max_length=200, description="Organization slug or cause name.")
    created_at = fields.DatetimeField()
    confirmed_at = fields.DatetimeField(
        null=True, description="NULL: a guest's follow waiting for its confirmation link."
    )

    class Meta:
        table = "follows"
        unique_together = (("follower", "kind", "target"),)


class DigestWeek(Model):
    """One follower's digest decision for one ISO week: the unique row that makes it once.

    Written in the transaction that queues the digest (or, with nothing new, alone), so two
    workers or a restart find it and skip the follower for that week.
    """

    id = fields.BigIntField(primary_key=True)
    follower: fields.ForeignKeyRelation[Follower] = fields.ForeignKeyField(
        "models.Follower", related_name="digests", on_delete=fields.CASCADE
    )
    follower_id: int
    week = fields.CharField(max_length=10, description="ISO week, such as 2025-W14.")
    occurrences: Any = fields.JSONField(
        description="The occurrence slugs the digest listed (empty: nothing new, none sent)."
    )
    outbox_id = fields.BigIntField(null=True, description="The queued digest, if one was.")
    decided_at = fields.DatetimeField()

    class Meta:
        table = "follow_digests"
        unique_together = (("follower", "week"),)
