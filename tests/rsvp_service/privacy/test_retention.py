"""Guests' names and phone numbers are erased GUEST_DATA_DAYS after their slot; counts stay."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

from service_testkit import GUEST_SLOT, TINY_SLOT, new_rsvp
from starlette.applications import Starlette

from rsvp_service.accounts.models import User
from rsvp_service.privacy.retention import erase_guest_details
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.rsvps.shares import ClientShare
from rsvp_service.rsvps.store import add_rsvp, count_rsvps


async def test_guest_details_go_after_the_set_days_and_counts_stay(app: Starlette) -> None:
    catalogue = app.state.catalogue
    for email in ("guest@example.org", "member@example.org"):
        await add_rsvp(new_rsvp(app, GUEST_SLOT, email))
    await add_rsvp(new_rsvp(app, TINY_SLOT, "later@example.org"))
    member = await User.create(name="Mem Ber", email="member@example.org", password_hash="x")
    await Rsvp.filter(email="member@example.org").update(user_id=member.id, phone="314-555-0100")
    await Rsvp.filter(email="guest@example.org").update(phone="314-555-0199")
    guest_end = catalogue.slots[GUEST_SLOT].end

    # A day short of the limit nothing changes; at the limit only the guest's details go.
    assert await erase_guest_details(catalogue, guest_end + timedelta(days=89), 90) == 0
    assert await erase_guest_details(catalogue, guest_end + timedelta(days=90), 90) == 1
    assert await erase_guest_details(catalogue, guest_end + timedelta(days=90), 90) == 0

    guest = await Rsvp.get(email="guest@example.org")
    assert (guest.first_name, guest.last_name, guest.phone) == ("", "", None)
    assert guest.status is RsvpStatus.CONFIRMED
    kept = await Rsvp.get(email="member@example.org")
    assert (kept.first_name, kept.phone) == ("Ann", "314-555-0100")
    later = await Rsvp.get(email="later@example.org")  # its slot ended after the cutoff
    assert later.first_name == "Ann"
    assert await count_rsvps([GUEST_SLOT]) == 2


async def test_a_guest_without_a_phone_and_their_guests_names_are_erased_too(
    app: Starlette,
) -> None:
    catalogue = app.state.catalogue
    rsvp = dataclasses.replace(new_rsvp(app, GUEST_SLOT, "pat@example.org"),
                               guests=("Sam Roe", ""))
    await add_rsvp(rsvp)
    guest_end = catalogue.slots[GUEST_SLOT].end

    assert await erase_guest_details(catalogue, guest_end + timedelta(days=90), 90) == 1

    row = await Rsvp.get(email="pat@example.org")
    assert (row.first_name, row.last_name, row.phone, row.guest_names) == ("", "", None, None)
    assert row.party_size == 3 and await count_rsvps([GUEST_SLOT]) == 3


async def test_the_shares_keyed_hashes_go_when_the_slot_has_ended(app: Starlette) -> None:
    catalogue = app.state.catalogue
    share = ClientShare(client_key="a" * 32, mailbox_key="b" * 32, seats=4)
    await add_rsvp(dataclasses.replace(new_rsvp(app, TINY_SLOT, "pat@example.org"), share=share))
    tiny_end = catalogue.slots[TINY_SLOT].end

    await erase_guest_details(catalogue, tiny_end + timedelta(days=89), 90)
    row = await Rsvp.get(email="pat@example.org")
    assert (row.client_key, row.mailbox_key) == ("a" * 32, "b" * 32)
    await erase_guest_details(catalogue, tiny_end + timedelta(days=90), 90)
    row = await Rsvp.get(email="pat@example.org")
    assert (row.client_key, row.mailbox_key) == (None, None)
