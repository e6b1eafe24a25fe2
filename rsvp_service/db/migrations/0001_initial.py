from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    initial = True

    operations = [
        ops.CreateModel(
            name='OutboxMessage',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('recipient', fields.CharField(max_length=254)),
                ('subject', fields.CharField(max_length=300)),
                ('message', fields.BinaryField(description='The RFC 5322 message as bytes.')),
                ('attempts', fields.IntField(default=0)),
                ('next_attempt_at', fields.DatetimeField(db_index=True, auto_now=False, auto_now_add=False)),
                ('claimed_until', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('sent_at', fields.DatetimeField(null=True, db_index=True, auto_now=False, auto_now_add=False)),
                ('last_error', fields.TextField(null=True, unique=False)),
            ],
            options={'table': 'mail_outbox', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An email waiting for (or done with) delivery by the sender task.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='SlotCount',
            fields=[
                ('slot_id', fields.CharField(primary_key=True, unique=True, db_index=True, max_length=200)),
                ('count', fields.IntField(default=0)),
            ],
            options={'table': 'rsvp_slot_count', 'app': 'models', 'pk_attr': 'slot_id', 'table_description': 'How many RSVPs a slot has, kept in step with inserts so counting is one row read.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='User',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('name', fields.CharField(max_length=200)),
                ('email', fields.CharField(unique=True, max_length=320)),
                ('role', fields.CharField(default='volunteer', max_length=32)),
                ('phone', fields.CharField(null=True, max_length=40)),
                ('is_verified', fields.BooleanField(default=False)),
                ('password_hash', fields.CharField(null=True, max_length=255)),
                ('google_iss', fields.CharField(null=True, max_length=255)),
                ('google_sub', fields.CharField(null=True, max_length=255)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'users', 'app': 'models', 'unique_together': (('google_iss', 'google_sub'),), 'pk_attr': 'id', 'table_description': 'A person with an account: password, Google, or both.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='EmailToken',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='email_tokens', on_delete=OnDelete.CASCADE)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('used_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'email_tokens', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A single-use email-verification token, stored only as a hash.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='RefreshToken',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('family', fields.UUIDField(db_index=True)),
                ('parent_id', fields.IntField(null=True)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='refresh_tokens', on_delete=OnDelete.CASCADE)),
                ('used', fields.BooleanField(default=False)),
                ('revoked', fields.BooleanField(default=False)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'refresh_tokens', 'app': 'models', 'pk_attr': 'id', 'table_description': 'One link of a rotating refresh-token chain (a family is one sign-in session).'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='Rsvp',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('event_id', fields.CharField(description='Slot id from events.json.', max_length=200)),
                ('event', fields.CharField(description='Event slug the slot belongs to.', max_length=200)),
                ('email', fields.CharField(description='Normalized email address.', max_length=254)),
                ('first_name', fields.CharField(max_length=100)),
                ('last_name', fields.CharField(max_length=100)),
                ('phone', fields.CharField(null=True, max_length=40)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', null=True, db_constraint=True, to_field='id', related_name='rsvps', on_delete=OnDelete.SET_NULL)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
            ],
            options={'table': 'rsvp', 'app': 'models', 'unique_together': (('event_id', 'email'),), 'pk_attr': 'id', 'table_description': "One person's RSVP to one slot; (event_id, email) is unique."},
            bases=['Model'],
        ),
    ]
