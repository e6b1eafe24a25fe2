from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Mail handed to the relay with no "sent" recorded is uncertain and is held for an operator
# instead of being sent blindly again; so is mail that was pending in a restored backup (issue 35).
class Migration(migrations.Migration):
    dependencies = [('models', '0013_organizer_blocks')]

    initial = False

    operations = [
        ops.AddField(
            model_name='OutboxMessage',
            name='handed_at',
            field=fields.DatetimeField(null=True, description='When DATA began on the last attempt; without sent_at, delivery is uncertain.', auto_now=False, auto_now_add=False),
        ),
        ops.AddField(
            model_name='OutboxMessage',
            name='held_at',
            field=fields.DatetimeField(null=True, description='Held for an operator (see last_error): sent only after `outbox release`.', auto_now=False, auto_now_add=False),
        ),
    ]
