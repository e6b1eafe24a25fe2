"""Names and subjects are data in mail headers: no encoded word becomes a header or a body.

Two layers. The one mail builder is given hostile text directly, as rows stored before the API
refused it would hold; the API, with the real SMTP server, refuses `=?` in names and subjects
and delivers odd but allowed names intact. Every message is parsed again from the bytes a
receiver gets.
"""

from __future__ import annotations

import base64
import email
import email.policy
from datetime import UTC, datetime
from email.header import decode_header, make_header
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest
from mail_testkit import Mailbox
from organize_testkit import DURING_TINY, FOREST, KEEN, at, person, slot_path
from service_testkit import GUEST_SLOT, TEST_SECRET_KEY, TINY_SLOT, rsvp

from rsvp_service.accounts.bodies import ENCODED_NAME, ENCODED_WORD, no_encoded_words
from rsvp_service.accounts.models import User
from rsvp_service.events import load_catalogue
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import (
    MailContext,
    PermanentMailError,
    QueuedMail,
    as_bytes,
    build_email,
)
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.rsvps.store import NewRsvp, add_rsvp
from rsvp_service.settings import Settings

VICTIM = "victim@example.org"
SITE = "http://127.0.0.1:8000"


def b_word(text: str) -> str:
    """Text as one base64 encoded word."""
    return f"=?utf-8?b?{base64.b64encode(text.encode()).decode()}?="


ISSUE_BODY = ("=?utf-8?q?A=0D=0AContent-Type:_text/plain=0D=0A=0D=0AYour_account_is_locked."
              "_Log_in_at_http://evil.example/login=0D=0A?=")
ISSUE_REPLY_TO = "=?utf-8?q?Ann=0D=0AReply-To:_evil@evil.example?="
ISSUE_BCC = "=?utf-8?q?Hi=0D=0ABcc:_victim2@example.org=0D=0AX-Injected:_yes?="
# Text that holds encoded words: as data it must reach the reader exactly as written.
HOSTILE = {
    "issue: forged body": ISSUE_BODY,
    "issue: Reply-To": ISSUE_REPLY_TO,
    "issue: Bcc and X-Injected": ISSUE_BCC,
    "split over two words": "=?utf-8?q?Ann=0D=0A?= =?utf-8?q?Bcc:_evil@evil.example?=",
    "split by a tab": "=?utf-8?q?Ann=0D=0A?=\t=?utf-8?q?Bcc:_evil@evil.example?=",
    "nested": "=?utf-8?q?=3D=3Futf-8=3Fq=3FAnn=3D0D=3D0ABcc:_evil@evil.example=3F=3D?=",
    "base64": b_word("Ann\r\nBcc: evil@evil.example"),
    "nested base64": b_word(b_word("Ann\r\nBcc: evil@evil.example")),
    "mixed case": "=?UtF-8?Q?Ann=0d=0aBcc:_evil@evil.example?=",
    "other charset": "=?iso-8859-1?q?Ann=0D=0ABcc:_evil@evil.example?=",
    "inside a word": "Ann=?utf-8?q?=0D=0ABcc:_evil@evil.example?=Lee",
    "inside quotes": 'Ann "=?utf-8?q?=0D=0ABcc:_evil@evil.example?=" Lee',
    "after accents": "Zoë =?utf-8?q?=0D=0ABcc:_evil@evil.example?=",
}
# Text with a line break: no header can hold it.
BROKEN = {
    "folded: CRLF and a space": "=?utf-8?q?Ann?=\r\n =?utf-8?q?=0D=0ABcc:_evil@evil.example?=",
    "folded: LF and a tab": "Ann\n\tBcc: evil@evil.example",
    "lone CR": "Ann\rBcc: evil@evil.example",
    "lone LF": "Ann\nBcc: evil@evil.example",
    "U+2028 line separator": "Ann\u2028Bcc: evil@evil.example",
    "U+2029 paragraph separator": "Ann\u2029Bcc: evil@evil.example",
    "U+0085 next line": "Ann\x85Bcc: evil@evil.example",
    "trailing U+2028": "Ann Lee\u2028",
}
# Names the API accepts although mail syntax gives their characters meaning.
ODD_NAMES = [
    ("Zoë", "Ñúñez"),
    ("O'Brien, \"Jr.\"", "<Lee>"),
    ("🎉 Ann", "Lee (the 2nd); Bcc: x@example.org"),
    ("Ann ?= =", "? Lee\\"),
]
ODD_ACCOUNT = 'José "Pepe" Ñúñez, Jr. <3'
ODD_SUBJECT = 'Parking: "north" lot <b>&</b>; ü 🚗 = ? ?= (ok)'
GUEST_CONFIRMATION = "Your RSVP: Forest Park Cleanup, April 27, 2025"


@pytest.fixture(scope="module")
def context(events_file: Path) -> MailContext:
    """What builders read, without a database: the settings and the fixture catalogue."""
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, environment="test", secret_key=TEST_SECRET_KEY,
        events_file=events_file, site_url=SITE)
    return MailContext(settings, load_catalogue(events_file))


def queued(kind: str, **data: Any) -> QueuedMail:
    """An outbox row as the sender claims it."""
    return QueuedMail(41, kind, VICTIM, data, datetime(2025, 4, 1, 17, tzinfo=UTC))


def rows_carrying(text: str) -> list[QueuedMail]:
    """A row of each kind of mail whose headers carry a person's text, holding `text`."""
    person = {"slot_id": GUEST_SLOT, "first_name": text, "last_name": "Lee",
              "cancel_token": None, "checkin_code": None}
    return [
        queued("verify_email", name=text, link=f"{SITE}/verify#token=t", hours=24),
        queued("password_reset", name=text, link=f"{SITE}/reset-password#token=t", minutes=60),
        queued("rsvp_confirmation", **person),
        queued("rsvp_reminder", **person, position=None),
        queued("organizer_message", organization="KEEN St. Louis", subject=text,
               body="Park in the north lot.", title="Tiny Workshop", date_text="May 1, 2025",
               time="6:00-7:00 PM", name=text),
    ]


def rfc2047(value: str) -> str:
    """A raw header value decoded by RFC 2047 (whitespace between encoded words dropped)."""
    # Python 3.11's address parser keeps that whitespace in display names (CPython
    # gh-128110), so long encoded names are decoded here from the raw header instead.
    return str(make_header(decode_header(value)))


def body(message: EmailMessage, kind: str) -> str:
    """The text of the message's plain or HTML body, with LF line ends."""
    part = message.get_body((kind,))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n")


def assert_delivered_as_written(built: EmailMessage, to_name: str, subject: str) -> None:
    """The raw message has each header we wrote once, and nothing else; text stays text."""
    raw = as_bytes(built)
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(parsed, EmailMessage)
    assert list(parsed.keys()) == list(built.keys())
    assert len(set(parsed.keys())) == len(parsed.keys())
    assert parsed["Subject"] == subject
    [address] = parsed["To"].addresses
    assert address.addr_spec == VICTIM
    raw_to = email.message_from_bytes(raw, policy=email.policy.compat32)["To"]
    assert rfc2047(raw_to) == f"{to_name} <{VICTIM}>"
    for kind in ("plain", "html"):
        assert body(parsed, kind) == body(built, kind)
    assert len(list(parsed.iter_attachments())) == len(list(built.iter_attachments()))


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_encoded_words_in_names_and_subjects_reach_the_reader_as_text(
    context: MailContext, text: str
) -> None:
    for row in rows_carrying(text):
        builder = BUILDERS[row.kind]
        draft = builder(context, row)
        assert text in draft.to_name

        built = build_email(context, row, builder)

        assert_delivered_as_written(built, draft.to_name, draft.subject)


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_line_breaks_in_names_and_subjects_are_refused(context: MailContext, text: str) -> None:
    for row in rows_carrying(text):
        with pytest.raises(PermanentMailError, match=r"line breaks|CR or LF"):
            build_email(context, row, BUILDERS[row.kind])


def organizer_message_replied_to(name: str) -> QueuedMail:
    """An organizer's message whose replies go to a person of that name."""
    return queued("organizer_message", organization="KEEN St. Louis", subject="Parking",
                  body="Park in the north lot.", title="Tiny Workshop", date_text="May 1, 2025",
                  time="6:00-7:00 PM", name="Ann", reply_to="kim@example.org",
                  reply_to_name=name, contact="")


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_encoded_words_in_the_reply_to_name_reach_the_reader_as_text(
    context: MailContext, text: str
) -> None:
    row = organizer_message_replied_to(text)

    raw = as_bytes(build_email(context, row, BUILDERS[row.kind]))

    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert len(set(parsed.keys())) == len(parsed.keys()) and "Bcc" not in parsed
    assert parsed["Reply-To"].addresses[0].addr_spec == "kim@example.org"
    raw_reply_to = email.message_from_bytes(raw, policy=email.policy.compat32)["Reply-To"]
    assert rfc2047(raw_reply_to) == f"{text} <kim@example.org>"


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
def test_line_breaks_in_the_reply_to_name_are_refused(context: MailContext, text: str) -> None:
    row = organizer_message_replied_to(text)
    with pytest.raises(PermanentMailError, match=r"line breaks|CR or LF"):
        build_email(context, row, BUILDERS[row.kind])


def test_only_an_organizers_message_carries_a_reply_to(context: MailContext) -> None:
    rows = [*rows_carrying("Ann"), organizer_message_replied_to("Kim Park")]

    built = [build_email(context, row, BUILDERS[row.kind]) for row in rows]

    # The message stored before replies had an address (the last of rows_carrying) has none.
    assert [message["Reply-To"] for message in built] == [None] * 5 + [
        "Kim Park <kim@example.org>"]
    assert {message["From"] for message in built} == {context.settings.mail_from}


def test_ordinary_names_and_subjects_are_written_as_they_are(context: MailContext) -> None:
    [*_, confirmation, _, message] = rows_carrying("Ann")

    raw = as_bytes(build_email(context, confirmation, BUILDERS[confirmation.kind]))
    sent = as_bytes(build_email(context, message, BUILDERS[message.kind]))

    assert b"\r\nTo: Ann Lee <victim@example.org>\r\n" in raw
    assert f"\r\nSubject: {GUEST_CONFIRMATION}\r\n".encode() in raw
    assert b"\r\nSubject: KEEN St. Louis: Ann\r\n" in sent


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_the_api_check_refuses_every_encoded_word(text: str) -> None:
    with pytest.raises(ValueError, match="=\\?"):
        no_encoded_words(text)


def test_the_api_check_lets_odd_names_through() -> None:
    for first, last in ODD_NAMES:
        assert no_encoded_words(first) == first and no_encoded_words(last) == last


async def test_registration_with_an_encoded_name_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/auth/register", json={
        "name": ISSUE_BODY, "email": VICTIM, "password": "correct horse battery staple"})

    assert response.status_code == 422
    assert response.json() == {"errors": [{"msg": ENCODED_NAME}]}
    assert await User.all().count() == 0
    assert await OutboxMessage.all().count() == 0


async def test_rsvp_with_an_encoded_name_is_refused(client: httpx.AsyncClient) -> None:
    for field, text in (("firstName", ISSUE_REPLY_TO), ("lastName", HOSTILE["mixed case"])):
        response = await client.post("/api/rsvp", json=rsvp(email=VICTIM, **{field: text}))

        assert response.status_code == 422
        assert response.json() == {"error": f"The field '{field}' is invalid: {ENCODED_WORD}."}
    assert await Rsvp.all().count() == 0
    assert await OutboxMessage.all().count() == 0


async def test_organizer_message_with_an_encoded_subject_is_refused(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    await client.post("/api/rsvp", json=rsvp(TINY_SLOT, email=VICTIM))
    queued_before = await OutboxMessage.all().count()

    answers = [await client.post(slot_path(TINY_SLOT, "/messages"), headers=headers, json={
        "subject": ISSUE_BCC, "body": "Hello", "preview": preview}) for preview in (True, False)]

    for answer in answers:
        assert answer.status_code == 422
        assert answer.json() == {"error": f"The field 'subject' is invalid: {ENCODED_WORD}."}
    assert not await OrganizerMessage.all().exists()
    assert await OutboxMessage.all().count() == queued_before


async def test_walk_in_with_an_encoded_name_is_refused(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    at(settings, DURING_TINY)

    response = await client.post(slot_path(TINY_SLOT, "/walkins"), headers=headers, json={
        "name": HOSTILE["base64"], "email": VICTIM, "clientId": "door-1"})

    assert response.status_code == 422
    assert response.json() == {"error": f"The field 'name' is invalid: {ENCODED_WORD}."}
    assert await Rsvp.all().count() == 0


def assert_headers_once(message: EmailMessage) -> None:
    """The delivered message has the headers the builder writes, each once (and Reply-To and
    List-Id only on an organizer's message, to its sender: kim, who organizes Forest Park)."""
    organizers = message["Subject"].startswith("Forest Park Forever: ")
    assert sorted(message.keys()) == sorted([
        "From", "To", "Subject", "Date", "Message-ID", "Auto-Submitted", "MIME-Version",
        "Content-Type", "Content-Language", *(["Reply-To", "List-Id"] if organizers else [])])
    if organizers:
        assert message["Reply-To"] == "Kim Park <kim@example.org>"


async def test_odd_names_and_subjects_arrive_intact(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    _, headers = await person(settings, "kim", organizes=(FOREST,))
    for index, (first, last) in enumerate(ODD_NAMES):
        answer = await client.post("/api/rsvp", json=rsvp(
            email=f"p{index}@example.org", firstName=first, lastName=last))
        assert answer.status_code == 201
    registered = await client.post("/api/auth/register", json={
        "name": ODD_ACCOUNT, "email": "jose@example.org",
        "password": "correct horse battery staple"})
    assert registered.status_code == 201
    await mailbox.wait_for(len(ODD_NAMES) + 1)
    sent = await client.post(slot_path(GUEST_SLOT, "/messages"), headers=headers,
                             json={"subject": ODD_SUBJECT, "body": "Hi"})
    assert sent.status_code == 202

    messages = await mailbox.wait_for(2 * len(ODD_NAMES) + 1)

    for message in messages:
        assert_headers_once(message)
    confirmations = {m["To"].addresses[0].addr_spec: m["To"].addresses[0].display_name
                     for m in messages if m["Subject"] == GUEST_CONFIRMATION}
    notes = {m["To"].addresses[0].addr_spec: m["To"].addresses[0].display_name
             for m in messages if m["Subject"] == f"Forest Park Forever: {ODD_SUBJECT}"}
    expected = {f"p{index}@example.org": f"{first} {last}"
                for index, (first, last) in enumerate(ODD_NAMES)}
    assert confirmations == notes == expected
    [verification] = mailbox.to("jose@example.org")
    assert verification["To"].addresses[0].display_name == ODD_ACCOUNT


async def test_names_stored_before_the_check_are_delivered_as_text(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    """Rows written before the API refused `=?` go out through SMTP with their names as text."""
    _, headers = await person(settings, "kim", organizes=(FOREST,))
    names = {"ann@example.org": ISSUE_REPLY_TO, "bo@example.org": HOSTILE["base64"]}
    for address, name in names.items():
        await add_rsvp(NewRsvp(
            slot_id=GUEST_SLOT, event="forest-park-cleanup", email=address, first_name=name,
            last_name="", phone=None, user_id=None, capacity=None,
            created_at=datetime.now(UTC)))
    await mailbox.wait_for(len(names))
    sent = await client.post(slot_path(GUEST_SLOT, "/messages"), headers=headers,
                             json={"subject": "Parking", "body": "Hi"})
    assert sent.status_code == 202

    messages = await mailbox.wait_for(2 * len(names))

    assert sorted(rcpt for _, rcpts in mailbox.envelopes for rcpt in rcpts) == sorted(2 * [*names])
    for message, raw in zip(messages, mailbox.raw, strict=True):
        assert_headers_once(message)
        [address] = message["To"].addresses
        raw_to = email.message_from_bytes(raw, policy=email.policy.compat32)["To"]
        assert rfc2047(raw_to) == f"{names[address.addr_spec]} <{address.addr_spec}>"
        assert message["Subject"] in {GUEST_CONFIRMATION, "Forest Park Forever: Parking"}
        assert "Forest Park Cleanup" in body(message, "plain")
