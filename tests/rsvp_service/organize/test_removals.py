"""Organizers remove RSVPs and block addresses: the waitlist moves up, the people are told, the
blocked address is refused; strangers and other organizations can do none of it, and each
organizer's budget is their own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from mail_testkit import Mailbox, arrived, body
from mail_testkit import person as guest
from organize_testkit import (
    DURING_TINY,
    FOREST,
    KEEN,
    MakeClient,
    at,
    by_name,
    person,
    rsvp,
    slot_path,
)
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT, eventually

from rsvp_service.mail.models import OutboxMessage
from rsvp_service.rsvps.models import BlockedAddress, Rsvp, RsvpStatus
from rsvp_service.rsvps.shares import REFUSED
from rsvp_service.settings import Settings

BLOCKS = f"/api/organize/organizations/{KEEN}/blocks"
UNBLOCK = f"/api/organize/organizations/{KEEN}/unblock"
REMOVED_SUBJECT = "Your RSVP was removed: Tiny Workshop, May 1, 2025"


def removal(attendee: int, **more: Any) -> dict[str, Any]:
    """A removal as the roster's Remove button sends it."""
    return {"attendee": attendee} | more


async def statuses() -> dict[str, str]:
    """Every RSVP's status by first name and slot."""
    return {f"{row.first_name}@{row.slot_id}": row.status.value for row in await Rsvp.all()}


async def test_removing_moves_the_waitlist_up_and_tells_both_people(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann = await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    await rsvp(TINY_SLOT, "Wes", waitlist=True)
    await rsvp(TINY_SLOT, "Xia", waitlist=True)
    await mailbox.wait_for(4)  # the RSVPs' own emails

    response = await client.post(slot_path(TINY_SLOT, "/removals"), headers=kim,
                                 json=removal(ann.id))

    assert response.status_code == 200, response.text
    assert response.json() == {
        "removed": 1, "promoted": 1, "blocked": False,
        "message": "Ann Lee's RSVP is removed and they have been emailed. "
                   "1 from the waitlist moved up."}
    [notice] = await arrived(mailbox, "ann@example.org", "Your RSVP was removed")
    assert notice["Subject"] == REMOVED_SUBJECT
    text = body(notice)
    assert "The event's organizer removed your RSVP" in text
    assert "reason" not in text  # none was chosen
    assert "Cancel your spot" not in text and "kim" not in text.lower()
    [promoted] = await arrived(mailbox, "wes@example.org", "A spot opened up")
    assert "/cancel?token=" in body(promoted)  # a seat of their own, as when someone cancels
    roster = by_name((await client.get(slot_path(TINY_SLOT), headers=kim)).json()["attendees"])
    assert sorted(roster) == ["Bo Lee", "Wes Lee", "Xia Lee"]
    assert (roster["Wes Lee"]["status"], roster["Xia Lee"]["position"]) == ("confirmed", 1)
    again = await client.post(slot_path(TINY_SLOT, "/removals"), headers=kim,
                              json=removal(ann.id))
    assert again.status_code == 404
    assert await OutboxMessage.filter(kind="rsvp_removed").count() == 1


async def test_a_reason_comes_from_the_list_and_reaches_the_person_in_our_words(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann = await rsvp(TINY_SLOT, "Ann")
    path = slot_path(TINY_SLOT, "/removals")

    made_up = await client.post(path, headers=kim,
                                json=removal(ann.id, reason="Call me at 555-0100 <b>now</b>"))
    response = await client.post(path, headers=kim, json=removal(ann.id, reason="duplicate"))

    assert made_up.status_code == 422
    assert made_up.json()["error"].startswith("The field 'reason' must be ")
    assert response.status_code == 200
    [notice] = await arrived(mailbox, "ann@example.org", "Your RSVP was removed")
    assert ("The organizer's reason: it repeated another RSVP of yours for this event."
            in body(notice))
    assert "555" not in body(notice)


async def test_a_started_slot_or_a_checked_in_person_is_not_removed(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann = await rsvp(TINY_SLOT, "Ann")
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=kim, json={"attendee": ann.id})

    response = await client.post(slot_path(TINY_SLOT, "/removals"), headers=kim,
                                 json=removal(ann.id))

    assert response.status_code == 409
    assert response.json()["error"].startswith("This time slot has already started")
    assert (await Rsvp.get(id=ann.id)).status is RsvpStatus.CONFIRMED


def stranger_calls(attendee: int) -> list[tuple[str, str, dict[str, Any] | None]]:
    """Every removal and block endpoint, with a body its organizer could send."""
    return [
        ("POST", slot_path(TINY_SLOT, "/removals"), removal(attendee, block=True)),
        ("GET", BLOCKS, None),
        ("POST", BLOCKS, {"email": "ann@example.org", "removeRsvps": True}),
        ("POST", UNBLOCK, {"email": "bo@example.org"}),
    ]


@pytest.mark.parametrize("who", ["signed out", "volunteer", "other organization's organizer",
                                 "unverified organizer"])
async def test_nobody_else_removes_or_blocks(
    client: httpx.AsyncClient, settings: Settings, who: str
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    _, forest = await person(settings, "olga", organizes=(FOREST,))
    headers = {"signed out": {}, "volunteer": (await person(settings, "val"))[1],
               "other organization's organizer": forest,
               # The role without a proven address: whoever signed up with it first.
               "unverified organizer": (await person(settings, "uma", organizes=(KEEN,),
                                                     verified=False))[1]}[who]
    ann = await rsvp(TINY_SLOT, "Ann")
    await client.post(BLOCKS, headers=kim, json={"email": "bo@example.org"})
    before = (await statuses(), await BlockedAddress.all().count())
    expected = 401 if who == "signed out" else 403

    answers = [await client.request(method, path, json=sent, headers=headers)
               for method, path, sent in stranger_calls(ann.id)]
    # An organization that does not exist answers as one that does: nothing to enumerate.
    unknown = await client.get("/api/organize/organizations/no-such-org/blocks",
                               headers=headers)

    assert [a.status_code for a in answers] == [expected] * 4, [a.text for a in answers]
    assert unknown.status_code == expected
    assert all(a.json()["error"].endswith(".") for a in [*answers, unknown])
    assert (await statuses(), await BlockedAddress.all().count()) == before
    assert not await OutboxMessage.filter(kind="rsvp_removed").exists()


async def test_an_organizer_removes_only_from_their_own_slot(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, olga = await person(settings, "olga", organizes=(FOREST,))
    ann = await rsvp(TINY_SLOT, "Ann")  # a KEEN slot

    # Olga's own slot in the path, someone else's RSVP in the body.
    response = await client.post(slot_path(GUEST_SLOT, "/removals"), headers=olga,
                                 json=removal(ann.id, block=True))

    assert response.status_code == 404
    assert response.json()["error"] == ("That person is not on this slot's roster. "
                                         "Reload the roster and try again.")
    assert (await Rsvp.get(id=ann.id)).status is RsvpStatus.CONFIRMED
    assert not await BlockedAddress.all().exists()


async def test_removals_and_blocks_are_limited_per_organizer(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    settings = make_settings(rate_limit_scale=0.05)  # 3 removals and 2 blocks an hour
    async with make_client(settings) as client:
        _, kim = await person(settings, "kim", organizes=(KEEN,))
        _, kit = await person(settings, "kit", organizes=(KEEN,))
        rows = [await rsvp(CLINIC_SLOTS[0], name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")]
        path = slot_path(CLINIC_SLOTS[0], "/removals")

        removals = [await client.post(path, headers=kim, json=removal(row.id))
                    for row in rows[:4]]
        blocks = [await client.post(BLOCKS, headers=kim, json={"email": f"x{n}@example.org"})
                  for n in range(3)]
        # Another organizer of the same organization still has their own budget.
        other = await client.post(path, headers=kit, json=removal(rows[3].id))

        assert [r.status_code for r in removals] == [200, 200, 200, 429]
        assert [r.status_code for r in blocks] == [200, 200, 429]
        assert int(removals[3].headers["retry-after"]) > 0
        assert removals[3].json()["error"].endswith("try again.")
        assert other.status_code == 200
        assert await Rsvp.filter(status=RsvpStatus.CANCELLED).count() == 4
        assert await BlockedAddress.all().count() == 2


async def test_a_blocked_address_is_refused_in_any_spelling_until_unblocked(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))

    blocked = await client.post(BLOCKS, headers=kim, json={"email": " Ann@Example.ORG "})
    refused = await client.post("/api/rsvp", json=guest("ANN"))
    elsewhere = await client.post("/api/rsvp", json=guest("ann") | {"eventId": GUEST_SLOT})
    listed = await client.get(BLOCKS, headers=kim)
    lifted = await client.post(UNBLOCK, headers=kim, json={"email": "ann@example.org"})
    welcome = await client.post("/api/rsvp", json=guest("ann"))

    assert blocked.status_code == 200
    assert blocked.json()["message"] == (
        "ann@example.org is blocked from the events of KEEN St. Louis.")
    assert refused.status_code == 403
    assert refused.json() == {"error": REFUSED}
    # Neither who blocked nor that anybody did: the same sentence for every blocked address.
    assert "block" not in REFUSED and "kim" not in REFUSED.lower()
    assert elsewhere.status_code == 201  # another organization's event
    assert listed.json()["organization"] == {"slug": KEEN, "name": "KEEN St. Louis"}
    assert [entry["email"] for entry in listed.json()["blocks"]] == ["ann@example.org"]
    assert lifted.json() == {"message": "ann@example.org can RSVP to the events of KEEN St. "
                                        "Louis again."}
    assert welcome.status_code == 201
    assert await Rsvp.filter(slot_id=TINY_SLOT).count() == 1


async def test_a_signed_in_blocked_volunteer_is_refused_too(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    _, ann = await person(settings, "ann")
    await client.post(BLOCKS, headers=kim, json={"email": "ann@example.org"})

    response = await client.post("/api/rsvp", headers=ann,
                                 json=guest("someone-else") | {"eventId": CLINIC_SLOTS[0]})

    assert response.status_code == 403
    assert response.json() == {"error": REFUSED}
    assert not await Rsvp.all().exists()


async def test_probing_a_block_costs_what_an_rsvp_costs(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    settings = make_settings(rate_limit_scale=0.1)
    async with make_client(settings) as client:
        _, kim = await person(settings, "kim", organizes=(KEEN,))
        await client.post(BLOCKS, headers=kim, json={"email": "ann@example.org"})

        probes = [(await client.post("/api/rsvp", json=guest("ann"))).status_code
                  for _ in range(4)]

        # The refusal is asked after the RSVP limits: probing runs into them like RSVPs do.
        assert probes[0] == 403 and probes[-1] == 429


async def test_removing_with_block_takes_the_address_off_the_organizations_events(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    ann_user, _ = await person(settings, "ann")
    ann = await rsvp(TINY_SLOT, "Ann", user=ann_user)
    await rsvp(CLINIC_SLOTS[1], "Ann", user=ann_user)
    await rsvp(GUEST_SLOT, "Ann", user=ann_user)  # Forest Park Forever's: not Kim's to touch

    response = await client.post(slot_path(TINY_SLOT, "/removals"), headers=kim,
                                 json=removal(ann.id, block=True))

    assert response.status_code == 200
    assert response.json() == {
        "removed": 2, "promoted": 0, "blocked": True,
        "message": "Ann Lee's RSVP is removed and they have been emailed. ann@example.org is "
                   "blocked from the events of KEEN St. Louis. 1 other RSVP of theirs to "
                   "upcoming events of KEEN St. Louis was removed too."}
    assert await statuses() == {f"Ann@{TINY_SLOT}": "cancelled",
                                f"Ann@{CLINIC_SLOTS[1]}": "cancelled",
                                f"Ann@{GUEST_SLOT}": "confirmed"}
    assert [b.email for b in await BlockedAddress.filter(organization=KEEN)] == [
        "ann@example.org"]

    async def both_told() -> bool:
        return sorted(str(m["Subject"]) for m in mailbox.to("ann@example.org")
                      if str(m["Subject"]).startswith("Your RSVP was removed")) == [
            "Your RSVP was removed: Inclusive Sports Clinic, July 27, 2025", REMOVED_SUBJECT]

    await eventually(both_told)


async def test_blocking_an_address_can_remove_its_upcoming_rsvps(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    await rsvp(TINY_SLOT, "Ann")
    await rsvp(TINY_SLOT, "Bo")
    await rsvp(TINY_SLOT, "Wes", waitlist=True)

    response = await client.post(BLOCKS, headers=kim,
                                 json={"email": "ann@example.org", "removeRsvps": True})

    assert response.status_code == 200
    assert (response.json()["removed"], response.json()["message"]) == (1, (
        "ann@example.org is blocked from the events of KEEN St. Louis. 1 RSVP of theirs to "
        "upcoming events of KEEN St. Louis was removed too. 1 from the waitlist moved up."))
    await arrived(mailbox, "ann@example.org", "Your RSVP was removed")
    await arrived(mailbox, "wes@example.org", "A spot opened up")
    assert await statuses() == {f"Ann@{TINY_SLOT}": "cancelled", f"Bo@{TINY_SLOT}": "confirmed",
                                f"Wes@{TINY_SLOT}": "confirmed"}


async def test_blocking_removes_the_rsvps_of_any_spelling_of_the_mailbox(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    # A block refuses every spelling of a mailbox (+tags, Gmail's dots): the RSVPs it removes
    # must be the same ones, or a tagged RSVP made before the block would keep its seat.
    _, kim = await person(settings, "kim", organizes=(KEEN,))
    tagged = await client.post("/api/rsvp", json=guest("ann") | {"email": "ann+club@example.org"})
    await rsvp(TINY_SLOT, "Bo")
    assert tagged.status_code == 201, tagged.text

    response = await client.post(BLOCKS, headers=kim,
                                 json={"email": "ann@example.org", "removeRsvps": True})

    assert (response.status_code, response.json()["removed"]) == (200, 1)
    await arrived(mailbox, "ann+club@example.org", "Your RSVP was removed")
    assert await statuses() == {f"Ann@{TINY_SLOT}": "cancelled", f"Bo@{TINY_SLOT}": "confirmed"}
