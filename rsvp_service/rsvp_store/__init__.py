"""Where RSVPs are written and counted: the hot path, on its own connections beside Tortoise.

POST /api/rsvp and GET /api/rsvp are most of the service's traffic, so they skip the ORM:
SQLite commits concurrent RSVPs together in one transaction (`sqlite.py`), PostgreSQL writes
each in one statement (`postgres.py`), and both read counts from the per-slot counter row.
"""

from __future__ import annotations

from rsvp_service.db import tortoise_config
from rsvp_service.rsvp_store.records import NewRsvp, Outcome, RsvpStore
from rsvp_service.settings import Settings

__all__ = ["NewRsvp", "Outcome", "RsvpStore", "open_rsvp_store"]


async def open_rsvp_store(settings: Settings) -> RsvpStore:
    """Open the store for DATABASE_URL (after migrations have created the tables)."""
    if settings.is_sqlite:
        from rsvp_service.rsvp_store.sqlite import SqliteRsvpStore

        credentials = dict(tortoise_config(settings.database_url)["connections"]["sqlite"][
            "credentials"])
        path = str(credentials.pop("file_path"))
        return SqliteRsvpStore(path, credentials)
    from rsvp_service.rsvp_store.postgres import PostgresRsvpStore

    return await PostgresRsvpStore.open(settings.database_url)
