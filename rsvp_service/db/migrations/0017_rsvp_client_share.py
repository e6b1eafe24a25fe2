from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields
from tortoise.indexes import Index

# A slot's share per client (issue 35): RSVPs made without a verified account keep keyed hashes
# of the client's network and canonical mailbox (never the IP or the address), so the seats one
# client holds in a slot can be counted. Rows made before have none and count for nobody.
class Migration(migrations.Migration):
    dependencies = [('models', '0016_hours_reason')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Rsvp',
            name='client_key',
            field=fields.CharField(max_length=32, null=True, description="HMAC of the client's network (IPv4 address, IPv6 /64) under a key of its own; NULL for RSVPs of verified accounts."),
        ),
        ops.AddField(
            model_name='Rsvp',
            name='mailbox_key',
            field=fields.CharField(max_length=32, null=True, description='HMAC of the canonical mailbox (no +tag, no ignored dots); NULL for RSVPs of verified accounts.'),
        ),
        ops.AddIndex(model_name='Rsvp', index=Index(fields=['slot_id', 'client_key'])),
        ops.AddIndex(model_name='Rsvp', index=Index(fields=['slot_id', 'mailbox_key'])),
    ]
