"""What a request leaves in the web process once it is answered (issue 35, item 15: memory).

A process that keeps something of every request grows for as long as people send them, and
keeps their personal data past its use. Counted with tracemalloc: what is still allocated from
inside request-body validation after many requests, each with a new address.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import httpx
import pydantic
import pytest

from rsvp_service.app.app import create_app
from rsvp_service.settings import Settings
from rsvp_service.web import contract

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

REQUESTS = 1_000
PYDANTIC = str(Path(pydantic.__file__).parent)


def _retained_by_validation(before: tracemalloc.Snapshot, after: tracemalloc.Snapshot) -> int:
    """Bytes allocated inside pydantic between the snapshots and still held."""
    inside = [tracemalloc.Filter(True, f"{PYDANTIC}/*")]
    stats = after.filter_traces(inside).compare_to(before.filter_traces(inside), "filename")
    return sum(stat.size_diff for stat in stats)


async def test_the_addresses_strangers_send_are_not_kept_after_their_request(
    make_settings: Callable[..., Settings],
    make_client: Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]],
) -> None:
    # pydantic-core kept every string it stripped in a process-wide cache of 16,384 entries:
    # each new address (about 77 bytes) stayed after its request until the cache was full.
    settings = make_settings(rate_limit_scale=1000)
    async with make_client(settings) as http:
        async def rsvp(n: int) -> None:
            answer = await http.post("/api/rsvp", json={
                "eventId": "no-such-slot", "email": f"stranger-{n}@example.org",
                "firstName": " Pat ", "lastName": "Doe"})
            assert answer.status_code == 404  # validated, then refused: nothing stored

        await rsvp(-1)  # imports and first-use caches, before counting
        tracemalloc.start(1)
        try:
            before = tracemalloc.take_snapshot()
            for n in range(REQUESTS):
                await rsvp(n)
            after = tracemalloc.take_snapshot()
        finally:
            tracemalloc.stop()

    # Before the fix: about 77 KB (one address a request).
    assert _retained_by_validation(before, after) < 16 * 1024


def test_every_request_model_that_strips_strings_keeps_none_of_them(settings: Settings) -> None:
    # A new body model with ConfigDict(str_strip_whitespace=True) would bring the cache back.
    def models(model: type[pydantic.BaseModel]) -> list[type[pydantic.BaseModel]]:
        nested = [inner for field in model.model_fields.values()
                  for inner in _models_in(field.annotation)]
        return [model, *(found for inner in nested for found in models(inner))]

    declared = (contract.declared(route) for route in create_app(settings).routes)
    stripping = {found for endpoint in declared if endpoint is not None
                 for model in (endpoint.body, endpoint.query) if model is not None
                 for found in models(model) if found.model_config.get("str_strip_whitespace")}

    assert stripping  # the check is vacuous without them
    assert [m.__name__ for m in stripping if m.model_config.get("cache_strings") is not False] == []


def _models_in(annotation: object) -> list[type[pydantic.BaseModel]]:
    """The models an annotation names, through list[...], X | None and the like."""
    if isinstance(annotation, type) and issubclass(annotation, pydantic.BaseModel):
        return [annotation]
    return [model for arg in getattr(annotation, "__args__", ()) for model in _models_in(arg)]
