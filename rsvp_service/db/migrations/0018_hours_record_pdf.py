from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Hours-record PDFs made once (issue 35): the PDF is kept with its record on the first fetch, so
# later fetches send the same bytes without making it again; revoking a record drops it.
class Migration(migrations.Migration):
    dependencies = [('models', '0017_rsvp_client_share')]

    initial = False

    operations = [
        ops.AddField(
            model_name='HoursRecord',
            name='pdf',
            field=fields.BinaryField(null=True, description="The record's PDF, made on its first fetch and kept (a snapshot)."),
        ),
    ]
