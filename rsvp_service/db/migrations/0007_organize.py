import functools
import secrets
from typing import Any

from enum import StrEnum

from tortoise import migrations
from tortoise.migrations import operations as ops
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.migrations.constraints import UniqueConstraint


class RsvpStatus(StrEnum):
    """RsvpStatus as this migration wrote it.

    A copy, not an import of the live enum: renaming a value later cannot rewrite history.
    """

    CONFIRMED = "confirmed"
    WAITLISTED = "waitlisted"
    CANCELLED = "cancelled"
    WALK_IN = "walk_in"

# Crockford base32, as rsvp_service.rsvps.codes (copied: a migration must not change later).
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


async def give_live_rsvps_codes(apps: Any, schema_editor: Any) -> None:
    """Give every live RSVP made before check-in codes a random code, unique within its slot."""
    client = schema_editor.client
    update = ("UPDATE rsvp SET checkin_code = $1 WHERE id = $2"
              if client.capabilities.dialect == "postgres"
              else "UPDATE rsvp SET checkin_code = ? WHERE id = ?")
    rows = await client.execute_query_dict(
        "SELECT id, event_id FROM rsvp WHERE checkin_code IS NULL AND status <> 'cancelled'")
    taken: dict[str, set[str]] = {}
    for row in rows:
        codes = taken.setdefault(row["event_id"], set())
        code = ""
        while not code or code in codes:
            code = "".join(secrets.choice(ALPHABET) for _ in range(8))
        codes.add(code)
        await client.execute_query(update, [code, row["id"]])


class AlterFieldDescription(ops.AlterField):
    """AlterField for a change of the description alone: the state moves, the column stays.

    Only the status field's description changes (a new enum value, in a VARCHAR column);
    Tortoise 1.1.9 would rebuild the SQLite table for it and lose its indexes.
    """

    async def database_forward(self, *args: Any, **kwargs: Any) -> None:
        return None


class Migration(migrations.Migration):
    dependencies = [('models', '0006_rsvp_reminders')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Attendance',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('rsvp', fields.OneToOneField('models.Rsvp', source_field='rsvp_id', db_constraint=True, to_field='id', related_name='attendance', on_delete=OnDelete.CASCADE)),
                ('slot_id', fields.CharField(db_index=True, max_length=200)),
                ('event', fields.CharField(description='Event slug the slot belongs to.', max_length=200)),
                ('organization', fields.CharField(description='Host organization slug.', max_length=100)),
                ('checked_in_at', fields.DatetimeField(null=True, description='NULL: not (or no longer) here.', auto_now=False, auto_now_add=False)),
                ('hours', fields.DecimalField(null=True, description="Hours credited: the slot's length at check-in unless an organizer set them.", max_digits=5, decimal_places=2)),
                ('walk_in', fields.BooleanField(default=False, description='Added at the door, no RSVP before.')),
                ('client_id', fields.CharField(null=True, description="The check-in page's id of a walk-in (retries).", max_length=64)),
                ('checked_in_by', fields.ForeignKeyField('models.User', source_field='checked_in_by_id', null=True, db_constraint=True, to_field='id', related_name='check_ins_made', on_delete=OnDelete.SET_NULL)),
            ],
            options={'table': 'attendance', 'app': 'models', 'unique_together': (('slot_id', 'client_id'),), 'pk_attr': 'id', 'table_description': 'Whether the person of one RSVP (or walk-in) came, and the hours it credits.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='HoursRecord',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='hours_records', on_delete=OnDelete.CASCADE)),
                ('issued_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('revoked_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('hours', fields.DecimalField(max_digits=7, decimal_places=2)),
                ('snapshot', fields.JSONField(description='Name and entries as issued (the public record).', encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
            ],
            options={'table': 'hours_records', 'app': 'models', 'pk_attr': 'id', 'table_description': "A volunteer's service-hours record: a snapshot, so later changes never alter it."},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OrganizerGrant',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='organizer_grants', on_delete=OnDelete.CASCADE)),
                ('organization', fields.CharField(description='Organization slug.', max_length=100)),
                ('granted_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'organizer_grants', 'app': 'models', 'unique_together': (('user', 'organization'),), 'pk_attr': 'id', 'table_description': 'The organizer role of one account for one organization (by its slug in events.json).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='OrganizerMessage',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('sender', fields.ForeignKeyField('models.User', source_field='sender_id', null=True, db_constraint=True, to_field='id', related_name='organizer_messages', on_delete=OnDelete.SET_NULL)),
                ('organization', fields.CharField(max_length=100)),
                ('slot_id', fields.CharField(db_index=True, max_length=200)),
                ('subject', fields.CharField(max_length=150)),
                ('body', fields.TextField(unique=False)),
                ('include_waitlist', fields.BooleanField(default=False)),
                ('recipients', fields.IntField()),
                ('sent_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'organizer_messages', 'app': 'models', 'pk_attr': 'id', 'table_description': "A message an organizer sent to a slot's people through the outbox (the log)."},
            bases=['Model'],
        ),
        AlterFieldDescription(
            model_name='Rsvp',
            name='status',
            field=fields.CharEnumField(default=RsvpStatus.CONFIRMED, description='CONFIRMED: confirmed\nWAITLISTED: waitlisted\nCANCELLED: cancelled\nWALK_IN: walk_in', db_default='confirmed', enum_type=RsvpStatus, max_length=12),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='checkin_code',
            field=fields.CharField(null=True, description='Random Crockford base32 code shown at check-in (QR code in the emails).', max_length=8),
        ),
        ops.RunPython(give_live_rsvps_codes),
        ops.AddConstraint(
            model_name='Rsvp',
            constraint=UniqueConstraint(fields=('event_id', 'checkin_code'), name=None),
        ),
    ]
