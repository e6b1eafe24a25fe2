"""What a request and an answer may hold, from the attacker's side: no web address in the words
our email carries to a stranger (and those words shown as the volunteer's own), adjusted hours no
more than the asked span, and hours counted in real time across a change of the clocks (a
local time the clocks skipped is refused)."""

from __future__ import annotations

import email
import email.policy

import httpx
import pytest
from mail_testkit import Mailbox, arrived
from outside_hours_testkit import ASKED, SUPERVISOR, ask, asked, volunteer

from rsvp_service.outside_hours import service, supervisor
from rsvp_service.outside_hours.models import OutsideHoursRequest
from rsvp_service.settings import Settings

pytestmark = pytest.mark.sqlite_only


@pytest.mark.parametrize("field", ["description", "organization"])
@pytest.mark.parametrize("text", [
    "Log in at https://evil.example/claim", "see http://x.y", "visit www.evil-site.net now",
    "Confirm at civicstl-hours.com/confirm", "Pantry.org", "go to bit.ly/abc",
    "HTTPS://EVIL.EXAMPLE",
])
async def test_web_addresses_are_refused_with_a_sentence(
    client: httpx.AsyncClient, settings: Settings, field: str, text: str,
) -> None:
    refused = await ask(client, await volunteer(settings), **{field: text})
    assert refused.status_code == 422, refused.text
    assert refused.json()["error"] == (
        f"The field '{field}' is invalid: it must not contain a web address; please describe "
        "it in words.")
    assert await OutsideHoursRequest.all().count() == 0


@pytest.mark.parametrize("text", [
    "Sorted donations at St. Louis Area Foodbank, e.g. cans.", "Helped Dr. Lee. Then cleaned.",
    "Tutored 3.5 hours at the Y.",
])
async def test_ordinary_words_pass(
    client: httpx.AsyncClient, settings: Settings, text: str,
) -> None:
    assert (await ask(client, await volunteer(settings), description=text)).status_code == 201


async def test_the_email_presents_the_description_as_the_volunteers_words(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    assert (await ask(client, await volunteer(settings),
                      description="Packed boxes & sorted cans.")).status_code == 201
    await arrived(mailbox, SUPERVISOR, ASKED)
    # Read from the raw bytes with the older parser, not the one that built the message.
    parsed = email.message_from_bytes(mailbox.raw[-1], policy=email.policy.compat32)
    parts = {part.get_content_type(): part.get_payload(decode=True).decode()  # type: ignore[union-attr]
             for part in parsed.walk() if not part.is_multipart()}
    text = " ".join(parts["text/plain"].split())
    assert "What they did, in their words: \u201cPacked boxes & sorted cans.\u201d" in text
    assert "in their words: \u201cPacked boxes &amp; sorted cans.\u201d" in " ".join(
        parts["text/html"].split())


async def test_adjusted_hours_are_at_most_the_asked_span(
    client: httpx.AsyncClient, mailbox: Mailbox, settings: Settings,
) -> None:
    token = await asked(client, mailbox, settings)  # 9:00-12:00, 3 hours
    for more in (3.01, 24):
        refused = await client.post("/api/hours-requests/adjust",
                                    json={"token": token, "hours": more})
        assert (refused.status_code, refused.json()["error"]) == (
            422, supervisor.ADJUST_TOO_MANY.format(hours="3"))
    assert (await OutsideHoursRequest.get()).answer is None
    done = await client.post("/api/hours-requests/adjust", json={"token": token, "hours": 2.5})
    assert done.status_code == 200, done.text


@pytest.mark.parametrize(("day", "start", "end", "hours"), [
    # The clocks went back at 2:00 on Sunday 3 November 2024: 0:30-3:30 is 4 hours served.
    ("2024-11-03", "00:30", "03:30", 4.0),
    # And forward at 2:00 on Sunday 9 March 2025: 1:00-4:00 is 2 hours served.
    ("2025-03-09", "01:00", "04:00", 2.0),
    ("2025-03-08", "01:00", "04:00", 3.0),
])
async def test_hours_are_real_time_across_a_change_of_the_clocks(
    client: httpx.AsyncClient, settings: Settings, day: str, start: str, end: str, hours: float,
) -> None:
    created = await ask(client, await volunteer(settings), date=day, start=start, end=end)
    assert created.status_code == 201, created.text
    assert created.json()["hours"] == hours


@pytest.mark.parametrize(("start", "end"), [("02:30", "05:00"), ("01:00", "02:15")])
async def test_a_time_the_clocks_skipped_is_refused(
    client: httpx.AsyncClient, settings: Settings, start: str, end: str,
) -> None:
    refused = await ask(client, await volunteer(settings), date="2025-03-09", start=start,
                        end=end)
    assert (refused.status_code, refused.json()["error"]) == (422, service.NO_SUCH_TIME)
