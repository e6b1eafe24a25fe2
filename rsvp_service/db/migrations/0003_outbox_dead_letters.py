from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise import fields
from datetime import UTC, datetime

PARKED = "Queued as a finished message by an earlier version, which this version cannot rebuild."


async def park_prebuilt_messages(apps, schema_editor):
    """Unsent rows of the old kind 'raw' cannot be rebuilt: park them as dead letters."""
    client = schema_editor.client
    now = datetime.now(UTC)
    if client.capabilities.dialect == "postgres":
        sql = ("UPDATE mail_outbox SET payload = '{}', dead_at = CASE WHEN sent_at IS NULL "
               "THEN $1::timestamptz END, last_error = CASE WHEN sent_at IS NULL THEN $2 "
               "ELSE last_error END WHERE kind = 'raw'")
        await client.execute_query(sql, [now, PARKED])
    else:
        sql = ("UPDATE mail_outbox SET payload = '{}', dead_at = CASE WHEN sent_at IS NULL "
               "THEN ? END, last_error = CASE WHEN sent_at IS NULL THEN ? "
               "ELSE last_error END WHERE kind = 'raw'")
        # Tortoise's SQLite backend stores datetimes as ISO text with a space.
        await client.execute_query(sql, [now.isoformat(" "), PARKED])


async def confirmations_by_slot_id(apps, schema_editor):
    """Confirmations queued with a copy of their slot keep only its id (the sender looks it up)."""
    client = schema_editor.client
    if client.capabilities.dialect == "postgres":
        sql = ("UPDATE mail_outbox SET payload = jsonb_build_object('slot_id', payload->'slot'->>'id', "
               "'first_name', payload->>'first_name', 'last_name', payload->>'last_name') "
               "WHERE kind = 'rsvp_confirmation' AND payload ? 'slot'")
    else:
        sql = ("UPDATE mail_outbox SET payload = json_object('slot_id', json_extract(payload, '$.slot.id'), "
               "'first_name', json_extract(payload, '$.first_name'), 'last_name', "
               "json_extract(payload, '$.last_name')) "
               "WHERE kind = 'rsvp_confirmation' AND json_extract(payload, '$.slot') IS NOT NULL")
    await client.execute_query(sql)


async def clear_finished_schedules(apps, schema_editor):
    """Sent and dead rows leave the schedule, so its index holds only mail still to send."""
    await schema_editor.client.execute_query(
        "UPDATE mail_outbox SET next_attempt_at = NULL WHERE sent_at IS NOT NULL OR dead_at IS NOT NULL"
    )

class Migration(migrations.Migration):
    dependencies = [('models', '0002_outbox_deferred')]

    initial = False

    operations = [
        ops.AddField(
            model_name='OutboxMessage',
            name='claim',
            field=fields.CharField(null=True, description='The sender holding the lease; only it may update.', max_length=32),
        ),
        ops.AddField(
            model_name='OutboxMessage',
            name='connection_failed',
            field=fields.BooleanField(default=False, db_default=False, description='The last attempt could not reach the mail server.'),
        ),
        ops.AddField(
            model_name='OutboxMessage',
            name='dead_at',
            field=fields.DatetimeField(null=True, db_index=True, description='Given up on: a dead letter (see last_error).', auto_now=False, auto_now_add=False),
        ),
        ops.RunPython(park_prebuilt_messages),
        ops.RunPython(confirmations_by_slot_id),
        ops.AlterModelOptions(
            name='OutboxMessage',
            options={'table': 'mail_outbox', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An email waiting for, done with, or given up on delivery; built by the sender when sent.'},
        ),
        ops.AlterField(
            model_name='OutboxMessage',
            name='kind',
            field=fields.CharField(description='Which builder makes the message.', max_length=40),
        ),
        ops.AlterField(
            model_name='OutboxMessage',
            name='payload',
            field=fields.JSONField(description="What the kind's builder needs (slot id, names).", encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
        ops.AlterField(
            model_name='OutboxMessage',
            name='next_attempt_at',
            field=fields.DatetimeField(null=True, db_index=True, description='When to try next; NULL once sent or dead.', auto_now=False, auto_now_add=False),
        ),
        ops.RunPython(clear_finished_schedules),
        ops.RemoveField(model_name='OutboxMessage', name='message'),
        ops.RemoveField(model_name='OutboxMessage', name='subject'),
    ]
