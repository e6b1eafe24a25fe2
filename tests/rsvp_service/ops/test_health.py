"""GET /api/health: 200 "ok" only when the database takes a write and the outbox is moving;
503 with one word ("database" or "outbox") and Retry-After otherwise."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import asyncpg
import httpx
from mail_testkit import Mailbox, SmtpServer
from service_testkit import eventually, query_rows, rsvp
from starlette.applications import Starlette
from tortoise.context import get_current_context

from rsvp_service.db.failures import FAILING_FOR, DatabaseFailures
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import RateLimiter

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


def assert_unhealthy(response: httpx.Response, reason: str) -> None:
    """A 503 whose body is the one-word reason, with Retry-After."""
    assert response.status_code == 503
    assert response.text == reason
    assert int(response.headers["retry-after"]) > 0


async def test_a_healthy_service_answers_ok(client: httpx.AsyncClient, mailbox: Mailbox) -> None:
    assert (await client.post("/api/rsvp", json=rsvp())).status_code == 201
    await mailbox.wait_for(1)

    response = await client.get("/api/health")

    assert response.status_code == 200
    assert response.text == "ok"


async def test_a_stalled_outbox_answers_503_outbox_until_the_mail_moves(
    make_settings: Callable[..., Settings], make_client: MakeClient, smtp_server: SmtpServer,
    db_url: str,
) -> None:
    settings = make_settings(outbox_stall_seconds=600)
    async with make_client(settings) as client:
        smtp_server.stop()  # the SMTP relay is down
        assert (await client.post("/api/rsvp", json=rsvp())).status_code == 201
        fresh = await client.get("/api/health")
        # ...and has been for 20 minutes: the confirmation has waited that long.
        minutes_ago = ("datetime('now', '-20 minutes')" if db_url.startswith("sqlite")
                       else "now() - interval '20 minutes'")
        await query_rows(db_url, f"UPDATE mail_outbox SET created_at = {minutes_ago}")
        stalled = await client.get("/api/health")
        smtp_server.start()
        await smtp_server.mailbox.wait_for(1, seconds=30)

        async def moving() -> bool:
            return (await client.get("/api/health")).status_code == 200

        await eventually(moving)  # once the sender has recorded the delivery

    assert fresh.status_code == 200  # mail that waits a moment is not a stall
    assert_unhealthy(stalled, "outbox")


async def test_a_database_that_cannot_be_written_answers_503_database(
    app: Starlette, client: httpx.AsyncClient, db_url: str
) -> None:
    connection = get_current_context().db()  # type: ignore[union-attr]
    if db_url.startswith("sqlite"):
        await connection.execute_script("PRAGMA query_only=1")
        refused = await client.get("/api/health")
        await connection.execute_script("PRAGMA query_only=0")
    else:
        name = db_url.rsplit("/", 1)[1]
        admin = await asyncpg.connect(db_url)
        try:
            await admin.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
            # The pool's connections reconnect, now read-only (a replica after a failover).
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                "datname = current_database() AND pid <> pg_backend_pid()")
            await client.get("/api/health")  # meets the lost connections (also a 503)
            refused = await client.get("/api/health")
        finally:
            await admin.execute(f'ALTER DATABASE "{name}" RESET default_transaction_read_only')
            await admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                                "datname = current_database() AND pid <> pg_backend_pid()")
            await admin.close()

    async def recovered() -> bool:
        # Each request that meets a lost connection drops it: the pool and the mail sender may
        # hold several, so recovery takes as many requests as there were (failed one fresh run).
        return (await client.get("/api/health")).status_code == 200

    assert_unhealthy(refused, "database")
    await eventually(recovered, seconds=5)


class SteppedClock:
    """A monotonic clock that moves only when the test says."""

    def __init__(self) -> None:
        self.seconds = 1000.0

    def __call__(self) -> float:
        """The current reading."""
        return self.seconds


async def test_a_full_disk_that_fails_writes_answers_503_database_until_writes_work_again(
    app: Starlette, client: httpx.AsyncClient, db_url: str
) -> None:
    """A full disk fails the commits of requests while reads still work. Health's own probe
    writes a row and rolls it back, which never reaches the disk, so it passed while every
    RSVP got 503 (issue 35).

    The disk is made full the way the database reports it, through the same error path:
    SQLite answers SQLITE_FULL ("database or disk is full") past `max_page_count`, the error a
    full disk gives, for writes that need a new page (RSVPs), not for the probe's row; on
    PostgreSQL a trigger on `rsvp` raises SQLSTATE 53100 (disk_full), what the server answers
    when it cannot extend a table's file. A real full disk needs a mount, which a test cannot
    rely on, and chmod does not stop root."""
    clock = SteppedClock()
    app.state.database_failures = DatabaseFailures(clock)
    # How many RSVPs fit in the file's free pages depends on its history: the per-IP RSVP limit
    # is raised out of the way, so the disk is what refuses.
    app.state.rate_limiter = RateLimiter("async+memory://", scale=20)
    connection = get_current_context().db()  # type: ignore[union-attr]
    before = await client.get("/api/health")
    if db_url.startswith("sqlite"):
        await connection.execute_script("PRAGMA max_page_count=1")
    else:
        await connection.execute_script(
            "CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
            "RAISE EXCEPTION 'could not extend file: No space left on device' "
            "USING ERRCODE = 'disk_full'; END $$; "
            "CREATE TRIGGER disk_full BEFORE INSERT ON rsvp FOR EACH ROW EXECUTE FUNCTION "
            "disk_full()")
    try:
        answers = []
        for n in range(300):  # SQLite stores RSVPs while its last pages have room
            answers.append(await client.post("/api/rsvp", json=rsvp(email=f"p{n}@example.org")))
            if answers[-1].status_code != 201:
                break
        full = await client.get("/api/health")
        reads = await client.get("/api/rsvp")
    finally:
        if db_url.startswith("sqlite"):
            await connection.execute_script("PRAGMA max_page_count=1073741823")
        else:
            await connection.execute_script("DROP TRIGGER disk_full ON rsvp; "
                                            "DROP FUNCTION disk_full()")
    # Space is freed: writes work at once, and health says so once no failure is recent.
    accepted = await client.post("/api/rsvp", json=rsvp(email="after@example.org"))
    clock.seconds += FAILING_FOR - 1
    settling = await client.get("/api/health")
    clock.seconds += 1
    recovered = await client.get("/api/health")

    assert before.status_code == 200
    assert answers[-1].status_code == 503  # what every writer saw...
    assert reads.status_code == 200
    assert_unhealthy(full, "database")  # ...and now health sees it too
    assert accepted.status_code == 201
    assert_unhealthy(settling, "database")
    assert recovered.status_code == 200
    assert recovered.text == "ok"
