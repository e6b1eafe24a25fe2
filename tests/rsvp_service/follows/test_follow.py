"""Following: signed in at once, as a guest by double opt-in; counts, export and deletion.

On SQLite and PostgreSQL: follows are unique rows, confirmed by conditional updates.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from follows_testkit import (
    CONFIRM,
    DIGEST,
    FOREST,
    KEEN,
    WEEK_1,
    digest_pass,
    follow_content,
    follow_of,
    follows,
)
from mail_testkit import Mailbox, arrived, body, token_in
from organize_testkit import at, person
from starlette.applications import Starlette

from rsvp_service.follows.models import Follow, Follower
from rsvp_service.follows.routes import CHECK_EMAIL, EMAIL_NEEDED, NOT_VERIFIED, UNKNOWN
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=follow_content)

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
SITE = {"Origin": "http://127.0.0.1:8000"}


async def test_following_twice_is_a_no_op_and_unfollowing_ends_it(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, ann = await person(settings, "ann")
    first = await client.post("/api/follows", json=KEEN, headers=ann)
    again = await client.post("/api/follows", json={**KEEN, "target": "KEENSTL"}, headers=ann)

    assert first.status_code == again.status_code == 200
    assert first.json() == again.json()
    assert first.json()["follow"] == {"kind": "organization", "target": "keenstl",
                                      "label": "KEEN St. Louis", "confirmed": True}
    assert await Follow.all().count() == 1
    cause = await client.post("/api/follows", json={"kind": "cause", "target": "Environment"},
                              headers=ann)
    assert cause.json()["follow"]["target"] == "environment"
    mine = (await client.get("/api/me/follows", headers=ann)).json()["follows"]
    assert [(f["kind"], f["target"]) for f in mine] == [
        ("organization", "keenstl"), ("cause", "environment")]

    gone = await client.post("/api/follows/unfollow", json=KEEN, headers=ann)
    assert gone.json() == {"message": "You no longer follow KEEN St. Louis."}
    mine = (await client.get("/api/me/follows", headers=ann)).json()["follows"]
    assert [f["target"] for f in mine] == ["environment"]


async def test_unknown_targets_and_unverified_accounts_are_refused_with_a_sentence(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, ann = await person(settings, "ann")
    _, new = await person(settings, "new", verified=False)
    unknown = await client.post("/api/follows", json={**KEEN, "target": "nobody"}, headers=ann)
    unverified = await client.post("/api/follows", json=KEEN, headers=new)
    anonymous = await client.post("/api/follows", json=KEEN)
    # An emptied field is no address, as in every other form: the same sentence, not a 422
    # about the address's syntax.
    emptied = await client.post("/api/follows", json={**KEEN, "email": ""})

    assert (unknown.status_code, unknown.json()) == (404, {"error": UNKNOWN})
    assert (unverified.status_code, unverified.json()) == (403, {"error": NOT_VERIFIED})
    assert (anonymous.status_code, anonymous.json()) == (422, {"error": EMAIL_NEEDED})
    assert (emptied.status_code, emptied.json()) == (422, {"error": EMAIL_NEEDED})
    assert await Follow.all().count() == 0


async def test_a_guest_follows_once_the_address_confirms_it(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
) -> None:
    settings = make_settings(**DIGEST)
    async with make_client(settings) as client:
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        new = await client.post("/api/follows", json=follow_of("Gus@Example.org", KEEN))
        assert (new.status_code, new.json()) == (202, {"message": CHECK_EMAIL})
        [mail] = await arrived(mailbox, "gus@example.org", "Confirm what you follow")
        assert "KEEN St. Louis" in body(mail)
        assert mail["List-Unsubscribe"] is None  # only digests carry it

        # Not confirmed yet: no digest, and not counted.
        at(app.state.settings, WEEK_1)
        assert (await digest_pass(app)).decided == 0
        confirmed = await client.post("/api/follows/confirm",
                                      json={"token": token_in(mail, CONFIRM)})
        assert confirmed.status_code == 200, confirmed.text
        assert [f["confirmed"] for f in confirmed.json()["follows"]] == [True]
        assert (await digest_pass(app)).queued == 1
        await arrived(mailbox, "gus@example.org", "1 upcoming event")


async def test_the_guest_answer_is_the_same_for_every_address(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, ann = await person(settings, "ann")
    await follows(client, KEEN, headers=ann)  # ann@ follows, confirmed
    answers = [
        await client.post("/api/follows", json=follow_of(email, KEEN))
        for email in ("ann@example.org", "zed@example.org", "zed@example.org")
    ]
    assert {(a.status_code, a.text) for a in answers} == {(202, answers[0].text)}
    # A stranger cannot add follows to Ann's address; it waits for her link.
    assert await Follow.filter(follower__email="ann@example.org").count() == 1
    await follows(client, FOREST, email="ann@example.org")
    pending = await Follow.get(follower__email="ann@example.org", target="forest-park-forever")
    assert pending.confirmed_at is None
    # Following twice as a guest made one row and the already-confirmed follow sent no mail.
    assert await Follow.filter(follower__email="zed@example.org").count() == 1
    assert await OutboxMessage.filter(recipient="ann@example.org").count() == 1


async def test_organizers_see_follower_counts_as_a_number(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, keen = await person(settings, "org", organizes=("keenstl",))
    for name in ("ann", "ben"):
        _, headers = await person(settings, name)
        await follows(client, KEEN, headers=headers)
    await follows(client, KEEN, email="gus@example.org")  # unconfirmed

    events = (await client.get("/api/organize/events", headers=keen)).json()["events"]
    assert {event["followers"] for event in events} == {2}
    assert "ann@example.org" not in str(events)


async def test_follows_are_exported_and_deleted_with_the_account(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    _, ann = await person(settings, "ann")
    await follows(client, KEEN, headers=ann)
    export = (await client.get("/api/me/export", headers=ann)).json()
    assert [(f["kind"], f["target"], f["language"]) for f in export["follows"]] == [
        ("organization", "keenstl", "en")]

    deleted = await client.post("/api/me/delete", json={"confirm": "DELETE"},
                                headers={**ann, **SITE})
    assert deleted.status_code == 200, deleted.text
    assert not await Follower.exists(email="ann@example.org")
    assert await Follow.all().count() == 0


async def test_an_unverified_account_cannot_reach_what_a_guest_of_its_address_follows(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    await follows(client, KEEN, email="gus@example.org")
    # Anyone can register gus@'s address; until they prove it, gus@'s follows are not theirs.
    _, squatter = await person(settings, "gus", verified=False)

    seen = await client.get("/api/me/follows", headers=squatter)
    unfollowed = await client.post("/api/follows/unfollow", json=KEEN, headers=squatter)
    export = await client.get("/api/me/export", headers=squatter)
    deleted = await client.post("/api/me/delete", json={"confirm": "DELETE"},
                                headers={**squatter, **SITE})

    assert (seen.status_code, seen.json()) == (200, {"follows": []})
    assert unfollowed.status_code == 200
    assert export.status_code == 200 and export.json()["follows"] == []
    assert deleted.status_code == 200, deleted.text
    assert await Follow.filter(follower__email="gus@example.org", target="keenstl").count() == 1
