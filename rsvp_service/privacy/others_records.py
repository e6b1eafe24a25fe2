"""Where a person appears in records that are someone else's: erased with their account, exported.

A guardian's address sits in the consent record of another person's RSVP (a minor's); names sit
in the messages organizers wrote, to the person or as the person (the log, and the outbox's
copies to other people, which also carry the sender's address for replies). Deleting the
account keeps those records (a decision taken, a message sent) but not who the person was: the
address becomes empty, the name a placeholder. An address goes only for an account that verified
it as its own: an impostor's account must not erase the real owner's traces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tortoise.backends.base.client import BaseDBAsyncClient
from tortoise.expressions import Q

from rsvp_service.accounts.models import User
from rsvp_service.consent.models import GuardianConsent
from rsvp_service.mail import organizer_message
from rsvp_service.mail.models import OutboxMessage
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.rsvps.models import Rsvp

REMOVED = "[name removed]"


async def consents_given(user: User) -> list[GuardianConsent]:
    """The consent records that ask, or asked, the account's verified address as a guardian."""
    if not user.is_verified:
        return []
    return await GuardianConsent.filter(guardian_email=user.email).order_by("id")


def redact(text: str, names: Iterable[str]) -> str:
    """Return the text with each whole name (any case) replaced by a placeholder."""
    # Longest first, so "Kim Park" goes whole before "Kim" could.
    wanted = sorted({name.strip() for name in names if len(name.strip()) > 1}, key=len,
                    reverse=True)
    if not wanted:
        return text
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in wanted) + r")(?!\w)",
                         re.IGNORECASE)
    return pattern.sub(REMOVED, text)


async def erase_from_others(user: User, rsvps: list[Rsvp], *,
                            connection: BaseDBAsyncClient) -> None:
    """Blank the account's guardian address and remove its names from organizers' messages."""
    if user.is_verified:
        # The decision stays (the RSVP it was about depends on it); who made it does not.
        await GuardianConsent.filter(guardian_email=user.email).using_db(connection).update(
            guardian_email="")
    names = {user.name, *(f"{row.first_name} {row.last_name}" for row in rsvps)}
    slots = {row.slot_id for row in rsvps}
    # Messages it sent, and messages to the slots it had RSVPs on (the ones it received).
    sent_or_received = Q(sender_id=user.id)
    if slots:
        sent_or_received |= Q(slot_id__in=sorted(slots))
    changed: dict[tuple[str, str], tuple[str, str]] = {}
    for message in await OrganizerMessage.filter(sent_or_received).using_db(connection):
        subject, body = redact(message.subject, names), redact(message.body, names)
        if (subject, body) != (message.subject, message.body):
            changed[(message.subject, message.body)] = (subject, body)
            await OrganizerMessage.filter(id=message.id).using_db(connection).update(
                subject=subject, body=body)
    await _erase_from_copies(user, changed, connection)


async def _erase_from_copies(user: User, changed: dict[tuple[str, str], tuple[str, str]],
                             connection: BaseDBAsyncClient) -> None:
    """Do the same in the outbox's copies to other people, and drop the account as Reply-To."""
    # A copy holds its message's words, not its id: it is found by them. Deleting an account is
    # rare, so reading the organizer messages' copies once then is affordable; a sent copy keeps
    # no payload, so only the unsent ones (sent_at is indexed) can hold anything.
    if not changed and not user.is_verified:
        return
    copies = OutboxMessage.filter(kind=organizer_message.KIND, sent_at__isnull=True).using_db(
        connection)
    for row_id, payload in await copies.values_list("id", "payload"):
        data = dict(payload)
        words = changed.get((str(data.get("subject")), str(data.get("body"))))
        if words is not None:
            data["subject"], data["body"] = words
        if user.is_verified and data.get("reply_to") == user.email:
            data["reply_to"], data["reply_to_name"] = "", ""
        if data != payload:
            await OutboxMessage.filter(id=row_id).using_db(connection).update(payload=data)
