"""What the big inboxes check, read from the bytes a receiver gets: Auto-Submitted on every
kind (RFC 3834), List-Id on digests and organizers' messages (RFC 2919), and the optional DKIM
signature (RFC 6376) verified by dkimpy against the public key a DNS lookup would return.

The headers are read with regexes on the raw bytes, as a receiver's filter reads them.
"""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from email.header import decode_header, make_header
from pathlib import Path
from typing import Any

import httpx
import pytest
from mail_testkit import Mailbox, dkim_key, dkim_tags, header_lines
from organize_testkit import person, rsvp, slot_path
from service_testkit import GUEST_SLOT, TEST_SECRET_KEY, TINY_SLOT, run_command, service_env

from rsvp_service.events import load_catalogue
from rsvp_service.mail import organizer_message
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import MailContext, QueuedMail, as_bytes, build_email
from rsvp_service.mail.signing import DkimKeyError, signer_for
from rsvp_service.settings import Settings

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
SITE = "https://civicstl.example"
SENDER = "CivicSTL <no-reply@mail.civicstl.example>"
SELECTOR = "civicstl1"
# Every builder's row: the union of what the kinds read.
ANY_KIND_DATA: dict[str, Any] = {
    "slot_id": GUEST_SLOT, "first_name": "Ann", "last_name": "Lee", "cancel_token": None,
    "checkin_code": None, "position": 2, "name": "Ann Lee", "link": f"{SITE}/verify#token=t",
    "hours": 24, "minutes": 60, "consent_id": 3, "volunteer": "Sam Lee", "hold_hours": 48,
    "follower_id": 5, "labels": ["KEEN St. Louis"], "week": "2025-W15", "events": [],
    "host": "keenstl", "organization": "KEEN St. Louis", "subject": "Parking",
    "body": "Park in the north lot.", "title": "Tiny Workshop", "date_text": "May 1, 2025",
    "time": "6:00-7:00 PM", "request_id": 7, "user_id": 3, "supervisor": "Dana Boss",
    "hours_asked": "3", "description": "Packed boxes.",
}


def subject_of(raw: bytes) -> str:
    """The decoded Subject of raw bytes."""
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    return str(parsed["Subject"])


def context_for(events_file: Path, **settings: Any) -> MailContext:
    """What builders read, without a database."""
    values = {"environment": "test", "secret_key": TEST_SECRET_KEY,
              "events_file": events_file, "site_url": SITE} | settings
    return MailContext(Settings(_env_file=None, **values),  # type: ignore[call-arg]
                       load_catalogue(events_file))


def built(context: MailContext, kind: str, *, without: str = "", **data: Any) -> bytes:
    """The raw bytes of a message of the kind, built as the outbox builds it."""
    row_data = {key: value for key, value in (ANY_KIND_DATA | data).items() if key != without}
    row = QueuedMail(41, kind, "ann@example.org", row_data, datetime(2025, 4, 1, 17, tzinfo=UTC))
    return as_bytes(build_email(context, row, BUILDERS[kind]))


def test_every_kind_of_mail_says_it_is_auto_generated(events_file: Path) -> None:
    context = context_for(events_file)
    for kind in BUILDERS:
        assert header_lines(built(context, kind), "Auto-Submitted") == ["auto-generated"], kind


def test_only_digests_and_organizers_messages_name_a_list(events_file: Path) -> None:
    context = context_for(events_file)
    listed = {kind: header_lines(built(context, kind), "List-Id") for kind in BUILDERS}
    assert listed.pop("follow_digest") == ["CivicSTL follows <follows.civicstl.example>"]
    assert listed.pop(organizer_message.KIND) == [
        '"KEEN St. Louis via CivicSTL" <keenstl.organizers.civicstl.example>']
    assert all(value == [] for value in listed.values()), listed


@pytest.mark.parametrize(("site", "namespace"), [
    ("http://127.0.0.1:8000", "127.0.0.1"), ("http://[::1]:8000", "localhost"),
    ("https://Volunteer.CivicSTL.org/", "volunteer.civicstl.org")])
def test_the_list_id_ends_in_the_site_host(
    events_file: Path, site: str, namespace: str,
) -> None:
    raw = built(context_for(events_file, site_url=site), "follow_digest")
    assert header_lines(raw, "List-Id") == [f"CivicSTL follows <follows.{namespace}>"]


@pytest.mark.parametrize("name", [
    'Ann\'s "Quoted" Crew \\ (1)', "Zoë's Café",
    "=?utf-8?q?A=0D=0ABcc:_victim@example.org?=", "Kids <First> Inc."])
def test_an_organizations_name_in_the_list_id_is_text(
    events_file: Path, name: str,
) -> None:
    raw = built(context_for(events_file), organizer_message.KIND, organization=name)
    [value] = header_lines(raw, "List-Id")
    phrase, _, list_id = value.rpartition(" <")
    assert list_id == "keenstl.organizers.civicstl.example>"
    parsed = email.message_from_bytes(raw, policy=email.policy.compat32)
    assert "Bcc" not in parsed and len(parsed.get_all("List-Id")) == 1
    if phrase.startswith('"'):
        text = re.sub(r"\\(.)", r"\1", phrase[1:-1])
    else:
        text = str(make_header(decode_header(phrase)))
    assert text == f"{name} via CivicSTL"


def test_rows_queued_before_the_slug_was_stored_go_without_a_list_id(
    events_file: Path,
) -> None:
    raw = built(context_for(events_file), organizer_message.KIND, without="host")
    assert header_lines(raw, "List-Id") == []
    assert header_lines(raw, "Auto-Submitted") == ["auto-generated"]


async def deliver_two_kinds(settings: Settings, make_client: MakeClient,
                            mailbox: Mailbox) -> dict[str, bytes]:
    """Send an RSVP confirmation and an organizer's message; their raw bytes as received."""
    async with make_client(settings) as client:
        _, kim = await person(settings, "kim", organizes=("keenstl",))
        await rsvp(TINY_SLOT, "Ann")
        await mailbox.wait_for(1)
        sent = await client.post(slot_path(TINY_SLOT, "/messages"), headers=kim, json={
            "subject": "Parking", "body": "North lot.", "includeWaitlist": False,
            "preview": False})
        assert sent.status_code == 202, sent.text
        await mailbox.wait_for(2)
    [confirmation, message] = mailbox.raw
    assert subject_of(message) == "KEEN St. Louis: Parking"
    return {"confirmation": confirmation, "organizer": message}


async def test_the_received_bytes_carry_auto_submitted_and_list_id(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
) -> None:
    raws = await deliver_two_kinds(make_settings(site_url=SITE), make_client, mailbox)

    for raw in raws.values():
        assert header_lines(raw, "Auto-Submitted") == ["auto-generated"]
        assert header_lines(raw, "DKIM-Signature") == []  # no key, no signature
    assert header_lines(raws["confirmation"], "List-Id") == []
    assert header_lines(raws["organizer"], "List-Id") == [
        '"KEEN St. Louis via CivicSTL" <keenstl.organizers.civicstl.example>']


def tampered(raw: bytes) -> dict[str, bytes]:
    """Copies of raw bytes a forger changed: its subject, its body, a link in it."""
    head, _, body = raw.partition(b"\r\n\r\n")
    return {
        "subject": re.sub(rb"\r\nSubject: [^\r]*(\r\n[ \t][^\r]*)*",
                          b"\r\nSubject: Your account is locked", raw),
        "body": head + b"\r\n\r\nLog in at https://evil.example/ now.\r\n" + body,
        "reply-to": raw.replace(b"\r\nTo: ", b"\r\nReply-To: evil@evil.example\r\nTo: ", 1),
    }


async def test_dkim_signed_mail_verifies_as_received_and_a_tampered_copy_does_not(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
    tmp_path: Path,
) -> None:
    key = dkim_key(tmp_path, selector=SELECTOR, domain="mail.civicstl.example")
    settings = make_settings(site_url=SITE, mail_from=SENDER, dkim_key_file=key.path,
                             dkim_selector=SELECTOR)
    raws = await deliver_two_kinds(settings, make_client, mailbox)

    for kind, raw in raws.items():
        tags = dkim_tags(raw)
        # d= is MAIL_FROM's domain (DMARC's alignment), the selector names the DNS record.
        assert (tags["d"], tags["s"], tags["c"]) == (
            "mail.civicstl.example", SELECTOR, "relaxed/relaxed")
        signed = set(tags["h"].replace(" ", "").lower().split(":"))
        assert {"from", "to", "subject", "date", "message-id", "auto-submitted", "mime-version",
                "content-type"} <= signed, kind
        assert key.verifies(raw), kind
        for what, forged in tampered(raw).items():
            assert forged != raw and not key.verifies(forged), (kind, what)
    assert "reply-to" in dkim_tags(raws["organizer"])["h"].lower()
    assert "list-id" in dkim_tags(raws["organizer"])["h"].lower()
    assert set(key.asked) == {b"civicstl1._domainkey.mail.civicstl.example."}


def test_a_key_file_needs_a_selector_and_a_key(tmp_path: Path, events_file: Path) -> None:
    base = {"environment": "test", "secret_key": TEST_SECRET_KEY, "events_file": events_file}
    with pytest.raises(ValueError, match="DKIM_SELECTOR must be set when DKIM_KEY_FILE is"):
        Settings(_env_file=None, dkim_key_file=tmp_path / "k.pem", **base)  # type: ignore[call-arg]
    not_a_key = tmp_path / "not-a-key.pem"
    not_a_key.write_text("-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n")
    for path, why in ((tmp_path / "missing.pem", "cannot be read"), (not_a_key, "holds no PEM")):
        settings = Settings(_env_file=None, dkim_key_file=path,  # type: ignore[call-arg]
                            dkim_selector=SELECTOR, **base)
        with pytest.raises(DkimKeyError, match=f"DKIM_KEY_FILE {re.escape(str(path))} {why}"):
            signer_for(settings)


def test_a_key_that_cannot_be_read_stops_the_worker_before_it_starts(
    tmp_path: Path, events_file: Path,
) -> None:
    env = service_env(port=8000, database_url=f"sqlite://{tmp_path}/db.sqlite3",
                      events_file=events_file, var_dir=tmp_path, smtp_port=2525)
    missing = tmp_path / "dkim.pem"

    done = run_command(env | {"DKIM_KEY_FILE": str(missing), "DKIM_SELECTOR": SELECTOR}, "worker")

    assert done.returncode == 1
    assert done.stderr.strip() == (f"rsvp_service: DKIM_KEY_FILE {missing} cannot be read (No "
                                   "such file or directory); point it at the PEM private key, "
                                   "or unset it.")
    assert not (tmp_path / "db.sqlite3").exists()  # stopped before migrating
