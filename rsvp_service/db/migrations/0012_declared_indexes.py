from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

# The indexes the models declare but databases lacked (rsvp_service/db/tortoise_adapter.py now
# keeps them): the outbox's on SQLite (0002 rebuilt its table without them) and dead_at's on both
# (0003 added the column alone); consents by RSVP, which every roster and check-in looks up.
OUTBOX = [("idx_mail_outbox_next_at_29458a", "next_attempt_at"),
          ("idx_mail_outbox_sent_at_bbefc8", "sent_at"),
          ("idx_mail_outbox_dead_at_3357ba", "dead_at")]


class Migration(migrations.Migration):
    dependencies = [('models', '0011_guardian_consent')]

    initial = False

    operations = [
        *[ops.RunSQL(f'CREATE INDEX IF NOT EXISTS "{name}" ON "mail_outbox" ("{column}")')
          for name, column in OUTBOX],
        ops.AlterField(
            model_name='GuardianConsent',
            name='rsvp',
            field=fields.ForeignKeyField('models.Rsvp', source_field='rsvp_id', db_index=True, db_constraint=True, to_field='id', related_name='guardian_consents', on_delete=OnDelete.CASCADE),
        ),
    ]
