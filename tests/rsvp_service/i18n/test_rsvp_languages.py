"""An RSVP made in Spanish or Bosnian is answered, stored and emailed in that language; any other
language is English (issue 41)."""

from __future__ import annotations

import httpx
import pytest
from mail_testkit import Mailbox, read_raw
from service_testkit import rsvp

from rsvp_service.rsvps.models import Rsvp

CASES = [
    ("es", "¡Ya estás inscrito! Te enviaremos un correo de confirmación.",
     "Tu inscripción: Forest Park Cleanup, 27 de abril de 2025",
     ["Hola, Ann:", "¡Gracias por confirmar tu asistencia! Estás inscrito en:",
      "¡Nos vemos allí!"]),
    ("bs", "Prijavljen/a si! Poslat ćemo ti potvrdu emailom.",
     "Tvoja prijava: Forest Park Cleanup, 27. april 2025.",
     ["Zdravo, Ann,", "Hvala na prijavi! Prijavljen/a si za:", "Vidimo se,"]),
    ("de-DE, fr;q=0.5", "You have RSVP'd! A confirmation email will be sent!",
     "Your RSVP: Forest Park Cleanup, April 27, 2025",
     ["Hi Ann,", "Thank you for your RSVP! You're registered for:", "See you there,"]),
]


@pytest.mark.parametrize(("accept", "answer", "subject", "lines"), CASES)
async def test_an_rsvp_is_answered_stored_and_emailed_in_its_language(
    client: httpx.AsyncClient, mailbox: Mailbox, accept: str, answer: str, subject: str,
    lines: list[str],
) -> None:
    language = accept[:2] if accept[:2] in {"es", "bs"} else "en"

    made = await client.post("/api/rsvp", json=rsvp(email="ann@example.org"),
                             headers={"Accept-Language": accept})

    assert made.status_code == 201
    assert made.headers["content-language"] == language
    assert made.json()["message"] == answer
    assert await Rsvp.all().values_list("language", flat=True) == [language]
    await mailbox.wait_for(1)
    headers, parts = read_raw(mailbox.raw[0])
    assert headers["Content-Language"] == language
    assert headers["Subject"] == subject
    for line in lines:
        assert line in parts["text/plain"]
    assert f'<html lang="{language}">' in parts["text/html"]


async def test_an_error_is_in_the_requests_language(client: httpx.AsyncClient) -> None:
    spanish = await client.post("/api/rsvp", json={"email": "ann@example.org"},
                                headers={"Accept-Language": "es-MX,es;q=0.9"})
    english = await client.post("/api/rsvp", json={"email": "ann@example.org"})

    assert spanish.status_code == english.status_code == 422
    assert spanish.headers["content-language"] == "es"
    assert spanish.json() == {"error": "El campo 'firstName' es obligatorio."}
    assert english.headers["content-language"] == "en"
    assert english.json() == {"error": "The field 'firstName' is required."}
