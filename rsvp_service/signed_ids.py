"""Signed ids: the `<id>-<mac>` tokens of links that name one row (hours records, follows, consent).

The MAC is an HMAC-SHA256 of the id and what the token is bound to (a purpose, an address),
under a key derived from SECRET_KEY for one use alone, cut to `length` base32 characters. So a
token names its row, works only for what it was signed for, and a changed character is refused
without a database lookup.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import re
from dataclasses import dataclass

from rsvp_service.settings import Settings


@functools.cache
def _pattern(length: int) -> re.Pattern[str]:
    # Used with fullmatch: `$` would also accept a trailing newline.
    return re.compile(rf"([1-9][0-9]{{0,17}})-([a-z2-7]{{{length}}})")


def derived_key(settings: Settings, use: bytes) -> bytes:
    """The key of one use (`b"civicstl follows v1"`), derived from SECRET_KEY by HMAC-SHA256."""
    return hmac.new(settings.secret_key.encode(), use, hashlib.sha256).digest()


@dataclass(frozen=True, slots=True)
class SignedIds:
    """One use's signed ids: `use` names its key (`b"civicstl follows v1"`)."""

    use: bytes
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
