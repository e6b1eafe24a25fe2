"""The consent record of a minor's RSVP: who was asked, when, and what they decided."""

from __future__ import annotations

from enum import StrEnum

from tortoise import fields
from tortoise.models import Model

from rsvp_service.rsvps.models import Rsvp


class Decision(StrEnum):
    """What the guardian answered."""

    APPROVED = "approved"
    DECLINED = "declined"


class GuardianConsent(Model):
    """One guardian's consent for one RSVP; undecided until the link is used or the hold expires."""

    id = fields.BigIntField(primary_key=True)
    rsvp: fields.ForeignKeyRelation[Rsvp] = fields.ForeignKeyField(
        "models.Rsvp", related_name="guardian_consents", on_delete=fields.CASCADE,
        # Every roster and check-in answer looks up its RSVPs' consents.
        db_index=True,
    )
    rsvp_id: int
    guardian_email = fields.CharField(
        max_length=254, description="The guardian's normalized email address.")
    requested_at = fields.DatetimeField(description="When the guardian's email was queued.")
    expires_at = fields.DatetimeField(
        db_index=True, description="When the held seat is released unless approved.")
    decided_at = fields.DatetimeField(null=True)
    decision = fields.CharEnumField(Decision, max_length=10, null=True)
    released_at = fields.DatetimeField(
        null=True, description="When the RSVP was cancelled for a decline or an expired hold.")

    language = fields.CharField(
        max_length=16, default="en", db_default="en",
        description="The language the volunteer asked in: the guardian's email is written in it.")

    class Meta:
        table = "guardian_consent"
