"""The outside-hours tables: one row per request to a supervisor, and the addresses that said
"not me" (kept as keyed hashes, never as addresses)."""

from __future__ import annotations

from enum import StrEnum

from tortoise import fields
from tortoise.models import Model

from rsvp_service.accounts.models import User


class Answer(StrEnum):
    """How a request ended; NULL while it waits on the supervisor."""

    CONFIRMED = "confirmed"
    ADJUSTED = "adjusted"
    DECLINED = "declined"
    NOT_ME = "not_me"
    EXPIRED = "expired"
    WITHDRAWN = "withdrawn"


class OutsideHoursRequest(Model):
    """Hours a volunteer served elsewhere, and their supervisor's answer by email."""

    id = fields.BigIntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="outside_hours", on_delete=fields.CASCADE, db_index=True)
    user_id: int
    organization = fields.CharField(max_length=200)
    date = fields.DateField(description="The day served, in the catalogue's timezone.")
    starts_at = fields.DatetimeField()
    ends_at = fields.DatetimeField()
    hours = fields.DecimalField(max_digits=5, decimal_places=2,
                                description="From the times: more than 0, at most 24.")
    description = fields.TextField(description="What the volunteer did.")
    service_type = fields.CharField(max_length=20)
    supervisor_name = fields.CharField(max_length=200)
    supervisor_email = fields.CharField(
        max_length=320, null=True,
        description="Normalized; NULL once the request ends without confirming hours.")
    supervisor_key = fields.CharField(
        max_length=64, null=True, db_index=True,
        description="Keyed hash of the canonical mailbox (pending caps); NULL with the address.")
    honesty_accepted_at = fields.DatetimeField()
    not_relative = fields.BooleanField(description="The volunteer said the supervisor is no "
                                       "relative of theirs.")
    created_at = fields.DatetimeField()
    outbox_id = fields.BigIntField(null=True, description="The request's email in the outbox.")
    opened_at = fields.DatetimeField(null=True)
    reminded_at = fields.DatetimeField(null=True)
    answered_at = fields.DatetimeField(null=True)
    answer = fields.CharEnumField(Answer, max_length=10, null=True, db_index=True)
    confirmed_hours = fields.DecimalField(
        max_digits=5, decimal_places=2, null=True,
        description="The hours the supervisor confirmed (adjusted or as asked).")
    supervisor_role = fields.CharField(max_length=200, null=True)
    supervisor_note = fields.TextField(null=True, description="Their note or reason, if any.")

    language = fields.CharField(
        max_length=16, default="en", db_default="en",
        description="The volunteer's language: the supervisor's email and the record follow it.")

    class Meta:
        table = "outside_hours_request"


class BlockedSupervisor(Model):
    """An address whose owner answered "not me": no request goes to it again."""

    id = fields.BigIntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True,
                           description="Keyed hash of the canonical mailbox.")
    blocked_at = fields.DatetimeField()

    class Meta:
        table = "blocked_supervisor"
