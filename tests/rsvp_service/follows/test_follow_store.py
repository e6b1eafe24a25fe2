"""The follows store over time: unconfirmed guest follows expire with guest data.

On SQLite and PostgreSQL: the cut-off compares stored timestamps.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import httpx
import pytest
from follows_testkit import (
    FOREST,
    KEEN,
    follow_content,
    follows,
)
from organize_testkit import person
from starlette.applications import Starlette

from rsvp_service.follows.models import Follow, Follower
from rsvp_service.follows.store import erase_unconfirmed
from rsvp_service.privacy.retention import GuestDataEraser
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=follow_content)


async def test_unconfirmed_guest_follows_expire_and_confirmed_ones_stay(
    client: httpx.AsyncClient, settings: Settings, app: Starlette,
) -> None:
    _, ann = await person(settings, "ann")
    await follows(client, KEEN, headers=ann)
    await follows(client, KEEN, email="gus@example.org")
    await follows(client, FOREST, email="ann@example.org")
    asked = (await Follower.get(email="gus@example.org")).created_at

    assert await erase_unconfirmed(asked + timedelta(days=89), 90) == 0
    assert await erase_unconfirmed(asked + timedelta(days=90, minutes=1), 90) == 2
    # Gus never confirmed: he is gone. Ann keeps her confirmed follow and her address row.
    assert not await Follower.exists(email="gus@example.org")
    assert [f.target for f in await Follow.filter(follower__email="ann@example.org")] == [
        "keenstl"]


async def test_the_hourly_guest_data_pass_erases_them(
    client: httpx.AsyncClient, settings: Settings, app: Starlette,
) -> None:
    await follows(client, KEEN, email="gus@example.org")
    assert await Follow.all().count() == 1
    settings.civic_now = datetime.now().astimezone() + timedelta(days=settings.guest_data_days + 1)
    await GuestDataEraser(settings, lambda: app.state.catalogue).run_pass()
    assert await Follow.all().count() == 0
