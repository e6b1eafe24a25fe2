"""Tables of organizing and impact: grants, messages and hours records."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from rsvp_service.accounts.models import User


class OrganizerGrant(Model):
    """The organizer role of one account for one organization (by its slug in events.json)."""

    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="organizer_grants", on_delete=fields.CASCADE
    )
    user_id: int
    organization = fields.CharField(max_length=100, description="Organization slug.")
    granted_at = fields.DatetimeField()

    class Meta:
        table = "organizer_grants"
        unique_together = (("user", "organization"),)


class OrganizerMessage(Model):
    """A message an organizer sent to a slot's people through the outbox (the log)."""

    id = fields.BigIntField(primary_key=True)
    sender: fields.ForeignKeyNullableRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="organizer_messages", null=True, on_delete=fields.SET_NULL
    )
    sender_id: int | None
    organization = fields.CharField(max_length=100)
    slot_id = fields.CharField(max_length=200, db_index=True)
    subject = fields.CharField(max_length=150)
    body = fields.TextField()
    include_waitlist = fields.BooleanField(default=False)
    recipients = fields.IntField()
    sent_at = fields.DatetimeField()

    class Meta:
        table = "organizer_messages"


class HoursRecord(Model):
    """A volunteer's service-hours record: a snapshot, so later changes never alter it."""

    id = fields.BigIntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="hours_records", on_delete=fields.CASCADE
    )
    user_id: int
    issued_at = fields.DatetimeField()
    revoked_at = fields.DatetimeField(null=True)
    hours = fields.DecimalField(max_digits=7, decimal_places=2)
    snapshot: Any = fields.JSONField(description="Name and entries as issued (the public record).")
    pdf = fields.BinaryField(
        null=True, description="The record's PDF, made on its first fetch and kept (a snapshot).")

    class Meta:
        table = "hours_records"
