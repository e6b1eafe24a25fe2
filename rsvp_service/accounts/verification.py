"""Email verification: single-use 24-hour tokens, the email that carries them, and spending one."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from tortoise.transactions import in_transaction

from rsvp_service import links
from rsvp_service.accounts.models import EmailToken, User
from rsvp_service.accounts.tokens import issue_single_use_token, spend_single_use_token
from rsvp_service.mail.account_links import verification_mail
from rsvp_service.mail.outbox import enqueue

if TYPE_CHECKING:
    from tortoise.backends.base.client import BaseDBAsyncClient

    from rsvp_service.settings import Settings

logger = logging.getLogger("rsvp_service.accounts")

TOKEN_LIFETIME = timedelta(hours=24)


def verification_link(settings: Settings, token: str) -> str:
    """The site page that asks the API to verify; opening it alone spends nothing."""
    return links.link(settings, "/verify", query={"token": token})


async def send_verification_email(
    settings: Settings, user: User, *, connection: BaseDBAsyncClient
) -> None:
    """Replace the user's pending tokens with a new one and queue its email, in `connection`."""
    token = await issue_single_use_token(EmailToken, user.id, TOKEN_LIFETIME, connection=connection)
    mail = verification_mail(
        user.email,
        name=user.name,
        link=verification_link(settings, token),
        hours=int(TOKEN_LIFETIME.total_seconds() // 3600),
        user_id=user.id,
        language=user.language,
    )
    await enqueue(mail, connection=connection)


async def consume_verification_token(token: str) -> bool:
    """Spend a verification token and mark its user verified; False if it cannot be spent."""
    async with in_transaction() as connection:
        user_id = await spend_single_use_token(EmailToken, token, connection=connection)
        if user_id is None:
            return False
        await User.filter(id=user_id).using_db(connection).update(is_verified=True)
    logger.info("Email verified (user_id=%s).", user_id)
    return True
