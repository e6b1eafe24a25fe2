"""`python -m rsvp_service openapi` writes the very document /api/openapi.json serves."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest

from rsvp_service.app.openapi_cli import main

# Reads the app's route table: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only


async def test_the_written_document_is_the_served_one(
    client: httpx.AsyncClient, events_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    served = (await client.get("/api/openapi.json")).json()
    monkeypatch.setenv("EVENTS_FILE", str(events_file))
    target = tmp_path / "api" / "openapi.json"
    # The CLI runs its own event loop: off this test's loop, in a worker thread.
    assert await asyncio.to_thread(main, [str(target)]) == 0
    written = json.loads(target.read_text())
    assert written == served
    assert written["openapi"].startswith("3.1") and "/api/rsvp" in written["paths"]


def test_without_the_catalogue_it_says_what_to_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EVENTS_FILE", str(tmp_path / "missing.json"))
    answer = main([str(tmp_path / "openapi.json")])
    assert isinstance(answer, str) and "make content" in answer
    assert not (tmp_path / "openapi.json").exists()
