"""Flash crowd: 2,000 different people RSVP at once to a 50-seat slot of a real uvicorn service
(SQLite with one worker, PostgreSQL with two): exactly 50 seated, everyone else waitlisted with
positions 1..1950 in the order the service took them, nobody twice, and the count right."""

from __future__ import annotations

import asyncio
import json
import ssl
from collections import Counter
from pathlib import Path

import httpx
import pytest
from mail_testkit import SmtpServer
from service_testkit import (
    TINY_SLOT,
    ServiceProcess,
    empty_rsvp_tables,
    fixture_events,
    query_rows,
    service_env,
)

from tests.ports import free_port

pytestmark = pytest.mark.slow

PEOPLE, SEATS, CLIENTS = 2_000, 50, 100


async def rush(base_url: str) -> list[httpx.Response]:
    """Send all the RSVPs from CLIENTS clients at once, each on its own connection."""
    queue: asyncio.Queue[int] = asyncio.Queue()
    for n in range(PEOPLE):
        queue.put_nowait(n)
    answers: list[httpx.Response] = []
    # One TLS context for every client (none uses it on http://): each client made its own,
    # loading the CA certificates again, 50 ms of CPU each.
    tls = ssl.create_default_context()

    async def client(number: int) -> None:
        # One client per connection, as browsers are: a shared pool of CLIENTS connections
        # scans them all for every request (httpcore 1.0), which took half this test's CPU.
        # Each from its own loopback address (all of 127/8 is loopback): a crowd comes from
        # many networks, and one client's share of the slot counts its own RSVPs only.
        transport = httpx.AsyncHTTPTransport(verify=tls, local_address=f"127.0.0.{number + 2}")
        async with httpx.AsyncClient(base_url=base_url, timeout=120, transport=transport) as http:
            while not queue.empty():
                n = queue.get_nowait()
                answers.append(await http.post("/api/rsvp", json={
                    "eventId": TINY_SLOT, "firstName": "P", "email": f"p{n}@crowd.example.org",
                    "waitlist": True}))

    await asyncio.gather(*(client(number) for number in range(CLIENTS)))
    return answers


async def test_two_thousand_people_rush_fifty_seats(
    process_db_url: str, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    url = process_db_url
    workers = 1 if url.startswith("sqlite://") else 2  # as the bench: SQLite 1, PostgreSQL 2
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
        await empty_rsvp_tables(url)
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
    rows = await query_rows(url, "SELECT email, status, waitlist_ticket FROM rsvp")
    assert len(rows) == len({email for email, _, _ in rows}) == PEOPLE
    assert Counter(status for _, status, _ in rows) == {"confirmed": SEATS,
                                                        "waitlisted": PEOPLE - SEATS}
    # Arrival order: the position each person was told is the rank of their ticket.
    tickets = sorted((int(str(t)), str(e)) for e, s, t in rows if s == "waitlisted")
    assert [positions[email] for _, email in tickets] == list(range(1, PEOPLE - SEATS + 1))
