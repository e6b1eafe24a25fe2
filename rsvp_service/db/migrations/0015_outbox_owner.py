from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Issue 35: which account caused an outbox row, so deleting an account that never proved its
# address deletes its own mail, not the address owner's (a guest RSVP's confirmation, say).
# Rows queued before this migration have none; a verified account's deletion still takes every
# row to its address.


class Migration(migrations.Migration):
    dependencies = [('models', '0014_outbox_hand_over')]

    initial = False

    operations = [
        ops.AddField(
            model_name='OutboxMessage',
            name='user_id',
            field=fields.IntField(null=True, db_index=True, description="The account whose action or data caused the email, if any (deleting the account deletes its rows, never another's to the same address)."),
        ),
    ]
