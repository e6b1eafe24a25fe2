"""Password reset: single-use one-hour tokens, the email that carries them, and spending one."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import TYPE_CHECKING

from tortoise.transactions import in_transaction

from rsvp_service import links
from rsvp_service.accounts.models import PasswordResetToken, RefreshToken, User
from rsvp_service.accounts.tokens import (
    issue_single_use_token,
    live_single_use_token,
    spend_single_use_token,
)
from rsvp_service.mail.account_links import password_reset_mail
from rsvp_service.mail.outbox import enqueue

if TYPE_CHECKING:
    from tortoise.backends.base.client import BaseDBAsyncClient

    from rsvp_service.settings import Settings

logger = logging.getLogger("rsvp_service.accounts")

TOKEN_LIFETIME = timedelta(hours=1)


def reset_link(settings: Settings, token: str) -> str:
    """The site's reset page, with the token in the fragment.

    Browsers never send a fragment to a server or in a Referer, so the token stays out of
    access logs and of whatever the page links to.
    """
    return links.link(settings, "/reset-password", fragment={"token": token})


async def send_reset_email(
    settings: Settings, user: User, *, connection: BaseDBAsyncClient
) -> None:
    """Replace the user's reset tokens with a new one and queue its email, in `connection`."""
    token = await issue_single_use_token(
        PasswordResetToken, user.id, TOKEN_LIFETIME, connection=connection)
    mail = password_reset_mail(
        user.email,
        name=user.name,
        link=reset_link(settings, token),
        minutes=int(TOKEN_LIFETIME.total_seconds() // 60),
        user_id=user.id,
        language=user.language,
    )
    await enqueue(mail, connection=connection)


async def user_for_reset_token(token: str) -> User | None:
    """The account a reset token can still reset, or None when it is unknown, spent or expired."""
    record = await live_single_use_token(PasswordResetToken, token)
    return None if record is None else await User.get_or_none(id=record.user_id)


async def reset_password(token: str, password_hash: str) -> bool:
    """Spend a reset token: set the new password, verify the email, end every session."""
    async with in_transaction() as connection:
        user_id = await spend_single_use_token(PasswordResetToken, token, connection=connection)
        if user_id is None:
            return False
        # The link reached the inbox, which proves the address as well as a verification link.
        await (
            User.filter(id=user_id)
            .using_db(connection)
            .update(password_hash=password_hash, is_verified=True)
        )
        # Whoever knew the old password may hold a session: every family ends here.
        await RefreshToken.filter(user_id=user_id).using_db(connection).update(revoked=True)
    logger.info("Password reset (user_id=%s).", user_id)
    return True
