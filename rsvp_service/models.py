"""Database tables of the RSVP side: RSVPs, per-slot counters and the mail outbox."""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class Rsvp(Model):
    """One person's RSVP to one slot; (event_id, email) is unique."""

    id = fields.BigIntField(primary_key=True)
    event_id = fields.CharField(max_length=200, description="Slot id from events.json.")
    event = fields.CharField(max_length=200, description="Event slug the slot belongs to.")
    email = fields.CharField(max_length=254, description="Normalized email address.")
    first_name = fields.CharField(max_length=100)
    last_name = fields.CharField(max_length=100)
    phone = fields.CharField(max_length=40, null=True)
    user: fields.ForeignKeyNullableRelation = fields.ForeignKeyField(
        "models.User", related_name="rsvps", null=True, on_delete=fields.SET_NULL
    )
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "rsvp"
        unique_together = (("event_id", "email"),)


class SlotCount(Model):
    """How many RSVPs a slot has, kept in step with inserts so counting is one row read."""

    slot_id = fields.CharField(max_length=200, primary_key=True)
    count = fields.IntField(default=0)

    class Meta:
        table = "rsvp_slot_count"


class OutboxMessage(Model):
    """An email waiting for (or done with) delivery by the sender task."""

    id = fields.BigIntField(primary_key=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    recipient = fields.CharField(max_length=254)
    subject = fields.CharField(max_length=300)
    kind = fields.CharField(max_length=40, default="raw", description="raw, or a deferred kind.")
    message = fields.BinaryField(null=True, description="The RFC 5322 message (kind raw).")
    payload: Any = fields.JSONField(null=True, description="What a deferred kind is built from.")
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(db_index=True)
    claimed_until = fields.DatetimeField(null=True)
    sent_at = fields.DatetimeField(null=True, db_index=True)
    last_error = fields.TextField(null=True)

    class Meta:
        table = "mail_outbox"
