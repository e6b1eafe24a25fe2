"""Helpers of the follow tests: the digest's moments, its passes, and the links its mails carry.

The fixture events: KEEN St. Louis (`keenstl`, causes "disability inclusion" and "youth")
hosts the Tiny Workshop (May 1 2025) and the Inclusive Sports Clinic (July 27 2025); Forest
Park Forever (`forest-park-forever`, cause "environment") hosts the Forest Park Cleanup (April
27 2025). The digest goes out on Mondays from 9:00 (Chicago) in these tests.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from service_testkit import fixture_events, write_content
from starlette.applications import Starlette

from rsvp_service import clock
from rsvp_service.follows.digest import DigestPass, queue_digests

# A test module runs on these events (with causes): `pytest.mark.events(write=follow_content)`.
# The organizations of the fixture events, with the causes people can follow.
CAUSES = {"keenstl": ["disability inclusion", "youth"], "forest-park-forever": ["environment"]}
NAMES = {"keenstl": "KEEN St. Louis", "forest-park-forever": "Forest Park Forever"}


def _entry(slug: str) -> dict[str, object]:
    return {"id": slug, "name": NAMES[slug], "link": f"/{slug}", "causes": CAUSES[slug],
            "kind": "Nonprofit", "tagline": "Volunteers welcome.",
            "logo": {"src": "/images/logo.png", "alt": "Logo", "width": 64, "height": 64,
                     "srcset": None}}


def follow_content(folder: Path) -> Path:
    """Write the fixture events.json with an organizations.json beside it (names and causes)."""
    return write_content(folder, fixture_events(),
                         organizations=[_entry(slug) for slug in sorted(NAMES)])


DIGEST = {"digest_day": "monday", "digest_hour": 9}
# Monday April 7 2025 9:30 in Chicago: the Cleanup and the Workshop are within 4 weeks.
WEEK_1 = "2025-04-07T09:30:00-05:00"
# The next Monday: nothing new for whoever had both a week ago.
WEEK_2 = "2025-04-14T09:30:00-05:00"
BEFORE_SEND = "2025-04-07T08:59:00-05:00"
KEEN = {"kind": "organization", "target": "keenstl"}
FOREST = {"kind": "organization", "target": "forest-park-forever"}
CONFIRM = re.compile(r"/follows\?confirm=([A-Za-z0-9_-]+)")
PREFERENCES = re.compile(r"/follows#token=([A-Za-z0-9_-]+)")


async def digest_pass(app: Starlette) -> DigestPass:
    """One pass of the digest job, as the worker runs it, at the app's clock."""
    settings = app.state.settings
    return await queue_digests(app.state.catalogue, settings, clock.now(settings))


def one_click_target(message: EmailMessage) -> str:
    """The path and query of the List-Unsubscribe URL of a message (RFC 8058)."""
    header = str(message["List-Unsubscribe"])
    assert header.startswith("<") and header.endswith(">"), header
    url = urlsplit(header[1:-1])
    return f"{url.path}?{url.query}"


def follow_of(email: str, target: dict[str, str]) -> dict[str, Any]:
    """A guest's follow request."""
    return {**target, "email": email}


async def follows(client: httpx.AsyncClient, target: dict[str, str], *,
                  headers: dict[str, str] | None = None, email: str | None = None) -> None:
    """Follow as a signed-in person (`headers`: 200) or as a guest (`email`: 202), or fail."""
    if email is not None:
        answer = await client.post("/api/follows", json=follow_of(email, target))
        assert answer.status_code == 202, answer.text
    else:
        answer = await client.post("/api/follows", json=target, headers=headers)
        assert answer.status_code == 200, answer.text
