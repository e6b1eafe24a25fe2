"""The public hours PDF: made once off the event loop, kept, and limited per IP."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import httpx
import limits.aio.storage.memory
import pytest
from app_testkit import client_for
from organize_testkit import person
from service_testkit import eventually, process_alive
from starlette.applications import Starlette

from rsvp_service.impact.records import sign
from rsvp_service.organize.models import HoursRecord
from rsvp_service.process.metrics import REGISTRY
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import LIMITS

ROOT = Path(__file__).resolve().parents[3]
PDF_BUDGET = int(LIMITS["hours-pdf-ip"].split("/")[0])


async def issued(settings: Settings, count: int = 1) -> tuple[dict[str, str], list[str]]:
    """A volunteer's token header and the codes of `count` records issued to them."""
    user, headers = await person(settings, "zoe")
    entry = {"title": "Tiny Workshop", "organization": "KEEN St. Louis", "date": "2025-05-01",
             "date_text": "May 1, 2025", "hours": 1.0}
    records = [await HoursRecord.create(
        user_id=user.id, issued_at=datetime(2025, 6, 1, 17, tzinfo=UTC), hours=Decimal(1),
        snapshot={"name": f"Zoë Ångström {n}", "entries": [entry]}) for n in range(count)]
    return headers, [sign(settings, record.id) for record in records]


def builds() -> float:
    """PDFs made so far in this process (the service's own counter)."""
    return REGISTRY.get_sample_value("civicstl_hours_pdfs_built_total") or 0.0


async def test_a_records_pdf_is_made_once_and_the_same_bytes_are_sent_again(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, [code] = await issued(settings)
    before = builds()

    first = await client.get(f"/api/hours-records/{code}.pdf")
    second = await client.get(f"/api/hours-records/{code}.pdf")

    assert first.status_code == second.status_code == 200
    assert first.content.startswith(b"%PDF-")
    assert second.content == first.content
    assert builds() == before + 1


async def test_revoking_a_record_drops_its_kept_pdf(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    owner, [code] = await issued(settings)
    assert (await client.get(f"/api/hours-records/{code}.pdf")).status_code == 200

    revoked = await client.post(f"/api/me/hours-records/{code}/revoke", headers=owner)
    gone = await client.get(f"/api/hours-records/{code}.pdf")

    assert revoked.status_code == 200
    assert gone.status_code == 410
    assert await HoursRecord.filter(pdf__isnull=False).count() == 0


async def test_pdfs_are_limited_per_ip_and_one_ip_never_spends_anothers(
    app: Starlette, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, [code] = await issued(settings)
    path = f"/api/hours-records/{code}.pdf"
    # The limiter's clock stands still: a burst that straddled the minute of the sliding window
    # counter would let one more through (it weighs the last minute's hits by what is left of
    # it). Seen once in a fresh-clone run on a loaded machine.
    frozen = time.time()
    monkeypatch.setattr(limits.aio.storage.memory, "time", SimpleNamespace(time=lambda: frozen))
    async with client_for(app, "192.0.2.44") as first:
        assert (await first.get(path)).status_code == 200
    async with client_for(app, "203.0.113.5") as stranger:
        answers = [await stranger.get(path) for _ in range(PDF_BUDGET + 1)]
    async with client_for(app, "198.51.100.20") as reader:
        elsewhere = await reader.get(path)

    assert [a.status_code for a in answers] == [200] * PDF_BUDGET + [429]
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert answers[-1].json() == {
        "error": "Too many attempts. Please wait a few minutes and try again."}
    assert elsewhere.status_code == 200


async def test_health_answers_while_pdfs_are_being_made(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, codes = await issued(settings, 8)

    pdfs = [asyncio.create_task(client.get(f"/api/hours-records/{code}.pdf")) for code in codes]
    health = await client.get("/api/health")
    done_when_health_answered = sum(task.done() for task in pdfs)
    answers = await asyncio.gather(*pdfs)

    assert (health.status_code, health.text) == (200, "ok")
    # Made on the event loop, every PDF of the batch was sent before health got its turn.
    assert done_when_health_answered < len(pdfs)
    assert [answer.status_code for answer in answers] == [200] * len(pdfs)


# A web process that makes one PDF, writes its pool's process ids, then waits to be killed.
WEB_PROCESS = """
import asyncio, multiprocessing, sys, time
from pathlib import Path
from rsvp_service.impact.bodies import Checked, PublicRecord
from rsvp_service.impact.pdf_builds import PdfBuilder

async def main() -> None:
    record = PublicRecord(code="1-x", name="Zoë", issuedAt="2025-06-01T17:00:00+00:00",
                          hours=1.0, entries=[], revoked=False, period=None, purpose=None,
                          checked=Checked(checked=[], notChecked=[], note=None))
    builder = PdfBuilder(1)  # kept: a pool that is garbage collected stops its processes
    await builder.build(record, "https://example.org/verify-hours/1-x")
    pids = " ".join(str(child.pid) for child in multiprocessing.active_children())
    Path(sys.argv[1]).write_text(pids)
    time.sleep(120)

if __name__ == "__main__":
    asyncio.run(main())
"""


async def test_the_pdf_processes_exit_when_their_web_process_is_killed(tmp_path: Path) -> None:
    written = tmp_path / "pool-pids"
    web = await asyncio.create_subprocess_exec(sys.executable, "-c", WEB_PROCESS, str(written),
                                               cwd=ROOT)

    async def pool_started() -> bool:
        return _text(written) != ""

    await eventually(pool_started, seconds=60)
    pool = [int(pid) for pid in _text(written).split()]
    web.kill()  # SIGKILL: none of its shutdown code runs
    await web.wait()

    async def all_gone() -> bool:
        return not any(process_alive(pid) for pid in pool)

    assert pool
    try:
        await eventually(all_gone)
    finally:
        for pid in filter(process_alive, pool):  # left behind: not this test's to keep
            os.kill(pid, signal.SIGKILL)


def _text(path: Path) -> str:
    return path.read_text() if path.exists() else ""
