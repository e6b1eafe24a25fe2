"""The mail outbox's table: one row per email, waiting for, done with or given up on delivery."""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class OutboxMessage(Model):
    """An email waiting for, done with, or given up on delivery; built by the sender when sent."""

    id = fields.BigIntField(primary_key=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    kind = fields.CharField(max_length=40, description="Which builder makes the message.")
    recipient = fields.CharField(max_length=254)
    payload: Any = fields.JSONField(description="What the kind's builder needs (slot id, names).")
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(
        null=True, db_index=True, description="When to try next; NULL once sent or dead."
    )
    claimed_until = fields.DatetimeField(null=True)
    claim = fields.CharField(
        max_length=32, null=True, description="The sender holding the lease; only it may update."
    )
    sent_at = fields.DatetimeField(null=True, db_index=True)
    dead_at = fields.DatetimeField(
        null=True, db_index=True, description="Given up on: a dead letter (see last_error)."
    )
    last_error = fields.TextField(null=True)
    handed_at = fields.DatetimeField(
        null=True,
        description="When DATA began on the last attempt; without sent_at, delivery is uncertain.",
    )
    held_at = fields.DatetimeField(
        null=True,
        description="Held for an operator (see last_error): sent only after `outbox release`.",
    )
    connection_failed = fields.BooleanField(
        default=False,
        db_default=False,
        description="The last attempt could not reach the mail server.",
    )
    user_id = fields.IntField(
        null=True,
        db_index=True,
        description="The account whose action or data caused the email, if any (deleting the "
        "account deletes its rows, never another's to the same address).",
    )

    class Meta:
        table = "mail_outbox"
