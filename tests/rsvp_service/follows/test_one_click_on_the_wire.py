"""One-click unsubscribe as a mail client sees it: the raw bytes the SMTP server received.

The digest is the one kind of email that carries `List-Unsubscribe` (the follow confirmation
is the double opt-in itself, the other kinds answer something the person did). The bytes are
read with a plain regex, not the email package: the package decodes the RFC 2047 words it
wrote itself, which mail clients do not do in this header (RFC 2369), so it would hide the bug.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest
from follows_testkit import DIGEST, KEEN, WEEK_1, digest_pass, follow_content
from mail_testkit import Mailbox, dkim_key, dkim_tags, header_lines
from organize_testkit import at, person
from service_testkit import TEST_SECRET_KEY
from starlette.applications import Starlette

from rsvp_service.events import load_catalogue
from rsvp_service.follows.models import Follow, Follower
from rsvp_service.mail import follow_notices
from rsvp_service.mail.kinds import BUILDERS
from rsvp_service.mail.message import MailContext, PermanentMailError, QueuedMail, build_email
from rsvp_service.settings import Settings

pytestmark = pytest.mark.events(write=follow_content)

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]
# A site under a long host name (253 characters at most): the header is far past 78 characters.
LONG_SITE = "https://" + ".".join(["volunteer-opportunities-in-the-greater-saint-louis-region"] * 3
                                  + ["civicstl.example.org"])
# The header as RFC 2369 wants it: the name, one <URL> on the same line, CRLF, nothing folded.
HEADER = re.compile(rb"^List-Unsubscribe: <(https://[!-;=?-~]+)>\r\n(?![ \t])", re.MULTILINE)
POST_HEADER = re.compile(rb"^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n", re.MULTILINE)
# The largest follower id the table holds: the longest token a digest can carry.
LAST_ID = 2**31 - 1


async def test_the_digest_carries_its_one_click_url_raw_on_the_wire(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
) -> None:
    settings = make_settings(**DIGEST, site_url=LONG_SITE)
    async with make_client(settings) as client:
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        ann, headers = await person(settings, "ann")
        await Follower.create(id=LAST_ID, email=ann.email, user_id=ann.id,
                              created_at=datetime.now(UTC))
        assert (await client.post("/api/follows", json=KEEN, headers=headers)).status_code == 200
        at(app.state.settings, WEEK_1)
        assert (await digest_pass(app)).queued == 1
        await mailbox.wait_for(1)
        [raw] = mailbox.raw

        assert b"=?" not in b"".join(re.findall(rb"^List-Unsubscribe[^\r]*", raw, re.MULTILINE))
        found = HEADER.search(raw)
        assert found is not None, raw.split(b"\r\n\r\n")[0].decode()
        assert POST_HEADER.search(raw) is not None
        url = found.group(1).decode("ascii")
        assert url.startswith(f"{LONG_SITE}/api/follows/unsubscribe?token={LAST_ID}-")
        assert len(found.group(0)) > 250  # far past the 78 the package folds at

        # The URL read from the bytes works, as a mail client would POST it (RFC 8058).
        parts = urlsplit(url)
        answer = await client.post(
            f"{parts.path}?{parts.query}", content=b"List-Unsubscribe=One-Click",
            headers={"content-type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 200, answer.text
        assert await Follow.all().count() == 0


async def test_a_signed_digest_verifies_with_its_list_headers_signed(
    make_settings: Callable[..., Settings], make_client: MakeClient, mailbox: Mailbox,
    tmp_path: Path,
) -> None:
    key = dkim_key(tmp_path, selector="civicstl1", domain="civicstl.example")
    settings = make_settings(**DIGEST, site_url="https://civicstl.example",
                             mail_from="CivicSTL <digest@civicstl.example>",
                             dkim_key_file=key.path, dkim_selector="civicstl1")
    async with make_client(settings) as client:
        app: Starlette = client._transport.app  # type: ignore[attr-defined]
        _, headers = await person(settings, "ann")
        assert (await client.post("/api/follows", json=KEEN, headers=headers)).status_code == 200
        at(app.state.settings, WEEK_1)
        assert (await digest_pass(app)).queued == 1
        await mailbox.wait_for(1)
    [raw] = mailbox.raw

    assert header_lines(raw, "List-Id") == ["CivicSTL follows <follows.civicstl.example>"]
    assert header_lines(raw, "Auto-Submitted") == ["auto-generated"]
    signed = dkim_tags(raw)["h"].replace(" ", "").lower().split(":")
    assert {"list-id", "list-unsubscribe", "list-unsubscribe-post"} <= set(signed)
    assert key.verifies(raw)
    # A forger's unsubscribe address (a mail client would POST to it) breaks the signature.
    forged = HEADER.sub(b"List-Unsubscribe: <https://evil.example/u>\r\n", raw)
    assert forged != raw and not key.verifies(forged)


def test_a_url_too_long_for_one_line_is_refused_not_folded_or_encoded(
    events_file: Path,
) -> None:
    # RFC 5322 caps a line at 998 characters; a URL past it could only be folded or encoded.
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None, environment="test", secret_key=TEST_SECRET_KEY,
        events_file=events_file, site_url=f"https://civicstl.example.org/{'a' * 1000}")
    context = MailContext(settings, load_catalogue(events_file))
    row = QueuedMail(7, follow_notices.DIGEST, "ann@example.org",
                     {"follower_id": 7, "week": "2025-W15", "events": []},
                     datetime(2025, 4, 7, 14, tzinfo=UTC))
    with pytest.raises(PermanentMailError, match="longer than a header line may be"):
        build_email(context, row, BUILDERS[row.kind])
