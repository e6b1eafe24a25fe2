"""The signed-in volunteer's dashboard list, data export and account deletion, on both databases."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from mail_testkit import Mailbox, SmtpServer
from service_testkit import (
    CLINIC_SLOTS,
    GUEST_SLOT,
    TINY_SLOT,
    eventually,
    fixture_events,
    token_header,
)

from rsvp_service.accounts.models import RefreshToken, User
from rsvp_service.accounts.passwords import hash_password
from rsvp_service.accounts.tokens import hash_opaque_token
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.models import CancelToken, Rsvp, RsvpStatus, SlotCount
from rsvp_service.settings import Settings

MakeClient = Callable[[Settings], AbstractAsyncContextManager[httpx.AsyncClient]]
PASSWORD = "correct horse battery staple"
SITE = {"Origin": "http://127.0.0.1:8000"}


def person(name: str, slot: str = TINY_SLOT, **more: Any) -> dict[str, Any]:
    """An RSVP payload for `name`@example.org."""
    return {"eventId": slot, "email": f"{name}@example.org", "firstName": name.title(),
            "lastName": "Park", "phone": "314-555-0199", **more}


async def account(settings: Settings, name: str, *, verified: bool = True,
                  password: bool = True) -> tuple[User, dict[str, str]]:
    """Create an account and return it with its x-auth-token header."""
    user = await User.create(
        name=f"{name.title()} Park", email=f"{name}@example.org", is_verified=verified,
        password_hash=await hash_password(PASSWORD) if password else None)
    return user, await token_header(settings, user.id)


async def stored(user: User | None, slot: str, name: str, when: str) -> Rsvp:
    """Store an RSVP row directly (for slots the clock says are already over)."""
    return await Rsvp.create(
        slot_id=slot, event=slot.rsplit("-", 5)[0], email=f"{name}@example.org",
        active_email=f"{name}@example.org", first_name=name.title(), last_name="Park",
        user_id=user.id if user else None, created_at=datetime.fromisoformat(when))


async def test_my_rsvps_list_upcoming_soonest_first_then_past_newest_first(
    make_client: MakeClient, make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    events = fixture_events()
    # A series date's slot links to its own page, not to the event's.
    events["slots"][CLINIC_SLOTS[1]]["path"] = "/events/inclusive-sports-clinic/2025-07-27"
    events_file = tmp_path / "events.json"
    events_file.write_text(json.dumps(events), encoding="utf-8")
    settings = make_settings(civic_now="2025-04-30T12:00:00-05:00", events_file=events_file)
    async with make_client(settings) as client:
        user, headers = await account(settings, "kim")
        await stored(user, GUEST_SLOT, "kim", "2025-03-01T10:00:00+00:00")  # ended April 27
        await stored(user, CLINIC_SLOTS[1], "kim", "2025-03-02T10:00:00+00:00")
        await stored(user, TINY_SLOT, "kim", "2025-03-03T10:00:00+00:00")  # May 1
        await stored(user, CLINIC_SLOTS[0], "kim", "2025-03-04T10:00:00+00:00")

        response = await client.get("/api/me/rsvps", headers=headers)

    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"
    items = response.json()["rsvps"]
    assert [(i["eventId"], i["past"]) for i in items] == [
        (TINY_SLOT, False), (CLINIC_SLOTS[0], False), (CLINIC_SLOTS[1], False), (GUEST_SLOT, True)]
    assert items[2]["path"] == "/events/inclusive-sports-clinic/2025-07-27"
    assert {k: items[0][k] for k in ("date", "date_text", "time", "location", "start", "end",
                                     "title", "path", "status")} == {
        "date": "2025-05-01", "date_text": "May 1, 2025", "time": "6:00-7:00 PM",
        "location": "Central Library", "start": "2025-05-01T18:00:00-05:00",
        "end": "2025-05-01T19:00:00-05:00", "title": "Tiny Workshop",
        "path": "/events/tiny-workshop", "status": "confirmed"}


async def test_past_rsvps_come_newest_first(
    make_client: MakeClient, make_settings: Callable[..., Settings]
) -> None:
    settings = make_settings(civic_now="2025-08-01T12:00:00-05:00")
    async with make_client(settings) as client:
        user, headers = await account(settings, "kim")
        for slot in (GUEST_SLOT, CLINIC_SLOTS[2], TINY_SLOT):
            await stored(user, slot, "kim", "2025-03-01T10:00:00+00:00")
        items = (await client.get("/api/me/rsvps", headers=headers)).json()["rsvps"]

    assert [(i["eventId"], i["past"]) for i in items] == [
        (CLINIC_SLOTS[2], True), (TINY_SLOT, True), (GUEST_SLOT, True)]


async def test_guest_rsvps_with_the_address_count_only_once_it_is_verified(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, verified = await account(settings, "ann")
    _, unverified = await account(settings, "bo", verified=False)
    await client.post("/api/rsvp", json=person("ann"))
    await client.post("/api/rsvp", json=person("bo"))

    ann = (await client.get("/api/me/rsvps", headers=verified)).json()["rsvps"]
    bo = (await client.get("/api/me/rsvps", headers=unverified)).json()["rsvps"]

    assert [i["eventId"] for i in ann] == [TINY_SLOT]
    assert bo == []


async def test_cancel_preview_links_the_slot_records_path(
    make_client: MakeClient, make_settings: Callable[..., Settings], tmp_path: Path
) -> None:
    events = fixture_events()
    events["slots"][TINY_SLOT]["path"] = "/events/tiny-workshop/2025-05-01"
    events_file = tmp_path / "events.json"
    events_file.write_text(json.dumps(events), encoding="utf-8")
    settings = make_settings(events_file=events_file)
    async with make_client(settings) as client:
        await client.post("/api/rsvp", json=person("kim"))
        row = await Rsvp.get(email="kim@example.org")
        await CancelToken.create(token_hash=hash_opaque_token("known-token"), rsvp_id=row.id)
        preview = await client.post("/api/rsvp/cancel/preview", json={"token": "known-token"})

    assert preview.json()["path"] == "/events/tiny-workshop/2025-05-01"


async def test_export_holds_account_rsvps_and_sessions_but_no_hashes(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, headers = await account(settings, "kim")
    login = await client.post("/api/auth/login",
                              json={"email": "kim@example.org", "password": PASSWORD})
    assert login.status_code == 200
    await client.post("/api/rsvp", json=person("kim"), headers=headers)
    await client.post("/api/rsvp", json=person("kim", slot=GUEST_SLOT))  # as a guest
    await client.post("/api/rsvp", json=person("oz"))

    response = await client.get("/api/me/export", headers=headers)
    anonymous = await client.get("/api/me/export")

    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert response.headers["content-disposition"] == (
        'attachment; filename="civicstl-data.json"')
    assert response.headers["cache-control"] == "no-store"
    data = response.json()
    assert data["account"] == {
        "id": user.id, "name": "Kim Park", "email": "kim@example.org", "role": "volunteer",
        "is_verified": True, "created_at": data["account"]["created_at"], "age_bracket": None,
        "language": "en"}
    assert sorted((r["eventId"], r["first_name"], r["phone"], r["status"])
                  for r in data["rsvps"]) == [
        (GUEST_SLOT, "Kim", "314-555-0199", "confirmed"),
        (TINY_SLOT, "Kim", "314-555-0199", "confirmed")]
    assert [(r["confirmed_at"] == r["created_at"], r["reminder_queued_at"], r["language"])
            for r in data["rsvps"]] == [(True, None, "en"), (True, None, "en")]
    # Two sign-ins: the one whose token `headers` holds, and the login.
    assert [(s["revoked"], bool(s["expires_at"])) for s in data["sessions"]] == [(False, True)] * 2
    hashes = await RefreshToken.filter(user_id=user.id).values_list("token_hash", flat=True)
    for secret in (user.password_hash, *hashes, "argon2"):
        assert secret is not None and secret not in response.text
    assert "oz@example.org" not in response.text
    assert anonymous.status_code == 401


async def test_delete_with_a_wrong_password_changes_nothing(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, headers = await account(settings, "kim")
    await client.post("/api/rsvp", json=person("kim"), headers=headers)

    wrong = await client.post("/api/me/delete", json={"password": "not it"},
                              headers={**headers, **SITE})
    foreign = await client.post("/api/me/delete", json={"password": PASSWORD},
                                headers={**headers, "Origin": "https://evil.example"})

    assert wrong.status_code == 403
    assert wrong.json() == {"error": "That password is not right. Nothing was deleted."}
    assert foreign.status_code == 403
    assert await User.exists(id=user.id)
    row = await Rsvp.get(email="kim@example.org")
    assert (row.status, row.first_name) == (RsvpStatus.CONFIRMED, "Kim")


async def test_delete_cancels_future_rsvps_promotes_the_waitlist_and_ends_the_account(
    make_client: MakeClient, make_settings: Callable[..., Settings]
) -> None:
    # April 30: the cleanup (April 27) is over, the tiny workshop (May 1) is still to come.
    settings = make_settings(civic_now="2025-04-30T12:00:00-05:00")
    async with make_client(settings) as client:
        user, headers = await account(settings, "kim")
        login = await client.post("/api/auth/login",
                                  json={"email": "kim@example.org", "password": PASSWORD})
        refresh_cookie = login.cookies["civicstl_refresh"]
        await client.post("/api/rsvp", json=person("kim"), headers=headers)
        await client.post("/api/rsvp", json=person("oz"))
        waiting = await client.post("/api/rsvp", json=person("pia", waitlist=True))
        assert waiting.json()["status"] == "waitlisted"
        past = await stored(user, GUEST_SLOT, "kim", "2025-03-01T10:00:00+00:00")
        # Made as a guest, before the account: it carries the share's keyed hashes.
        await Rsvp.filter(id=past.id).update(client_key="a" * 32, mailbox_key="b" * 32)
        old_mail = await OutboxMessage.create(
            kind="confirmation", recipient="kim@example.org", payload={},
            sent_at=datetime(2025, 3, 1, tzinfo=UTC))

        done = await client.post("/api/me/delete", json={"password": PASSWORD},
                                 headers={**headers, **SITE})
        again = await client.post("/api/auth/login",
                                  json={"email": "kim@example.org", "password": PASSWORD})
        # The browser forgets the cookie; one copied before must not work either.
        client.cookies.clear()
        client.cookies.set("civicstl_refresh", refresh_cookie)
        refreshed = await client.post("/api/auth/refresh")
        dashboard = await client.get("/api/me/rsvps", headers=headers)

        assert done.status_code == 200
        assert done.json() == {"message": "Your account and its data are deleted."}
        assert done.headers["set-cookie"].startswith('civicstl_refresh="";')
        assert not await User.exists(id=user.id)
        assert not await RefreshToken.exists(user_id=user.id)
        assert (await Rsvp.get(email="pia@example.org")).status is RsvpStatus.CONFIRMED
        counter = await SlotCount.get(slot_id=TINY_SLOT)
        assert (counter.count, counter.waitlist) == (2, 0)
        kept = await Rsvp.get(id=past.id)
        assert (kept.first_name, kept.last_name, kept.phone, kept.email) == ("", "", None, "")
        assert (kept.client_key, kept.mailbox_key) == (None, None)
        assert not await Rsvp.filter(email="kim@example.org").exists()
        assert not await OutboxMessage.exists(id=old_mail.id)
        assert again.status_code == 401
        assert refreshed.status_code == 401
        assert dashboard.status_code == 401


async def all_sent() -> bool:
    """Whether the outbox holds nothing still to send."""
    return not await OutboxMessage.filter(sent_at__isnull=True).exists()


async def test_delete_leaves_no_mail_to_the_address_in_any_state_and_none_goes_out(
    make_client: MakeClient, make_settings: Callable[..., Settings], smtp_server: SmtpServer,
    mailbox: Mailbox,
) -> None:
    # The mail server is down, so the account's mail is still waiting when it is deleted.
    smtp_server.stop()
    settings = make_settings(civic_now="2025-04-30T12:00:00-05:00")
    async with make_client(settings) as client:
        _, headers = await account(settings, "kim")
        await client.post("/api/rsvp", json=person("kim", lastName="Quagmire"), headers=headers)
        await client.post("/api/auth/forgot-password", json={"email": "kim@example.org"})
        await client.post("/api/rsvp", json=person("oz"))  # someone else's mail stays
        now = datetime.now(UTC)
        for state in ({"sent_at": now}, {"dead_at": now, "last_error": "550 <kim@example.org>"},
                      # Leased by another process's sender, in the middle of sending it.
                      {"next_attempt_at": now, "claimed_until": now + timedelta(minutes=2),
                       "claim": "c" * 32, "attempts": 1}):
            await OutboxMessage.create(kind="rsvp_confirmation", recipient="kim@example.org",
                                       payload={"first_name": "Kim", "last_name": "Quagmire"},
                                       **state)
        assert await OutboxMessage.filter(recipient="kim@example.org").count() == 5

        done = await client.post("/api/me/delete", json={"password": PASSWORD},
                                 headers={**headers, **SITE})

        assert done.status_code == 200
        # Every stored column of every row, as the database holds it.
        rows = await OutboxMessage._meta.db.execute_query_dict("SELECT * FROM mail_outbox")
        assert [row["recipient"] for row in rows] == ["oz@example.org"]
        assert not [row for row in rows if "kim@" in repr(row) or "Quagmire" in repr(row)]
        smtp_server.start()
        await mailbox.wait_for(1)
        await eventually(all_sent)
        assert [str(m["To"]) for m in mailbox.messages] == ["Oz Park <oz@example.org>"]


async def test_google_only_account_confirms_with_delete(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    user, headers = await account(settings, "gus", password=False)

    unconfirmed = await client.post("/api/me/delete", json={}, headers={**headers, **SITE})
    assert unconfirmed.status_code == 422
    assert await User.exists(id=user.id)
    done = await client.post("/api/me/delete", json={"confirm": "DELETE"},
                             headers={**headers, **SITE})

    assert done.status_code == 200
    assert not await User.exists(id=user.id)


async def test_delete_is_rate_limited_per_account(
    make_client: MakeClient, make_settings: Callable[..., Settings]
) -> None:
    settings = make_settings(rate_limit_scale=1)
    async with make_client(settings) as client:
        user, headers = await account(settings, "kim")
        answers = [
            (await client.post("/api/me/delete", json={"password": "guess"},
                               headers={**headers, **SITE})).status_code
            for _ in range(6)
        ]
        assert await User.exists(id=user.id)

    assert answers == [403] * 5 + [429]
