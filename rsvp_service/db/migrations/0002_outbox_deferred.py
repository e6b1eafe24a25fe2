from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0001_initial')]

    initial = False

    operations = [
        ops.AlterField(
            model_name='OutboxMessage',
            name='message',
            field=fields.BinaryField(null=True, description='The RFC 5322 message (kind raw).'),
        ),
        ops.AddField(
            model_name='OutboxMessage',
            name='kind',
            field=fields.CharField(default='raw', description='raw, or a deferred kind.', max_length=40),
        ),
        ops.AddField(
            model_name='OutboxMessage',
            name='payload',
            field=fields.JSONField(null=True, description='What a deferred kind is built from.', encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads),
        ),
    ]
