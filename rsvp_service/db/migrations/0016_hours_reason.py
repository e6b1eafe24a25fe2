from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Issue 35: hours above the slot's length need the organizer's reason, kept with the hours.


class Migration(migrations.Migration):
    dependencies = [('models', '0015_outbox_owner')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Attendance',
            name='hours_reason',
            field=fields.CharField(null=True, description="Why the organizer set these hours (required above the slot's length).", max_length=500),
        ),
    ]
