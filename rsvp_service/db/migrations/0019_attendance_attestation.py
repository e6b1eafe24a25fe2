from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Issue 40: each hours entry says who attests it (the organizer who checked the person in, their
# role, an address at the organization), the slot's times and the event's kind of service. All
# NULL on rows written before, which records show as checked in without a named attester.


class Migration(migrations.Migration):
    dependencies = [('models', '0018_hours_record_pdf')]

    initial = False

    operations = [
        ops.AddField(model_name='Attendance', name='attested_name', field=fields.CharField(
            null=True, description="The organizer who checked the person in.", max_length=200)),
        ops.AddField(model_name='Attendance', name='attested_role', field=fields.CharField(
            null=True, description="Their role at the organization.", max_length=200)),
        ops.AddField(model_name='Attendance', name='attested_email', field=fields.CharField(
            null=True, description="An address at the organization.", max_length=320)),
        ops.AddField(model_name='Attendance', name='attested_organization', field=fields.CharField(
            null=True, description="The organization's name then.", max_length=200)),
        ops.AddField(model_name='Attendance', name='service_type', field=fields.CharField(
            null=True, description="The event's kind of service then.", max_length=20)),
        ops.AddField(model_name='Attendance', name='starts_at', field=fields.DatetimeField(
            null=True, description="The slot's start.")),
        ops.AddField(model_name='Attendance', name='ends_at', field=fields.DatetimeField(
            null=True, description="The slot's end.")),
    ]
