"""Consent records are in the volunteer's export, and erased with guest data and with the account;
a guardian's own export lists the consents asked of them, and their account's deletion blanks
their address in the records it leaves; on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import httpx
import pytest
from consent_testkit import GUARDIAN, consent_content, minor, minor_rsvps
from organize_testkit import person
from service_testkit import CLINIC_SLOTS, TINY_SLOT, new_rsvp
from starlette.applications import Starlette

from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.consent.records import ConsentRequest
from rsvp_service.mail import consent_tokens as tokens
from rsvp_service.privacy.retention import erase_guest_details
from rsvp_service.rsvps.store import add_rsvp
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=consent_content)

SITE = {"Origin": "http://127.0.0.1:8000"}
DELETE = {"confirm": "DELETE"}


async def test_the_export_carries_the_consent_and_deleting_the_account_erases_it(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, headers = await person(settings, "mia")
    made = await client.post("/api/rsvp", headers=headers,
                             json=minor("mia", eventId=CLINIC_SLOTS[0]))
    assert made.status_code == 201, made.text

    export = (await client.get("/api/me/export", headers=headers)).json()
    [consent] = export["guardian_consents"]
    assert (consent["eventId"], consent["guardian_email"], consent["decision"],
            consent["language"]) == (CLINIC_SLOTS[0], GUARDIAN, None, "en")

    done = await client.post("/api/me/delete", json={"confirm": "DELETE"},
                             headers={**headers, **SITE})
    assert done.status_code == 200, done.text
    assert await GuardianConsent.all().count() == 0


async def test_a_guest_minors_consent_is_erased_with_the_guest_data(
    app: Starlette, client: httpx.AsyncClient,
) -> None:
    # Stored as a guest minor's RSVP was before minors needed a verified account.
    held = new_rsvp(app, TINY_SLOT, "mia@example.org")
    await add_rsvp(replace(held, consent=ConsentRequest(
        GUARDIAN, held.created_at + timedelta(hours=48), 48)))
    catalogue = app.state.catalogue
    end = catalogue.slots[TINY_SLOT].end
    await erase_guest_details(catalogue, end + timedelta(days=89), 90)
    assert await GuardianConsent.all().count() == 1
    await erase_guest_details(catalogue, end + timedelta(days=90), 90)
    assert await GuardianConsent.all().count() == 0


async def test_a_guardians_deletion_blanks_their_address_and_keeps_the_decision(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    mom, mom_headers = await person(settings, "mom")
    made = await minor_rsvps(client, settings, "mia", guardian=mom.email)
    assert made.status_code == 201, made.text
    [record] = await GuardianConsent.all()
    approved = await client.post("/api/consent/approve",
                                 json={"token": tokens.sign(settings, record.id, mom.email)})
    assert approved.status_code == 200, approved.text

    # Her export lists the consent she gave, for a slot, with her answer.
    export = (await client.get("/api/me/export", headers=mom_headers)).json()
    assert [(c["eventId"], c["decision"]) for c in export["consents_given_as_guardian"]] == [
        (TINY_SLOT, "approved")]
    assert export["guardian_consents"] == []  # none asked for her own RSVPs

    done = await client.post("/api/me/delete", json=DELETE, headers={**mom_headers, **SITE})
    assert done.status_code == 200, done.text

    kept = await GuardianConsent.get(id=record.id)
    assert (kept.guardian_email, kept.decision) == ("", Decision.APPROVED)
    rows = await GuardianConsent._meta.db.execute_query_dict("SELECT * FROM guardian_consent")
    assert "mom@" not in repr(rows)


async def test_an_unverified_account_neither_exports_nor_erases_the_guardians_consents(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    assert (await minor_rsvps(client, settings, "mia", guardian="mom@example.org")
            ).status_code == 201
    _, impostor = await person(settings, "mom", verified=False)

    export = (await client.get("/api/me/export", headers=impostor)).json()
    assert export["consents_given_as_guardian"] == []
    done = await client.post("/api/me/delete", json=DELETE, headers={**impostor, **SITE})
    assert done.status_code == 200, done.text
    assert await GuardianConsent.all().values_list("guardian_email", flat=True) == [
        "mom@example.org"]
