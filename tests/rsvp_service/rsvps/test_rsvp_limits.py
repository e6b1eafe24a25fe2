"""From the attacker's side: RSVPs with someone else's address spend only the sender's budget
(per mailbox and IP), and never the signed-in owner's of a verified address."""

from __future__ import annotations

import pytest
from app_testkit import client_for
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, rsvp, signed_in
from starlette.applications import Starlette

from rsvp_service.settings import Settings
from rsvp_service.web.ratelimit import TOO_MANY_REQUESTS

pytestmark = pytest.mark.sqlite_only

VICTIM = "vic@example.org"


async def test_guest_rsvps_with_a_victims_address_do_not_lock_the_victim_out(
    app: Starlette, settings: Settings,
) -> None:
    async with (client_for(app, "203.0.113.66") as attacker,
                client_for(app, "198.51.100.5") as victim):
        # Ten requests with the victim's address (one spelt with a +tag) spend the budget...
        spent = [await attacker.post("/api/rsvp", json=rsvp(GUEST_SLOT, email=address))
                 for address in [VICTIM] * 9 + ["vic+x@example.org"]]
        assert spent[0].status_code == 201
        assert all(answer.status_code in {201, 409} for answer in spent)
        limited = await attacker.post("/api/rsvp", json=rsvp(GUEST_SLOT, email=VICTIM))
        assert (limited.status_code, limited.json()) == (429, {"error": TOO_MANY_REQUESTS})
        assert int(limited.headers["retry-after"]) >= 1

        # ...of that sender only: the victim, signed in from elsewhere, RSVPs as usual.
        _, headers = await signed_in(settings, VICTIM)
        own = await victim.post("/api/rsvp", json=rsvp(CLINIC_SLOTS[0]), headers=headers)
        assert own.status_code == 201, own.text

        # And the attacker stays limited.
        still = await attacker.post("/api/rsvp", json=rsvp(GUEST_SLOT, email="vic+y@example.org"))
        assert still.status_code == 429


async def test_a_verified_owner_is_not_limited_per_address(
    app: Starlette, settings: Settings,
) -> None:
    _, headers = await signed_in(settings, VICTIM)
    async with client_for(app, "198.51.100.5") as owner:
        answers = [await owner.post("/api/rsvp", json=rsvp(GUEST_SLOT), headers=headers)
                   for _ in range(12)]
    # One RSVP, then "already": never 429 for the owner's own address (the per-IP 30 a minute
    # still applies).
    assert [a.status_code for a in answers] == [201] + [409] * 11
