"""`python -m rsvp_service outbox pending|dead|retry ID`: look at and requeue outbox mail.

Listings show ids, kinds, attempts and reasons, never addresses (privacy by default).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC, datetime

from rsvp_service.db.connection import close_database, open_database
from rsvp_service.rsvps.models import OutboxMessage
from rsvp_service.settings import Settings


def _time(value: datetime | None) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") if value else "-"


async def list_messages(dead: bool) -> list[str]:
    """Return the lines listing pending (or dead) messages, oldest first."""
    query = (
        OutboxMessage.filter(dead_at__isnull=False)
        if dead
        else OutboxMessage.filter(sent_at__isnull=True, dead_at__isnull=True)
    )
    rows = await query.order_by("id")
    title = "dead since" if dead else "next attempt"
    lines = [f"{'id':>8}  {'kind':<20} {'attempts':>8}  {'queued (UTC)':<19}  {title:<19}  reason"]
    for row in rows:
        when = row.dead_at if dead else row.next_attempt_at
        reason = (row.last_error or "").replace("\n", " ")
        lines.append(
            f"{row.id:>8}  {row.kind:<20} {row.attempts:>8}  {_time(row.created_at):<19}  "
            f"{_time(when):<19}  {reason}"
        )
    lines.append(f"{len(rows)} {'dead' if dead else 'pending'} message(s).")
    return lines


async def retry(message_id: int) -> str | None:
    """Queue a dead or pending message for an attempt now; return an error sentence or None."""
    row = await OutboxMessage.get_or_none(id=message_id)
    if row is None:
        return (f"There is no outbox message #{message_id}; "
                "list them with `outbox pending` or `outbox dead`.")
    if row.sent_at is not None:
        return f"Message #{message_id} was already sent; it is not sent again."
    if row.claimed_until is not None and row.claimed_until > datetime.now(UTC):
        return (f"Message #{message_id} is being sent right now; "
                "if it is still pending in a few minutes, retry it then.")
    await OutboxMessage.filter(id=message_id).update(
        dead_at=None, attempts=0, next_attempt_at=datetime.now(UTC), claimed_until=None,
        claim=None, connection_failed=False,
    )
    return None


async def _run(settings: Settings, args: argparse.Namespace) -> int:
    database = await open_database(settings)
    try:
        if args.action == "retry":
            problem = await retry(args.id)
            if problem:
                print(problem, file=sys.stderr)
                return 1
            print(f"Message #{args.id} is queued again; a running service sends it within "
                  f"{settings.outbox_poll_seconds:g} s.")
            return 0
        print("\n".join(await list_messages(dead=args.action == "dead")))
        return 0
    finally:
        await close_database(database)


def main(argv: list[str]) -> int:
    """Parse `outbox` arguments, run the action and return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service outbox", description=__doc__)
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("pending", help="messages still to be sent")
    actions.add_parser("dead", help="messages given up on, with the reason")
    retry_parser = actions.add_parser("retry", help="send a dead or pending message again now")
    retry_parser.add_argument("id", type=int, help="the outbox id (from pending or dead)")
    args = parser.parse_args(argv)
    return asyncio.run(_run(Settings(), args))
