"""Database write failures answer 503 with Retry-After; the service recovers by itself."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import asyncpg
import httpx
import pytest
from service_testkit import rsvp
from starlette.applications import Starlette
from tortoise.context import get_current_context

from rsvp_service.app.app import create_app
from rsvp_service.db.check import DatabaseNotWritable
from rsvp_service.db.connection import close_database, open_database, tortoise_config
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings
from rsvp_service.web.errors import DATABASE_UNAVAILABLE

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


def assert_unavailable(response: httpx.Response) -> None:
    """A 503 with Retry-After and the full sentence, in the endpoint's shape."""
    assert response.status_code == 503
    assert int(response.headers["retry-after"]) > 0
    assert response.json() == {"error": DATABASE_UNAVAILABLE}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_read_only_sqlite_database_gets_503_then_recovers(
    app: Starlette, client: httpx.AsyncClient
) -> None:
    connection = get_current_context().db()  # type: ignore[union-attr]
    # What SQLite answers for a read-only file: "attempt to write a readonly database".
    await connection.execute_script("PRAGMA query_only=1")
    refused = await client.post("/api/rsvp", json=rsvp())
    count = await client.get("/api/rsvp")
    await connection.execute_script("PRAGMA query_only=0")
    accepted = await client.post("/api/rsvp", json=rsvp())

    assert_unavailable(refused)
    assert count.json()["count"] == 0  # reads still work
    assert accepted.status_code == 201
    assert await Rsvp.all().count() == 1


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_a_full_sqlite_disk_gets_503_then_recovers(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    # How many RSVPs fit in the file's free pages depends on its history (migrations): the
    # per-IP RSVP limit is raised out of the way so the disk is what refuses.
    async with make_client(make_settings(rate_limit_scale=20)) as client:
        connection = get_current_context().db()  # type: ignore[union-attr]
        # SQLite answers SQLITE_FULL ("database or disk is full") past max_page_count, exactly
        # as for a full disk. The cap cannot go below the file's size, so this is "no more
        # pages": RSVPs are stored while its pages have room, then refused.
        await connection.execute_script("PRAGMA max_page_count=1")
        answers = []
        for n in range(300):
            answers.append(await client.post("/api/rsvp", json=rsvp(email=f"p{n}@example.org")))
            if answers[-1].status_code != 201:
                break
        await connection.execute_script("PRAGMA max_page_count=1073741823")
        accepted = await client.post("/api/rsvp", json=rsvp(email="after@example.org"))

        assert_unavailable(answers[-1])
        assert accepted.status_code == 201
        # Nothing refused was stored, everything acknowledged was, and the count agrees.
        stored = [a.json()["email"] for a in answers[:-1]] + ["after@example.org"]
        assert sorted(row.email for row in await Rsvp.all()) == sorted(stored)
        assert (await client.get("/api/rsvp")).json()["count"] == len(stored)


def test_writes_wait_five_seconds_for_another_process_lock_by_default() -> None:
    sqlite = tortoise_config("sqlite://var/x.sqlite3")["connections"]["sqlite"]["credentials"]
    postgres = tortoise_config("postgres://u@h/db")["connections"]["postgres"]["credentials"]
    assert sqlite["busy_timeout"] == 5000
    assert postgres["server_settings"]["lock_timeout"] == "5000ms"
    chosen = tortoise_config("sqlite://var/x.sqlite3?busy_timeout=100", lock_timeout=2)
    assert chosen["connections"]["sqlite"]["credentials"]["busy_timeout"] == "100"


async def test_a_database_locked_by_another_process_gets_503_then_recovers(
    make_settings: Callable[..., Settings], make_client: MakeClient, db_url: str
) -> None:
    settings = make_settings(database_lock_timeout_seconds=0.2)
    async with make_client(settings) as client:
        connection = get_current_context().db()  # type: ignore[union-attr]
        if db_url.startswith("sqlite://"):
            applied = await connection.execute_query_dict("PRAGMA busy_timeout")
            assert applied == [{"timeout": 200}]
            other = sqlite3.connect(db_url.removeprefix("sqlite://").split("?", 1)[0],
                                    isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")  # another process holds the database
            try:
                refused = await client.post("/api/rsvp", json=rsvp())
            finally:
                other.execute("ROLLBACK")
                other.close()
        else:
            applied = await connection.execute_query_dict("SHOW lock_timeout")
            assert applied == [{"lock_timeout": "200ms"}]
            holder = await asyncpg.connect(db_url)
            try:
                async with holder.transaction():
                    await holder.execute("LOCK TABLE rsvp_slot_count IN ACCESS EXCLUSIVE MODE")
                    refused = await client.post("/api/rsvp", json=rsvp())
            finally:
                await holder.close()
        accepted = await client.post("/api/rsvp", json=rsvp())
        stored = await Rsvp.all().count()

    assert_unavailable(refused)
    assert accepted.status_code == 201
    assert stored == 1


@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
async def test_lost_postgres_connections_get_503_then_recover(
    app: Starlette, client: httpx.AsyncClient, postgres_url: str
) -> None:
    assert (await client.post("/api/rsvp", json=rsvp(email="first@example.org"))).status_code == 201
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
    finally:
        await admin.close()

    answers = []
    for n in range(20):
        answers.append(await client.post("/api/rsvp", json=rsvp(email=f"p{n}@example.org")))
        if answers[-1].status_code == 201:
            break

    assert answers[-1].status_code == 201
    for refused in answers[:-1]:
        assert_unavailable(refused)
    stored = {row.email for row in await Rsvp.all()}
    assert stored == {"first@example.org", answers[-1].json()["email"]}


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_the_service_refuses_to_start_on_a_database_it_cannot_write(
    make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    url = f"sqlite://{tmp_path / 'db.sqlite3'}"
    await close_database(await open_database(make_settings(database_url=url)))
    read_only = make_settings(database_url=f"{url}?query_only=1")
    app = create_app(read_only)

    with pytest.raises(DatabaseNotWritable) as caught:
        async with app.router.lifespan_context(app):
            pass

    message = str(caught.value)
    assert message.startswith(f"The database {tmp_path / 'db.sqlite3'} (DATABASE_URL) cannot be "
                              "written: ")
    assert "readonly" in message
    assert message.endswith("Let the service write the file and create files in its folder "
                            "(and free some space), and start again.")
    # Writable again: it starts.
    app = create_app(make_settings(database_url=url))
    async with app.router.lifespan_context(app):
        await asyncio.sleep(0)
