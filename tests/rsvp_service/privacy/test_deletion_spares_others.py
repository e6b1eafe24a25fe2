"""Deleting an account erases what is its own, and nothing of another person's.

From the impostor's side: an account registered with someone else's address, never verified,
then deleted, must not take the address owner's mail with it. And the person leaves the records
that stay (an organization's messages) without their name. On SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
from mail_testkit import Mailbox, SmtpServer
from organize_testkit import DURING_TINY, KEEN, at, person, slot_path
from service_testkit import GUEST_SLOT, TINY_SLOT

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.settings import Settings

MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]
SITE = {"Origin": "http://127.0.0.1:8000"}
PASSWORD = "correct horse battery staple"
ALICE = "alice@example.org"
DELETE = {"confirm": "DELETE"}


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
            "checkin_code": rows[0]["payload"]["checkin_code"], "held_hours": None,
            "language": "en"}}]
        smtp_server.start()
        [received] = await mailbox.wait_for(1)
        assert str(received["To"]) == f"Alice Owens <{ALICE}>"
        assert str(received["Subject"]).startswith("Your RSVP: Forest Park Cleanup")


async def test_names_leave_the_organizers_messages_sent_to_and_by_the_deleted_account(
    client: httpx.AsyncClient, settings: Settings, smtp_server: SmtpServer,
) -> None:
    ann, ann_headers = await person(settings, "ann")
    _, kim_headers = await person(settings, "kim", organizes=(KEEN,))
    rsvp = {"eventId": TINY_SLOT, "email": ann.email, "firstName": "Annie", "lastName": "Lee"}
    assert (await client.post("/api/rsvp", json=rsvp, headers=ann_headers)).status_code == 201
    bo = {"eventId": TINY_SLOT, "email": "bo@example.org", "firstName": "Bo", "lastName": "Ng"}
    assert (await client.post("/api/rsvp", json=bo)).status_code == 201
    at(settings, DURING_TINY)
    # The copies wait in the outbox (a sent copy keeps no payload to erase).
    smtp_server.stop()
    sent = await client.post(slot_path(TINY_SLOT, "/messages"), headers=kim_headers, json={
        "subject": "Annie Lee leads the group", "includeWaitlist": False, "preview": False,
        "body": "Hi all, annie lee (thanks, Ann Park!) will meet you.\n\nSee you, Kim Park"})
    assert sent.status_code == 202, sent.text

    # Ann goes: her account's name and her RSVP's name leave the message; Kim's stays.
    gone = await client.post("/api/me/delete", json=DELETE, headers={**ann_headers, **SITE})
    assert gone.status_code == 200, gone.text
    [message] = await OrganizerMessage.all()
    assert message.subject == "[name removed] leads the group"
    assert message.body == ("Hi all, [name removed] (thanks, [name removed]!) will meet you."
                            "\n\nSee you, Kim Park")
    # Bo's copy in the outbox says what the log says now.
    [copy] = await OutboxMessage.filter(kind="organizer_message").values_list("payload", flat=True)
    assert (copy["name"], copy["subject"], copy["body"]) == ("Bo Ng", message.subject,
                                                             message.body)

    # Kim goes: the organization's message stays, without who sent it.
    gone = await client.post("/api/me/delete", json=DELETE, headers={**kim_headers, **SITE})
    assert gone.status_code == 200, gone.text
    message = await OrganizerMessage.get(id=message.id)
    assert (message.sender_id, message.body.endswith("See you, [name removed]")) == (None, True)
    [copy] = await OutboxMessage.filter(kind="organizer_message").values_list("payload", flat=True)
    assert (copy["body"], copy["reply_to"], copy["reply_to_name"]) == (message.body, "", "")
    everything = repr(await OutboxMessage._meta.db.execute_query_dict("SELECT * FROM mail_outbox")
                      ) + repr(await OrganizerMessage.all().values())
    assert not [name for name in ("kim@", "kim park", "ann park", "annie lee")
                if name in everything.lower()]
