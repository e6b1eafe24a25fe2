from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

# Issue 41, item 4: an account, an RSVP, a follow, a consent request and an outside-hours
# request remember the language they were made in, so every email about them is in it. Rows
# written before were all made in English: the database default fills them with "en".


def _language(description: str) -> fields.CharField:
    return fields.CharField(max_length=16, default="en", db_default="en", description=description)


class Migration(migrations.Migration):
    dependencies = [('models', '0021_user_age_bracket')]

    initial = False

    operations = [
        ops.AddField(model_name='User', name='language', field=_language(
            "The account's language: its emails and its API answers' default (issue 41).")),
        ops.AddField(model_name='Rsvp', name='language', field=_language(
            "The language the RSVP was made in: its emails are written in it.")),
        ops.AddField(model_name='Follower', name='language', field=_language(
            "The language the follow was made in: its digests are written in it.")),
        ops.AddField(model_name='GuardianConsent', name='language', field=_language(
            "The language the volunteer asked in: the guardian's email is written in it.")),
        ops.AddField(model_name='OutsideHoursRequest', name='language', field=_language(
            "The volunteer's language: the supervisor's email and the record follow it.")),
    ]
