"""Password rules and argon2id hashing, run in worker threads so the event loop never blocks."""

from __future__ import annotations

import asyncio
from pathlib import Path

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from rsvp_service.i18n import N_, gettext

MIN_LENGTH = 8
# Far above ASVS's "at least 64", and low enough that a huge body cannot pin a worker thread.
MAX_LENGTH = 256

# OWASP's argon2id minimum (m = 19 MiB, t = 2, p = 1): strong enough, and cheap enough that a
# burst of logins does not exhaust memory.
HASHER = PasswordHasher(
    time_cost=2, memory_cost=19456, parallelism=1, hash_len=32, salt_len=16, type=Type.ID
)

# A hash of a random, discarded secret with HASHER's parameters. Unknown emails and
# password-less (Google-only) accounts are checked against it so a failed login costs the
# same time whether or not the account exists.
DUMMY_HASH = (
    "$argon2id$v=19$m=19456,t=2,p=1$4aIuZ1IqmNaqk0onWHzNOg"
    "$MqwVJe12TtRo3Oe9o96e7Cr3lykY/loDSvVlODaJmfc"
)

COMMON_PASSWORDS_FILE = Path(__file__).with_name("common-passwords.txt")


def _load_common_passwords() -> frozenset[str]:
    """Read the shipped list of the most common passwords, lowercased."""
    lines = COMMON_PASSWORDS_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(
        line.strip().lower() for line in lines if line.strip() and not line.startswith("#")
    )


COMMON_PASSWORDS = _load_common_passwords()


ONLY_SPACES = N_("Your password must contain more than spaces. Please choose a different one.")
TOO_SHORT = N_("Password must be at least {count} characters long.")
TOO_LONG = N_("Password must be at most {count} characters long.")
TOO_COMMON = N_("This password is too common and easy to guess. Please choose a different one.")
IS_EMAIL = N_("Your password must not be your email address. Please choose a different one.")


def password_problem(password: str, email: str = "") -> str | None:
    """Return a sentence saying why a new password is refused, or None when it is acceptable."""
    if password and not password.strip():
        return ONLY_SPACES
    if len(password) < MIN_LENGTH:
        return gettext(TOO_SHORT).format(count=MIN_LENGTH)
    if len(password) > MAX_LENGTH:
        return gettext(TOO_LONG).format(count=MAX_LENGTH)
    if password.lower() in COMMON_PASSWORDS:
        return TOO_COMMON
    if email and password.strip().lower() == email.strip().lower():
        return IS_EMAIL
    return None


async def hash_password(password: str) -> str:
    """Hash a password with argon2id in a worker thread."""
    return await asyncio.to_thread(HASHER.hash, password)


def _verify(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


async def verify_password(password_hash: str | None, password: str) -> bool:
    """Check a password against a stored hash, spending the same time when there is no hash."""
    if password_hash is None:
        await asyncio.to_thread(_verify, DUMMY_HASH, password)
        return False
    return await asyncio.to_thread(_verify, password_hash, password)


def needs_rehash(password_hash: str) -> bool:
    """Tell whether a stored hash was made with weaker parameters than today's."""
    return HASHER.check_needs_rehash(password_hash)
