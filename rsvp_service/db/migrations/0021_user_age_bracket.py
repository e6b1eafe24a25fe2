from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Issue 40, item 5: the volunteer's age bracket for the President's Volunteer Service Award
# ("11-15", "16-25" or "26+"), never a birth date. NULL until they say it, as on every row
# written before.


class Migration(migrations.Migration):
    dependencies = [('models', '0020_outside_hours')]

    initial = False

    operations = [
        ops.AddField(model_name='User', name='age_bracket', field=fields.CharField(
            null=True, description="The PVSA age bracket the volunteer gave.", max_length=8)),
    ]
