import re
from typing import Any

from enum import StrEnum

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields
from tortoise.indexes import Index
from tortoise.migrations.constraints import UniqueConstraint


class RsvpStatus(StrEnum):
    """RsvpStatus as this migration wrote it.

    A copy, not an import of the live enum: renaming a value later cannot rewrite history.
    """

    CONFIRMED = "confirmed"
    WAITLISTED = "waitlisted"
    CANCELLED = "cancelled"


async def drop_unique_slot_email(apps: Any, schema_editor: Any) -> None:
    """Drop UNIQUE (event_id, email): a cancelled RSVP must not block a new one."""
    client = schema_editor.client
    if client.capabilities.dialect != "sqlite":
        model = apps.get_model("models.Rsvp")
        await schema_editor.remove_constraint(
            model, UniqueConstraint(fields=("event_id", "email"), name=None)
        )
        return
    # SQLite keeps the constraint inside CREATE TABLE and cannot drop it (Tortoise 1.1.9 tries
    # DROP INDEX): rebuild the table without it, as SQLite's ALTER TABLE documentation says.
    rows = await client.execute_query_dict("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'rsvp'")
    create = rows[0]["sql"]
    without = re.sub(r',\s*CONSTRAINT "[^"]+" UNIQUE \("event_id", "email"\)', "", create)
    if without == create:
        raise RuntimeError("The rsvp table has no UNIQUE (event_id, email) constraint to drop.")
    new_table = without.replace('CREATE TABLE "rsvp"', 'CREATE TABLE "new__rsvp"', 1)
    for statement in (
        new_table,
        'INSERT INTO "new__rsvp" SELECT * FROM "rsvp"',
        'DROP TABLE "rsvp"',
        'ALTER TABLE "new__rsvp" RENAME TO "rsvp"',
    ):
        await client.execute_script(statement)


class Migration(migrations.Migration):
    dependencies = [('models', '0004_password_reset')]

    initial = False

    operations = [
        ops.RunPython(drop_unique_slot_email),
        ops.CreateModel(
            name='CancelToken',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('rsvp', fields.ForeignKeyField('models.Rsvp', source_field='rsvp_id', db_constraint=True, to_field='id', related_name='cancel_tokens', on_delete=OnDelete.CASCADE)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'rsvp_cancel_token', 'app': 'models', 'pk_attr': 'id', 'table_description': "A cancel link's token, stored only as its SHA-256; one per email sent about an RSVP."},
            bases=['Model'],
        ),
        ops.AlterModelOptions(
            name='Rsvp',
            options={'table': 'rsvp', 'app': 'models', 'unique_together': (('event_id', 'active_email'),), 'indexes': [Index(fields=['event_id', 'status', 'waitlist_ticket'])], 'pk_attr': 'id', 'table_description': "One person's RSVP to one slot; (event_id, active_email) is unique, so only one live one."},
        ),
        ops.AddField(
            model_name='Rsvp',
            name='active_email',
            field=fields.CharField(null=True, description='The email while the RSVP is not cancelled, NULL after: keeps one live RSVP per person and slot while letting a cancelled one be followed by a new one.', max_length=254),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='cancelled_at',
            field=fields.DatetimeField(null=True, auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='status',
            field=fields.CharEnumField(default=RsvpStatus.CONFIRMED, description='CONFIRMED: confirmed\nWAITLISTED: waitlisted\nCANCELLED: cancelled', db_default='confirmed', enum_type=RsvpStatus, max_length=12),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='waitlist_ticket',
            field=fields.IntField(null=True, description="Arrival order on the slot's waitlist (from the slot counter)."),
        ),
        ops.AddIndex(
            model_name='Rsvp',
            index=Index(fields=['event_id', 'status', 'waitlist_ticket']),
        ),
        # RSVPs made before waitlists are all live: each keeps its address in the unique key.
        ops.RunSQL('UPDATE rsvp SET active_email = email'),
        ops.AddConstraint(
            model_name='Rsvp',
            constraint=UniqueConstraint(fields=('event_id', 'active_email'), name=None),
        ),
        ops.AlterModelOptions(
            name='SlotCount',
            options={'table': 'rsvp_slot_count', 'app': 'models', 'pk_attr': 'slot_id', 'table_description': "A slot's confirmed and waiting RSVPs, kept in step with writes so counting is one row read."},
        ),
        ops.AddField(
            model_name='SlotCount',
            name='tickets',
            field=fields.IntField(default=0, description='Waitlist tickets handed out (arrival order).', db_default=0),
        ),
        ops.AddField(
            model_name='SlotCount',
            name='waitlist',
            field=fields.IntField(default=0, db_default=0),
        ),
    ]
