from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('models', '0005_rsvp_waitlist')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Rsvp',
            name='confirmed_at',
            field=fields.DatetimeField(null=True, description='When the RSVP got its seat (made, or promoted from the waitlist).', auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='reminder_queued_at',
            field=fields.DatetimeField(null=True, description='When its reminder email was queued; set once, by one process.', auto_now=False, auto_now_add=False),
        ),
        ops.AddIndex(
            model_name='Rsvp',
            index=Index(fields=['event_id', 'status', 'reminder_queued_at', 'confirmed_at']),
        ),
        # Seats taken before this migration: when a promotion happened is not recorded, so the
        # RSVP's own time stands in (such a person may get a reminder soon after a late promotion).
        ops.RunSQL("UPDATE rsvp SET confirmed_at = created_at WHERE status = 'confirmed'"),
    ]
