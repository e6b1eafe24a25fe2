"""GET /metrics: Prometheus text for the addresses in METRICS_ALLOW_IPS only, with requests by
route template, RSVPs by outcome, the outbox, reminders and database errors."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager

import httpx
import pytest
from mail_testkit import SmtpServer
from prometheus_client.parser import text_string_to_metric_families
from service_testkit import query_rows, rsvp
from starlette.applications import Starlette
from tortoise.context import get_current_context

from rsvp_service.settings import Settings

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def scrape(client: httpx.AsyncClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """GET /metrics and return {(sample name, sorted labels): value}."""
    response = await client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: dict, name: str, **labels: str) -> float:
    """One sample's value (0 when it has not been recorded yet)."""
    return float(samples.get((name, tuple(sorted(labels.items()))), 0.0))


async def test_metrics_are_refused_to_addresses_not_in_the_setting(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    async with make_client(make_settings(metrics_allow_ips=["10.0.0.7"])) as client:
        refused = await client.get("/metrics")  # httpx's in-process client is 127.0.0.1

    assert refused.status_code == 403
    assert "METRICS_ALLOW_IPS" in refused.text
    assert "civicstl_" not in refused.text


async def test_requests_are_counted_and_timed_by_route_template(
    client: httpx.AsyncClient,
) -> None:
    before = await scrape(client)
    for code in ("AAAA-BBBB", "CCCC-DDDD"):
        await client.get(f"/api/hours-records/{code}.pdf")
    await client.get("/api/no-such-thing-123")
    after = await scrape(client)

    route = "/api/hours-records/{code}.pdf"
    counted = sum(v for (name, labels), v in after.items()
                  if name == "civicstl_http_requests_total" and ("route", route) in labels)
    earlier = sum(v for (name, labels), v in before.items()
                  if name == "civicstl_http_requests_total" and ("route", route) in labels)
    assert counted - earlier == 2
    timed = value(after, "civicstl_http_request_duration_seconds_count", method="GET", route=route)
    assert timed - value(before, "civicstl_http_request_duration_seconds_count", method="GET",
                         route=route) == 2
    assert not any("AAAA" in str(labels) or "no-such-thing" in str(labels) for _, labels in after)


async def test_rsvps_are_counted_by_outcome(client: httpx.AsyncClient) -> None:
    before = await scrape(client)
    assert (await client.post("/api/rsvp", json=rsvp())).status_code == 201
    assert (await client.post("/api/rsvp", json=rsvp())).status_code == 409
    after = await scrape(client)

    for outcome in ("created", "duplicate"):
        delta = (value(after, "civicstl_rsvps_total", outcome=outcome)
                 - value(before, "civicstl_rsvps_total", outcome=outcome))
        assert delta == 1, outcome


async def test_outbox_reminders_and_dead_letters_are_read_from_the_database(
    app: Starlette, client: httpx.AsyncClient, smtp_server: SmtpServer, db_url: str
) -> None:
    smtp_server.stop()  # the confirmations wait in the outbox
    for n in range(3):
        email = f"p{n}@example.org"
        assert (await client.post("/api/rsvp", json=rsvp(email=email))).status_code == 201
    ago = ("datetime('now', '-300 seconds')" if db_url.startswith("sqlite")
           else "now() - interval '300 seconds'")
    now = "datetime('now')" if db_url.startswith("sqlite") else "now()"
    await query_rows(db_url, f"UPDATE mail_outbox SET created_at = {ago}")
    await query_rows(db_url, f"UPDATE mail_outbox SET dead_at = {now}, next_attempt_at = NULL "
                             "WHERE id = (SELECT min(id) FROM mail_outbox)")
    await query_rows(db_url, f"UPDATE rsvp SET reminder_queued_at = {now} "
                             "WHERE email = 'p1@example.org'")

    samples = await scrape(client)

    assert value(samples, "civicstl_outbox_waiting") == 2
    assert value(samples, "civicstl_outbox_dead_letters") == 1
    assert 290 <= value(samples, "civicstl_outbox_oldest_age_seconds") <= 3600
    assert value(samples, "civicstl_reminders_queued") == 1


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
async def test_database_errors_are_counted(app: Starlette, client: httpx.AsyncClient) -> None:
    before = await scrape(client)
    connection = get_current_context().db()  # type: ignore[union-attr]
    await connection.execute_script("PRAGMA query_only=1")
    refused = await client.post("/api/rsvp", json=rsvp())
    await connection.execute_script("PRAGMA query_only=0")
    after = await scrape(client)

    assert refused.status_code == 503
    assert (value(after, "civicstl_database_errors_total")
            - value(before, "civicstl_database_errors_total")) == 1
