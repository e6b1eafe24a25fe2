"""Flash crowd: 2,000 different people RSVP at once to a 50-seat slot of a real uvicorn service
(SQLite with one worker, PostgreSQL with two): exactly 50 seated, everyone else waitlisted with
positions 1..1950 in the order the service took them, nobody twice, and the count right."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections import Counter
from pathlib import Path

import asyncpg
import httpx
import pytest
from conftest import SmtpServer, free_port
from service_testkit import TINY_SLOT, ServiceProcess, fixture_events, service_env

PEOPLE, SEATS, CLIENTS = 2_000, 50, 100


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def crowd_db(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, int]:
    """The database and worker count: a fresh SQLite file with 1 worker, or PostgreSQL with 2."""
    if request.param == "sqlite":
        return f"sqlite://{tmp_path / 'crowd.sqlite3'}", 1
    url: str = request.getfixturevalue("postgres_url")
    return url, 2


async def _rows(url: str, sql: str) -> list[tuple[object, ...]]:
    if url.startswith("sqlite://"):
        with sqlite3.connect(url.removeprefix("sqlite://")) as db:
            rows = db.execute(sql).fetchall()
        db.close()
        return rows
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()


async def rush(base_url: str) -> list[httpx.Response]:
    """Send all the RSVPs with CLIENTS connections in flight (a queue, not one task each)."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for n in range(PEOPLE):
        queue.put_nowait(n)
    answers: list[httpx.Response] = []
    limits = httpx.Limits(max_connections=CLIENTS, max_keepalive_connections=CLIENTS)
    async with httpx.AsyncClient(base_url=base_url, limits=limits, timeout=120) as http:

        async def worker() -> None:
            while not queue.empty():
                n = queue.get_nowait()
                answers.append(await http.post("/api/rsvp", json={
                    "eventId": TINY_SLOT, "firstName": "P", "email": f"p{n}@crowd.example.org",
                    "waitlist": True}))

        await asyncio.gather(*(worker() for _ in range(CLIENTS)))
    return answers


async def test_two_thousand_people_rush_fifty_seats(
    crowd_db: tuple[str, int], smtp_server: SmtpServer, tmp_path: Path
) -> None:
    url, workers = crowd_db
    document = fixture_events()
    document["slots"][TINY_SLOT]["capacity"] = SEATS
    events = tmp_path / "events.json"
    events.write_text(json.dumps(document), encoding="utf-8")
    env = service_env(port=free_port(), database_url=url, events_file=events,
                      var_dir=tmp_path / "var", smtp_port=smtp_server.port)
    service = ServiceProcess(env | {"RATE_LIMIT_SCALE": "1000000"},
                             log_path=tmp_path / "service.log", workers=workers)
    try:
        service.wait_ready()
        for table in ("rsvp_cancel_token", "rsvp", "rsvp_slot_count", "mail_outbox"):
            await _rows(url, f"DELETE FROM {table}")
        answers = await rush(service.base_url)
        async with httpx.AsyncClient(base_url=service.base_url) as http:
            count = (await http.get("/api/rsvp", params={"eventId": TINY_SLOT})).json()
    finally:
        service.stop()

    bodies = [a.json() for a in answers]
    assert Counter(a.status_code for a in answers) == {201: PEOPLE}
    assert Counter(b["status"] for b in bodies) == {"confirmed": SEATS,
                                                    "waitlisted": PEOPLE - SEATS}
    positions = {b["email"]: b["position"] for b in bodies if b["status"] == "waitlisted"}
    assert sorted(positions.values()) == list(range(1, PEOPLE - SEATS + 1))
    assert count == {"count": SEATS, "capacity": SEATS, "remaining": 0,
                     "waitlist": PEOPLE - SEATS}
    rows = await _rows(url, "SELECT email, status, waitlist_ticket FROM rsvp")
    assert len(rows) == len({email for email, _, _ in rows}) == PEOPLE
    assert Counter(status for _, status, _ in rows) == {"confirmed": SEATS,
                                                        "waitlisted": PEOPLE - SEATS}
    # Arrival order: the position each person was told is the rank of their ticket.
    tickets = sorted((int(str(t)), str(e)) for e, s, t in rows if s == "waitlisted")
    assert [positions[email] for _, email in tickets] == list(range(1, PEOPLE - SEATS + 1))
