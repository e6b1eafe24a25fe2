"""Tables of organizing and impact: grants, attendance, messages, hours records and blocks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from rsvp_service.accounts.models import User
    from rsvp_service.rsvps.models import Rsvp


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


class Attendance(Model):
    """Whether the person of one RSVP (or walk-in) came, and the hours it credits.

    One row per RSVP (the one-to-one key), so two check-ins of the same person at once
    meet on the same row and credit once. Undoing a check-in clears `checked_in_at`. The
    hours count toward impact only once the slot has ended (`impact.summary.attended`).
    """

    id = fields.BigIntField(primary_key=True)
    rsvp: fields.OneToOneRelation[Rsvp] = fields.OneToOneField(
        "models.Rsvp", related_name="attendance", on_delete=fields.CASCADE
    )
    rsvp_id: int
    slot_id = fields.CharField(max_length=200, db_index=True)
    event = fields.CharField(max_length=200, description="Event slug the slot belongs to.")
    organization = fields.CharField(max_length=100, description="Host organization slug.")
    checked_in_at = fields.DatetimeField(null=True, description="NULL: not (or no longer) here.")
    hours = fields.DecimalField(
        max_digits=5, decimal_places=2, null=True,
        description="Hours credited: the slot's length at check-in unless an organizer set them.",
    )
    hours_reason = fields.CharField(
        max_length=500, null=True,
        description="Why the organizer set these hours (required above the slot's length).",
    )
    present = fields.IntField(
        default=1, db_default=1,
        description="How many of the RSVP's party came (the person and their guests).",
    )
    walk_in = fields.BooleanField(default=False, description="Added at the door, no RSVP before.")
    client_id = fields.CharField(
        max_length=64, null=True, description="The check-in page's id of a walk-in (retries)."
    )
    checked_in_by: fields.ForeignKeyNullableRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="check_ins_made", null=True, on_delete=fields.SET_NULL
    )
    checked_in_by_id: int | None

    class Meta:
        table = "attendance"
        unique_together = (("slot_id", "client_id"),)


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


class BlockedAddress(Model):
    """An address whose RSVPs an organization refuses, in its normalized form."""

    id = fields.BigIntField(primary_key=True)
    organization = fields.CharField(max_length=100, description="Organization slug.")
    email = fields.CharField(max_length=254, description="Normalized email address.")
    blocked_by: fields.ForeignKeyNullableRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="blocks_made", null=True, on_delete=fields.SET_NULL
    )
    blocked_by_id: int | None
    blocked_at = fields.DatetimeField()

    class Meta:
        table = "organizer_blocks"
        unique_together = (("organization", "email"),)
