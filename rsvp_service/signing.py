"""Keys derived from SECRET_KEY, one per purpose, and the one scheme that signs link tokens.

`derived_key(settings, KeyUse.X)` is HMAC-SHA256 of the use's label under SECRET_KEY: the only
derivation. Every key the service signs or hashes with is one `KeyUse`, so no two purposes
share a key: a token, cookie or keyed hash made for one never holds for another. A label never
changes, or everything signed under it stops verifying.

Signed ids (`SignedIds`) are the link tokens that name one row (hours records, follows,
consent): `<id>-<mac>`, the MAC an HMAC-SHA256 of the id and what the token is bound to (a
purpose, an address) under its use's key, cut to `length` base32 characters. So a token names
its row, works only for what it was signed for, and a changed character is refused without a
database lookup. Other secrets in links are random and stored hashed (accounts.tokens).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
from dataclasses import dataclass
from enum import StrEnum

from rsvp_service.settings import Settings


@functools.cache
def _pattern(length: int) -> re.Pattern[str]:
    # Used with fullmatch: `$` would also accept a trailing newline.
    return re.compile(rf"([1-9][0-9]{{0,17}})-([a-z2-7]{{{length}}})")


class KeyUse(StrEnum):
    """The purposes SECRET_KEY signs for, each with the label its key is derived from."""

    ACCESS_TOKEN = "civicstl access token v1"  # noqa: S105 - a label, not a secret
    OAUTH_SESSION = "civicstl oauth session v1"
    FOLLOWS = "civicstl follows v1"
    CONSENT = "civicstl consent v1"
    HOURS_RECORD = "civicstl hours record v1"
    RSVP_CLIENT = "civicstl rsvp client v1"
    OUTSIDE_HOURS = "civicstl outside hours v1"
    SUPERVISOR_ADDRESS = "civicstl supervisor address v1"


def derived_key(settings: Settings, use: KeyUse) -> bytes:
    """The key of one use, derived from SECRET_KEY by HMAC-SHA256."""
    return hmac.new(settings.secret_key.encode(), use.encode(), hashlib.sha256).digest()


@dataclass(frozen=True, slots=True)
class SignedIds:
    """One use's signed ids, under that use's key."""

    use: KeyUse
    length: int = 32  # base32 characters: 160 bits

    def _mac(self, settings: Settings, row_id: int, bound: tuple[str, ...]) -> str:
        key = derived_key(settings, self.use)
        message = "\n".join((str(row_id), *bound)).encode()
        digest = hmac.new(key, message, hashlib.sha256).digest()
        return base64.b32encode(digest).decode()[: self.length].lower()

    def sign(self, settings: Settings, row_id: int, *bound: str) -> str:
        """Return the token of `row_id`, bound to `bound` (a purpose, an address)."""
        return f"{row_id}-{self._mac(settings, row_id, bound)}"

    def id_of(self, token: str) -> int | None:
        """The id a well-formed token names (its MAC not yet checked: see `holds`), else None."""
        match = _pattern(self.length).fullmatch(token)
        return int(match.group(1)) if match else None

    def verified_id(self, settings: Settings, token: str, *bound: str) -> int | None:
        """The id the token names when it was signed for that id and exactly `bound`, else None."""
        match = _pattern(self.length).fullmatch(token)
        if match is None:
            return None
        row_id = int(match.group(1))
        expected = self._mac(settings, row_id, bound)
        return row_id if hmac.compare_digest(match.group(2), expected) else None

    def holds(self, settings: Settings, token: str, *bound: str) -> bool:
        """Whether the token was signed for its id and exactly `bound`."""
        return self.verified_id(settings, token, *bound) is not None
