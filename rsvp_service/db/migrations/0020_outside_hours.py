from enum import StrEnum

from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields


class Answer(StrEnum):
    """Answer as this migration wrote it (a copy: renaming a value later cannot rewrite history)."""

    CONFIRMED = "confirmed"
    ADJUSTED = "adjusted"
    DECLINED = "declined"
    NOT_ME = "not_me"
    EXPIRED = "expired"
    WITHDRAWN = "withdrawn"


# Issue 40, item 2: hours served elsewhere, confirmed by the supervisor's answer to an email, and
# the supervisor addresses that said "not me" (as keyed hashes).
class Migration(migrations.Migration):
    dependencies = [('models', '0019_attendance_attestation')]

    initial = False

    operations = [
        ops.CreateModel(
            name='OutsideHoursRequest',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('user', fields.ForeignKeyField('models.User', source_field='user_id', db_constraint=True, to_field='id', related_name='outside_hours', on_delete=OnDelete.CASCADE, db_index=True)),
                ('organization', fields.CharField(max_length=200)),
                ('date', fields.DateField(description="The day served, in the catalogue's timezone.")),
                ('starts_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('ends_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('hours', fields.DecimalField(description='From the times: more than 0, at most 24.', max_digits=5, decimal_places=2)),
                ('description', fields.TextField(description='What the volunteer did.', unique=False)),
                ('service_type', fields.CharField(max_length=20)),
                ('supervisor_name', fields.CharField(max_length=200)),
                ('supervisor_email', fields.CharField(null=True, description='Normalized; NULL once the request ends without confirming hours.', max_length=320)),
                ('supervisor_key', fields.CharField(null=True, db_index=True, description='Keyed hash of the canonical mailbox (pending caps); NULL with the address.', max_length=64)),
                ('honesty_accepted_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('not_relative', fields.BooleanField(description='The volunteer said the supervisor is no relative of theirs.')),
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('outbox_id', fields.BigIntField(null=True, description="The request's email in the outbox.")),
                ('opened_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('reminded_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('answered_at', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
                ('answer', fields.CharEnumField(null=True, db_index=True, description='CONFIRMED: confirmed\nADJUSTED: adjusted\nDECLINED: declined\nNOT_ME: not_me\nEXPIRED: expired\nWITHDRAWN: withdrawn', enum_type=Answer, max_length=10)),
                ('confirmed_hours', fields.DecimalField(null=True, description='The hours the supervisor confirmed (adjusted or as asked).', max_digits=5, decimal_places=2)),
                ('supervisor_role', fields.CharField(null=True, max_length=200)),
                ('supervisor_note', fields.TextField(null=True, description='Their note or reason, if any.', unique=False)),
            ],
            options={'table': 'outside_hours_request', 'app': 'models', 'pk_attr': 'id', 'table_description': 'Hours a volunteer served elsewhere, and their supervisor\'s answer by email.'},
            bases=['Model'],
        ),
        ops.CreateModel(
            name='BlockedSupervisor',
            fields=[
                ('id', fields.BigIntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, description='Keyed hash of the canonical mailbox.', max_length=64)),
                ('blocked_at', fields.DatetimeField(auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'blocked_supervisor', 'app': 'models', 'pk_attr': 'id', 'table_description': 'An address whose owner answered "not me": no request goes to it again.'},
            bases=['Model'],
        ),
    ]
