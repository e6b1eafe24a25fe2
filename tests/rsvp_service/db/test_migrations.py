"""The migrations describe the models exactly: a model change without its migration fails here."""

from __future__ import annotations

from tortoise.context import TortoiseContext
from tortoise.migrations.autodetector import MigrationAutodetector

from rsvp_service.db.connection import tortoise_config


async def test_the_models_need_no_migration_beyond_the_committed_ones() -> None:
    config = tortoise_config("sqlite://:memory:")
    context = TortoiseContext()
    with context:
        await context.init(config=config)
        try:
            changes = await MigrationAutodetector(context.apps, config["apps"]).changes()
        finally:
            await context.close_connections()
    missing = [(type(op).__name__, vars(op)) for change in changes for op in change.operations]
    assert missing == [], "Models differ from rsvp_service/db/migrations; write the migration."
