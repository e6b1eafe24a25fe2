"""Deleting an account erases what is its own, and nothing of another person's.

From the impostor's side: an account registered with someone else's address, never verified,
then deleted, must not take the address owner's mail with it. On SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
from conftest import Mailbox, SmtpServer
from service_testkit import GUEST_SLOT, TINY_SLOT

from rsvp_service.rsvps.models import OutboxMessage
from rsvp_service.settings import Settings

MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]
SITE = {"Origin": "http://127.0.0.1:8000"}
PASSWORD = "correct horse battery staple"
ALICE = "alice@example.org"


async def test_an_unverified_impostors_deletion_leaves_the_owners_pending_mail(
    make_client: MakeClient, settings: Settings, smtp_server: SmtpServer, mailbox: Mailbox,
) -> None:
    # The mail server is down: the owner's confirmation is still waiting when the impostor acts.
    smtp_server.stop()
    async with make_client(settings) as client:
        owner = await client.post("/api/rsvp", json={
            "eventId": GUEST_SLOT, "email": ALICE, "firstName": "Alice", "lastName": "Owens",
            "phone": "314-555-0101"})
        assert owner.status_code == 201, owner.text
        impostor = await client.post("/api/auth/register", headers=SITE, json={
            "name": "Mallory", "email": ALICE, "password": PASSWORD})
        assert impostor.status_code == 201, impostor.text
        token = {"x-auth-token": impostor.json()["accessToken"]}
        own = await client.post("/api/rsvp", headers=token, json={
            "eventId": TINY_SLOT, "email": ALICE, "firstName": "Mallory", "lastName": "Mask"})
        assert own.status_code == 201, own.text
        kinds = await OutboxMessage.filter(recipient=ALICE).order_by("id").values_list(
            "kind", flat=True)
        assert kinds == ["rsvp_confirmation", "verify_email", "rsvp_confirmation"]

        deleted = await client.post("/api/me/delete", json={"password": PASSWORD},
                                    headers={**token, **SITE})
        assert deleted.status_code == 200, deleted.text

        # The impostor's own mail (its verification, its RSVP's confirmation and cancellation)
        # went with the account; the owner's is still to be sent.
        rows = await OutboxMessage.filter(recipient=ALICE).values("kind", "payload")
        assert rows == [{"kind": "rsvp_confirmation", "payload": {
            "slot_id": GUEST_SLOT, "first_name": "Alice", "last_name": "Owens",
            "cancel_token": rows[0]["payload"]["cancel_token"],
            "checkin_code": rows[0]["payload"]["checkin_code"]}}]
        smtp_server.start()
        [received] = await mailbox.wait_for(1)
        assert str(received["To"]) == f"Alice Owens <{ALICE}>"
        assert str(received["Subject"]).startswith("Your RSVP: Forest Park Cleanup")
