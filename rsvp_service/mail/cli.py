"""`python -m rsvp_service outbox pending|dead|held|retry ID|release ID|discard ID`: look at,
requeue, release or discard outbox mail.

Held mail waits for an operator: it may already have been delivered (handed to the relay with no
answer recorded, or pending in a restored backup). `release` sends it again under the same
Message-ID; `discard` forgets it. Listings show ids, kinds, attempts, reasons and Message-IDs,
never addresses (privacy by default).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC, datetime
from typing import Literal

from rsvp_service.db.connection import close_database, open_database
from rsvp_service.mail.message import QueuedMail, message_id
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.settings import Settings, settings_or_exit

Listing = Literal["pending", "dead", "held"]
TITLES = {"pending": "next attempt", "dead": "dead since", "held": "held since"}


def _time(value: datetime | None) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") if value else "-"


def _message_id(row: OutboxMessage, settings: Settings) -> str:
    queued = QueuedMail(id=row.id, kind=row.kind, recipient="", data={},
                        created_at=row.created_at)
    return message_id(queued, settings.mail_from)


async def list_messages(settings: Settings, which: Listing) -> list[str]:
    """Return the lines listing pending, dead or held messages, oldest first."""
    if which == "dead":
        query = OutboxMessage.filter(dead_at__isnull=False)
    elif which == "held":
        query = OutboxMessage.filter(held_at__isnull=False, sent_at__isnull=True)
    else:
        query = OutboxMessage.filter(sent_at__isnull=True, dead_at__isnull=True,
                                     held_at__isnull=True)
    rows = await query.order_by("id")
    lines = [f"{'id':>8}  {'kind':<20} {'attempts':>8}  {'queued (UTC)':<19}  "
             f"{TITLES[which]:<19}  reason"]
    for row in rows:
        when = {"dead": row.dead_at, "held": row.held_at}.get(which, row.next_attempt_at)
        reason = (row.last_error or "").replace("\n", " ")
        if which == "held":
            reason = f"{_message_id(row, settings)} {reason}"
        lines.append(
            f"{row.id:>8}  {row.kind:<20} {row.attempts:>8}  {_time(row.created_at):<19}  "
            f"{_time(when):<19}  {reason}"
        )
    lines.append(f"{len(rows)} {which} message(s).")
    return lines


async def retry(message_id: int) -> str | None:
    """Queue a dead or pending message for an attempt now; return an error sentence or None."""
    row = await OutboxMessage.get_or_none(id=message_id)
    if row is None:
        return (f"There is no outbox message #{message_id}; "
                "list them with `outbox pending` or `outbox dead`.")
    if row.sent_at is not None:
        return f"Message #{message_id} was already sent; it is not sent again."
    if row.held_at is not None:
        return (f"Message #{message_id} is held because it may have been delivered already; "
                "`outbox release` sends it again, `outbox discard` forgets it.")
    if row.claimed_until is not None and row.claimed_until > datetime.now(UTC):
        return (f"Message #{message_id} is being sent right now; "
                "if it is still pending in a few minutes, retry it then.")
    await OutboxMessage.filter(id=message_id).update(
        dead_at=None, attempts=0, next_attempt_at=datetime.now(UTC), claimed_until=None,
        claim=None, connection_failed=False,
    )
    return None


async def decide(message_ids: list[int], *, release: bool) -> str | None:
    """Release (send again) or discard held messages (all when none are named); return an
    error sentence or None."""
    held = OutboxMessage.filter(held_at__isnull=False, sent_at__isnull=True)
    if message_ids:
        found = set(await held.filter(id__in=message_ids).values_list("id", flat=True))
        missing = sorted(set(message_ids) - found)
        if missing:
            listed = ", ".join(f"#{n}" for n in missing)
            return (f"No held message has the id {listed}; `outbox held` lists them. "
                    "Nothing was changed.")
        held = held.filter(id__in=message_ids)
    if release:
        await held.update(held_at=None, handed_at=None, next_attempt_at=datetime.now(UTC),
                          claimed_until=None, claim=None)
    else:
        await held.delete()
    return None


async def hold_pending(reason: str) -> int:
    """Hold every message still waiting to be sent for an operator; return how many."""
    return await OutboxMessage.filter(
        sent_at__isnull=True, dead_at__isnull=True, held_at__isnull=True
    ).update(held_at=datetime.now(UTC), next_attempt_at=None, claimed_until=None, claim=None,
             last_error=reason)


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
        if args.action in ("release", "discard"):
            if not args.ids and not args.all:
                print(f"Name the held messages to {args.action} (`outbox held` lists them), "
                      "or pass --all.", file=sys.stderr)
                return 2
            problem = await decide(args.ids, release=args.action == "release")
            if problem:
                print(problem, file=sys.stderr)
                return 1
            which = "Every held message" if args.all else "The held message(s)"
            print(f"{which} will be sent again under the same Message-ID."
                  if args.action == "release" else f"{which} were discarded; none is sent.")
            return 0
        print("\n".join(await list_messages(settings, args.action)))
        return 0
    finally:
        await close_database(database)


def main(argv: list[str]) -> int:
    """Parse `outbox` arguments, run the action and return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service outbox", description=__doc__)
    actions = parser.add_subparsers(dest="action", required=True)
    actions.add_parser("pending", help="messages still to be sent")
    actions.add_parser("dead", help="messages given up on, with the reason")
    actions.add_parser("held", help="messages that may have been delivered, waiting for you")
    retry_parser = actions.add_parser("retry", help="send a dead or pending message again now")
    retry_parser.add_argument("id", type=int, help="the outbox id (from pending or dead)")
    for action, text in (("release", "send held messages again, under the same Message-ID"),
                         ("discard", "forget held messages without sending them")):
        decision = actions.add_parser(action, help=text)
        decision.add_argument("ids", type=int, nargs="*", help="outbox ids (from held)")
        decision.add_argument("--all", action="store_true", help="every held message")
    args = parser.parse_args(argv)
    if args.action in ("release", "discard") and args.ids and args.all:
        parser.error("name held messages or pass --all, not both")
    return asyncio.run(_run(settings_or_exit(), args))
