"""Password reset: single-use one-hour tokens, the email that carries them, and spending one."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from tortoise.transactions import in_transaction

from rsvp_service.auth.models import PasswordResetToken, RefreshToken, User
from rsvp_service.auth.tokens import hash_opaque_token, new_opaque_token
from rsvp_service.mail.outbox import enqueue
from rsvp_service.mail.password_reset import password_reset_mail

if TYPE_CHECKING:
    from tortoise.backends.base.client import BaseDBAsyncClient

    from rsvp_service.settings import Settings

logger = logging.getLogger("rsvp_service.auth")

TOKEN_LIFETIME = timedelta(hours=1)


def reset_link(settings: Settings, token: str) -> str:
    """The site's reset page, with the token in the fragment.

    Browsers never send a fragment to a server or in a Referer, so the token stays out of
    access logs and of whatever the page links to.
    """
    return f"{settings.site_url.rstrip('/')}/reset-password#{urlencode({'token': token})}"


async def send_reset_email(
    settings: Settings, user: User, *, connection: BaseDBAsyncClient
) -> None:
    """Replace the user's reset tokens with a new one and queue its email, in `connection`."""
    # Only the newest link works: every earlier token of the account is dropped.
    await PasswordResetToken.filter(user_id=user.id).using_db(connection).delete()
    token = new_opaque_token()
    await PasswordResetToken.create(
        token_hash=hash_opaque_token(token),
        user_id=user.id,
        expires_at=datetime.now(UTC) + TOKEN_LIFETIME,
        using_db=connection,
    )
    mail = password_reset_mail(
        user.email,
        name=user.name,
        link=reset_link(settings, token),
        minutes=int(TOKEN_LIFETIME.total_seconds() // 60),
    )
    await enqueue(mail, connection=connection)


async def user_for_reset_token(token: str) -> User | None:
    """The account a reset token can still reset, or None when it is unknown, spent or expired."""
    if not token or len(token) > 200:
        return None
    record = await PasswordResetToken.get_or_none(token_hash=hash_opaque_token(token))
    if record is None or record.used_at is not None or record.expires_at <= datetime.now(UTC):
        return None
    return await User.get_or_none(id=record.user_id)


async def reset_password(token: str, password_hash: str) -> bool:
    """Spend a reset token: set the new password, verify the email, end every session."""
    now = datetime.now(UTC)
    async with in_transaction() as connection:
        record = (
            await PasswordResetToken.filter(token_hash=hash_opaque_token(token))
            .using_db(connection)
            .first()
        )
        if record is None or record.expires_at <= now:
            return False
        # Conditional on used_at IS NULL, so two submissions of one link reset once.
        claimed = (
            await PasswordResetToken.filter(id=record.id, used_at=None)
            .using_db(connection)
            .update(used_at=now)
        )
        if claimed != 1:
            return False
        # The link reached the inbox, which proves the address as well as a verification link.
        await (
            User.filter(id=record.user_id)
            .using_db(connection)
            .update(password_hash=password_hash, is_verified=True)
        )
        # Whoever knew the old password may hold a session: every family ends here.
        await RefreshToken.filter(user_id=record.user_id).using_db(connection).update(revoked=True)
    logger.info("Password reset (user_id=%s).", record.user_id)
    return True
