"""Database tables of the RSVP side: RSVPs, their cancel tokens, per-slot counters, each RSVP's
attendance (written by check-in) and the addresses organizations refuse RSVPs from."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

from tortoise import fields
from tortoise.models import Model

if TYPE_CHECKING:
    from rsvp_service.accounts.models import User


class RsvpStatus(enum.StrEnum):
    """Where an RSVP stands: holding a seat, waiting for one, given up, or added at the door."""

    CONFIRMED = "confirmed"
    WAITLISTED = "waitlisted"
    CANCELLED = "cancelled"
    # Added by an organizer on the day: on the roster and checked in, never holding a seat.
    WALK_IN = "walk_in"


class Rsvp(Model):
    """One person's RSVP to one slot; (slot_id, active_email) is unique, so only one live one."""

    id = fields.BigIntField(primary_key=True)
    slot_id = fields.CharField(max_length=200, description="Slot id from events.json.")
    event = fields.CharField(max_length=200, description="Event slug the slot belongs to.")
    email = fields.CharField(max_length=254, description="Normalized email address.")
    first_name = fields.CharField(max_length=100)
    last_name = fields.CharField(max_length=100)
    phone = fields.CharField(max_length=40, null=True)
    user: fields.ForeignKeyNullableRelation = fields.ForeignKeyField(
        "models.User", related_name="rsvps", null=True, on_delete=fields.SET_NULL
    )
    user_id: int | None
    created_at = fields.DatetimeField(auto_now_add=True)
    status = fields.CharEnumField(
        RsvpStatus, max_length=12, default=RsvpStatus.CONFIRMED, db_default="confirmed"
    )
    cancelled_at = fields.DatetimeField(null=True)
    active_email = fields.CharField(
        max_length=254, null=True,
        description="The email while the RSVP is not cancelled, NULL after: keeps one live RSVP "
        "per person and slot while letting a cancelled one be followed by a new one.",
    )
    waitlist_ticket = fields.IntField(
        null=True, description="Arrival order on the slot's waitlist (from the slot counter)."
    )
    confirmed_at = fields.DatetimeField(
        null=True, description="When the RSVP got its seat (made, or promoted from the waitlist)."
    )
    reminder_queued_at = fields.DatetimeField(
        null=True, description="When its reminder email was queued; set once, by one process."
    )
    checkin_code = fields.CharField(
        max_length=8, null=True,
        description="Random Crockford base32 code shown at check-in (QR code in the emails).",
    )
    party_size = fields.IntField(
        default=1, db_default=1,
        description="Seats the RSVP takes: the person and their guests (seated and moved up "
        "whole).",
    )
    guest_names: Any = fields.JSONField(
        null=True, description="The guests' names as given, one per guest ('' when not given); "
        "NULL: no guests.",
    )
    # Set only on RSVPs made without a verified account, which the slot's share limits
    # (rsvps.shares): keyed hashes, never the address or the IP itself.
    client_key = fields.CharField(
        max_length=32, null=True,
        description="HMAC of the client's network (IPv4 address, IPv6 /64) under a key of its "
        "own; NULL for RSVPs of verified accounts.",
    )
    mailbox_key = fields.CharField(
        max_length=32, null=True,
        description="HMAC of the canonical mailbox (no +tag, no ignored dots); NULL for RSVPs "
        "of verified accounts.",
    )

    language = fields.CharField(
        max_length=16, default="en", db_default="en",
        description="The language the RSVP was made in: its emails are written in it.")

    class Meta:
        table = "rsvp"
        unique_together = (("slot_id", "active_email"), ("slot_id", "checkin_code"))
        indexes = (
            ("slot_id", "status", "waitlist_ticket"),
            # The reminder pass: one slot's confirmed RSVPs not yet reminded, seated early enough.
            ("slot_id", "status", "reminder_queued_at", "confirmed_at"),
            # The share check: the seats one network or one mailbox holds in a slot.
            ("slot_id", "client_key"),
            ("slot_id", "mailbox_key"),
        )


class CancelToken(Model):
    """A cancel link's token, stored only as its SHA-256; one per email sent about an RSVP."""

    id = fields.BigIntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    rsvp: fields.ForeignKeyRelation[Rsvp] = fields.ForeignKeyField(
        "models.Rsvp", related_name="cancel_tokens", on_delete=fields.CASCADE
    )
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "rsvp_cancel_token"


class SlotCount(Model):
    """A slot's confirmed and waiting RSVPs, kept in step with writes so counting is one row read.

    The row is also the slot's lock: every write that changes who holds a seat moves it.
    """

    slot_id = fields.CharField(max_length=200, primary_key=True)
    # Seats taken (the confirmed RSVPs' party sizes), and RSVPs (parties) waiting.
    count = fields.IntField(default=0)
    waitlist = fields.IntField(default=0, db_default=0)
    tickets = fields.IntField(
        default=0, db_default=0, description="Waitlist tickets handed out (arrival order)."
    )

    class Meta:
        table = "rsvp_slot_count"


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
    # Who attests the entry and what it was (issue 40), copied at check-in so the entry keeps
    # saying so after the organizer leaves or the event leaves events.json; NULL on rows
    # written before.
    attested_name = fields.CharField(max_length=200, null=True,
                                     description="The organizer who checked the person in.")
    attested_role = fields.CharField(max_length=200, null=True,
                                     description="Their role at the organization.")
    attested_email = fields.CharField(max_length=320, null=True,
                                      description="An address at the organization.")
    attested_organization = fields.CharField(max_length=200, null=True,
                                             description="The organization's name then.")
    service_type = fields.CharField(max_length=20, null=True,
                                    description="The event's kind of service then.")
    starts_at = fields.DatetimeField(null=True, description="The slot's start.")
    ends_at = fields.DatetimeField(null=True, description="The slot's end.")

    class Meta:
        table = "attendance"
        unique_together = (("slot_id", "client_id"),)


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
