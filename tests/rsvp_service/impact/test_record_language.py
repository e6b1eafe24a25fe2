"""The hours PDF is written in its owner's language when the record was issued, whoever reads it
(issue 41)."""

from __future__ import annotations

import httpx
from pdf_testkit import pdf_text
from test_hours_records import volunteer_with_hours

from rsvp_service.settings import Settings


async def test_the_pdf_is_in_the_owners_language_at_issue_time(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _, _ = await volunteer_with_hours(client, settings)
    english = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    await client.put("/api/me/language", headers=headers, json={"language": "es"})
    spanish = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    await client.put("/api/me/language", headers=headers, json={"language": "bs"})

    # A reader in another language gets the record as it was issued.
    read = {code: " ".join(pdf_text((await client.get(
        f"/api/hours-records/{code}.pdf", headers={"Accept-Language": "bs"})).content).split())
        for code in (english, spanish)}

    assert "Service-hours record" in read[english]
    assert "Total verified hours: 3" in read[english]
    assert "Registro de horas de servicio" in read[spanish]
    assert "Total de horas verificadas: 3" in read[spanish]
    assert "Fecha Horario Evento, organización Servicio Horas Avalado por" in read[spanish]
    # Dates and times as each language writes them (Babel): a 24-hour clock in Spanish.
    assert "May 1, 2025 6:00 – 7:00 PM Tiny Workshop" in read[english]
    assert "1 may 2025 18:00–19:00 Tiny Workshop" in read[spanish]
    assert "por registro de llegada, 1 may 2025, 18:10" in read[spanish]
    assert "CivicSTL no verificó la identidad de quien avala" in read[spanish]
    assert "Código de verificación:" in read[spanish]
    assert "Total verified hours" not in read[spanish]
    exported = (await client.get("/api/me/export", headers=headers)).json()
    assert [r["record"]["language"] for r in exported["hours_records"]] == ["en", "es"]
