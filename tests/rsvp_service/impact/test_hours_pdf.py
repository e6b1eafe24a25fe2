"""The public hours PDF: made once off the event loop, kept, and limited per IP."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from decimal import Decimal

import httpx
from conftest import client_for
from organize_testkit import person
from starlette.applications import Starlette

from rsvp_service.impact.records import sign
from rsvp_service.ops.metrics import REGISTRY
from rsvp_service.organize.models import HoursRecord
from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import LIMITS

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
    app: Starlette, settings: Settings
) -> None:
    _, [code] = await issued(settings)
    path = f"/api/hours-records/{code}.pdf"
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
