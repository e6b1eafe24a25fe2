from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0003_outbox_dead_letters')]

    initial = False

    operations = [
        ops.CreateModel(
            name='PasswordResetToken',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('token_hash', fields.CharField(unique=True, max_length=64)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='password_reset_tokens', on_delete=OnDelete.CASCADE)),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('expires_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('used_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'password_reset_tokens', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A single-use password-reset token, stored only as a hash; only the newest one is kept.'},
            bases=['Model'],
        ),
    ]
