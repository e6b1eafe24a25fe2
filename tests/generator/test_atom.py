"""Atom feeds of upcoming events, read back as feed readers read them (feedparser)."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import feedparser
import pytest

from tests.generator.generator_testkit import profile

# During the clinic's last session (3:00-3:50 PM): the clinic has not ended, the cleanup has.
DURING_CLINIC = "2025-07-27T15:30:00-05:00"
SITE = "https://civicstl.org"


def _parse(path: Path) -> Any:
    parsed = feedparser.parse(path.read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return parsed


def _utc(parsed: time.struct_time) -> dt.datetime:
    return dt.datetime(*parsed[:6], tzinfo=dt.UTC)


def _build(run_cli: Callable[..., tuple[int, str, str]], content: Path, out: Path) -> Path:
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    return out


def _touch(path: Path, moment: dt.datetime) -> None:
    os.utime(path, (moment.timestamp(), moment.timestamp()))


def test_the_site_feed_lists_upcoming_occurrences_soonest_first(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", DURING_CLINIC)
    swim_changed = dt.datetime(2025, 6, 1, 8, 0, tzinfo=dt.UTC)
    clinic_changed = dt.datetime(2025, 5, 2, 9, 30, tzinfo=dt.UTC)
    _touch(content / "events/keen-swim.yaml", swim_changed)
    _touch(content / "events/inclusive-sports-clinic.yaml", clinic_changed)
    _touch(content / "site.yaml", dt.datetime(2025, 1, 1, tzinfo=dt.UTC))
    feed = _parse(_build(run_cli, content, tmp_path / "out") / "public/events.atom")

    assert feed.feed.id == f"{SITE}/events.atom"
    links = {link.rel: link.href for link in feed.feed.links}
    assert links == {"self": f"{SITE}/events.atom", "alternate": f"{SITE}/features"}
    # The cleanup (April) is over; the cancelled swim (November 1) is no occurrence to go to.
    assert [e.link for e in feed.entries] == [
        f"{SITE}/events/inclusive-sports-clinic",
        f"{SITE}/events/keen-swim/2025-10-04",
        f"{SITE}/events/keen-swim/2025-10-18",
        f"{SITE}/events/keen-swim/2025-11-15",
    ]
    assert [e.id for e in feed.entries] == [e.link for e in feed.entries]
    clinic, first_swim = feed.entries[0], feed.entries[1]
    assert clinic.title == "Inclusive Sports Clinic: July 27, 2025, 1:00-3:50 PM"
    assert clinic.author == "KEEN St. Louis"
    assert "St. Louis, MO" in clinic.summary
    # The description as the page shows it: rendered Markdown, no asterisks or brackets.
    assert '<a href="/keenstl">KEEN</a>' in first_swim.content[0].value
    assert "[KEEN]" not in first_swim.content[0].value
    # Each entry changed when its event's file did; the feed, when the latest of them did.
    assert _utc(clinic.updated_parsed) == clinic_changed
    assert _utc(first_swim.updated_parsed) == swim_changed
    assert _utc(feed.feed.updated_parsed) == swim_changed


def test_an_ended_occurrence_leaves_the_feed_when_the_clock_moves_on(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", "2025-07-27T15:49:00-05:00")
    before = _parse(_build(run_cli, content, tmp_path / "a") / "public/events.atom")
    monkeypatch.setenv("CIVIC_NOW", "2025-07-27T15:50:00-05:00")
    after = _parse(_build(run_cli, content, tmp_path / "b") / "public/events.atom")

    assert before.entries[0].link == f"{SITE}/events/inclusive-sports-clinic"
    assert [e.link for e in after.entries] == [e.link for e in before.entries[1:]]


def test_each_organization_has_a_feed_of_its_own_events(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", DURING_CLINIC)
    out = _build(run_cli, content, tmp_path / "out")

    keen = profile(out, "keenstl")
    assert keen["feed"] == "/organizations/keenstl/events.atom"
    keen_feed = _parse(out / "public/organizations/keenstl/events.atom")
    assert {link.rel: link.href for link in keen_feed.feed.links}["alternate"] == f"{SITE}/keenstl"
    assert keen_feed.feed.title == "KEEN St. Louis: upcoming events on CivicSTL"
    assert len(keen_feed.entries) == 4
    assert {e.author for e in keen_feed.entries} == {"KEEN St. Louis"}
    # Forest Park Forever's only event is over: its feed is there, empty, to subscribe to.
    fpf = profile(out, "forestparkforever")
    fpf_feed = _parse(out / "public" / fpf["feed"].lstrip("/"))
    assert fpf_feed.feed.id == f"{SITE}/organizations/forestparkforever/events.atom"
    assert fpf_feed.entries == []


def test_text_from_content_stays_text_in_the_feed(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    edit: Callable[[str, str, str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", DURING_CLINIC)
    edit("events/inclusive-sports-clinic.yaml", "title: Inclusive Sports Clinic",
         'title: "Sports & <b>Games</b> ]]> clinic"')
    path = _build(run_cli, content, tmp_path / "out") / "public/events.atom"

    raw = path.read_bytes()
    assert b"<b>" not in raw
    [clinic] = [e for e in _parse(path).entries if e.link.endswith("/inclusive-sports-clinic")]
    assert clinic.title.startswith("Sports & <b>Games</b> ]]> clinic: ")


def _git(content: Path, *args: str, when: str = "2025-05-01T12:00:00+00:00") -> None:
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org",
           "GIT_COMMITTER_NAME": "Editor", "GIT_COMMITTER_EMAIL": "editor@example.org",
           "GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when}
    subprocess.run(["git", "-C", str(content), *args], env=env, check=True, capture_output=True)


def test_in_a_fresh_clone_an_entry_dates_from_its_last_commit(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    edit: Callable[[str, str, str], None], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", DURING_CLINIC)
    _git(content, "init", "-q")
    _git(content, "add", ".")
    _git(content, "commit", "-q", "-m", "content")
    edit("events/keen-swim.yaml", "title: KEEN Swim", "title: KEEN Swim Time")
    _git(content, "commit", "-q", "-am", "swim", when="2025-06-02T08:00:00+00:00")
    # A release checks out every file anew: their modification times say nothing.
    checkout = dt.datetime(2025, 7, 20, tzinfo=dt.UTC)
    for path in content.rglob("*.yaml"):
        _touch(path, checkout)
    # An edit not committed yet dates from the file.
    edit("events/inclusive-sports-clinic.yaml", "title: Inclusive", "title: The Inclusive")
    edited = dt.datetime(2025, 7, 21, 9, tzinfo=dt.UTC)
    _touch(content / "events/inclusive-sports-clinic.yaml", edited)
    feed = _parse(_build(run_cli, content, tmp_path / "out") / "public/events.atom")

    updated = {e.link.removeprefix(f"{SITE}/events/"): _utc(e.updated_parsed)
               for e in feed.entries}
    swim = dt.datetime(2025, 6, 2, 8, tzinfo=dt.UTC)
    assert updated == {"inclusive-sports-clinic": edited, "keen-swim/2025-10-04": swim,
                       "keen-swim/2025-10-18": swim, "keen-swim/2025-11-15": swim}
    assert _utc(feed.feed.updated_parsed) == edited
    fpf = _parse(tmp_path / "out/public/organizations/forestparkforever/events.atom")
    # No entry: the organization's file, committed once, dates the feed.
    assert _utc(fpf.feed.updated_parsed) == dt.datetime(2025, 5, 1, 12, tzinfo=dt.UTC)
