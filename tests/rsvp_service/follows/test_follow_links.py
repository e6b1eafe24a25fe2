"""The links of follow emails: signed for one purpose and one address; a GET changes nothing.

SQLite alone: what is checked is settled by the signature before any SQL a dialect could
answer differently (the store's SQL runs on both in test_follow and test_digest).
"""

from __future__ import annotations

import httpx
import pytest
from follows_testkit import (
    FOREST,
    KEEN,
    follow_content,
    follows,
)
from organize_testkit import person
from starlette.applications import Starlette

from rsvp_service.follows.models import Follow, Follower
from rsvp_service.follows.routes import BAD_LINK
from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.settings import Settings

pytestmark = [pytest.mark.sqlite_only, pytest.mark.events(write=follow_content)]


async def _follower(client: httpx.AsyncClient, settings: Settings, name: str) -> Follower:
    _, headers = await person(settings, name)
    await follows(client, KEEN, headers=headers)
    return await Follower.get(email=f"{name}@example.org")


def _tampered(token: str) -> str:
    last = token[-1]
    return token[:-1] + ("a" if last != "a" else "b")


async def test_a_tampered_token_is_refused_with_a_sentence_and_changes_nothing(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    ann = await _follower(client, settings, "ann")
    good = tokens.sign(settings, Purpose.UNSUBSCRIBE, ann.id, ann.email)
    another_id = f"{ann.id + 1}-{good.split('-')[1]}"
    for bad in (_tampered(good), good[:-3], another_id, "not a token"):
        answer = await client.post(f"/api/follows/unsubscribe?token={bad}")
        assert (answer.status_code, answer.json()) == (404, {"error": BAD_LINK}), bad
    assert await Follow.filter(follower_id=ann.id).count() == 1


async def test_each_token_works_for_its_purpose_and_its_address_only(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    ann = await _follower(client, settings, "ann")
    ben = await _follower(client, settings, "ben")
    unsubscribe = tokens.sign(settings, Purpose.UNSUBSCRIBE, ann.id, ann.email)
    preferences = tokens.sign(settings, Purpose.PREFERENCES, ann.id, ann.email)
    # Ann's signature on Ben's follower id.
    borrowed = f"{ben.id}-{unsubscribe.split('-')[1]}"

    as_preferences = await client.post("/api/follows/preferences/view",
                                       json={"token": unsubscribe})
    as_confirm = await client.post("/api/follows/confirm", json={"token": preferences})
    as_unsubscribe = await client.post(f"/api/follows/unsubscribe?token={preferences}")
    for_ben = await client.post(f"/api/follows/unsubscribe?token={borrowed}")

    for answer in (as_preferences, as_confirm, as_unsubscribe, for_ben):
        assert (answer.status_code, answer.json()) == (404, {"error": BAD_LINK})
    assert await Follow.all().count() == 2


async def test_opening_the_unsubscribe_url_leads_to_a_page_and_changes_nothing(
    client: httpx.AsyncClient, settings: Settings,
) -> None:
    ann = await _follower(client, settings, "ann")
    token = tokens.sign(settings, Purpose.UNSUBSCRIBE, ann.id, ann.email)
    opened = await client.get(f"/api/follows/unsubscribe?token={token}")
    assert opened.status_code == 303
    assert opened.headers["location"] == f"http://127.0.0.1:8000/follows?unsubscribe={token}"
    assert await Follow.filter(follower_id=ann.id).count() == 1
    # The page's button (or a mail client) posts; posting again is still a success.
    for _ in range(2):
        done = await client.post(f"/api/follows/unsubscribe?token={token}")
        assert done.status_code == 200
    assert await Follow.filter(follower_id=ann.id).count() == 0


async def test_the_preferences_link_shows_and_changes_what_the_address_follows(
    client: httpx.AsyncClient, settings: Settings, app: Starlette,
) -> None:
    ann = await _follower(client, settings, "ann")
    token = tokens.sign(settings, Purpose.PREFERENCES, ann.id, ann.email)
    shown = await client.post("/api/follows/preferences/view", json={"token": token})
    assert shown.status_code == 200
    assert shown.json()["email"] == "ann@example.org"
    assert [f["label"] for f in shown.json()["follows"]] == ["KEEN St. Louis"]

    saved = await client.post("/api/follows/preferences", json={
        "token": token, "follows": [FOREST, {"kind": "cause", "target": "youth"}]})
    assert saved.status_code == 200, saved.text
    assert [(f["target"], f["confirmed"]) for f in saved.json()["follows"]] == [
        ("forest-park-forever", True), ("youth", True)]
    unknown = await client.post("/api/follows/preferences", json={
        "token": token, "follows": [{"kind": "cause", "target": "knitting"}]})
    assert unknown.status_code == 404
    assert await Follow.filter(follower_id=ann.id).count() == 2


async def test_guest_follows_are_rate_limited_per_address_and_ip(
    client: httpx.AsyncClient,
) -> None:
    answers = [await client.post("/api/follows", json={**KEEN, "email": "gus@example.org"})
               for _ in range(4)]
    other = await client.post("/api/follows", json={**KEEN, "email": "hal@example.org"})
    assert [a.status_code for a in answers] == [202, 202, 202, 429]
    assert "Retry-After" in answers[-1].headers
    # Someone spending Gus's budget never blocks another address.
    assert other.status_code == 202
