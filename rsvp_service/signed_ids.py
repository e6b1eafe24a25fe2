"""Signed ids: the `<id>-<mac>` tokens of links that name one row (hours records, follows, consent).

The MAC is an HMAC-SHA256 of the id and what the token is bound to (a purpose, an address),
under a key derived from SECRET_KEY for one use alone, cut to `length` base32 characters. So a
token names its row, works only for what it was signed for, and a changed character is refused
without a database lookup.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

from rsvp_service.settings import Settings


@dataclass(frozen=True, slots=True)
class SignedIds:
    """One use's signed ids: `use` names its key (`b"civicstl follows v1"`)."""

    use: bytes
    length: int = 32  # base32 characters: 160 bits

    def _pattern(self) -> re.Pattern[str]:
        # Used with fullmatch: `$` would also accept a trailing newline.
        return re.compile(rf"([1-9][0-9]{{0,17}})-([a-z2-7]{{{self.length}}})")

    def _mac(self, settings: Settings, row_id: int, bound: tuple[str, ...]) -> str:
        key = hmac.new(settings.secret_key.encode(), self.use, hashlib.sha256).digest()
        message = "\n".join((str(row_id), *bound)).encode()
        digest = hmac.new(key, message, hashlib.sha256).digest()
        return base64.b32encode(digest).decode()[: self.length].lower()

    def sign(self, settings: Settings, row_id: int, *bound: str) -> str:
        """Return the token of `row_id`, bound to `bound` (a purpose, an address)."""
        return f"{row_id}-{self._mac(settings, row_id, bound)}"

    def id_of(self, token: str) -> int | None:
        """The id a well-formed token names (its MAC not yet checked: see `holds`), else None."""
        match = self._pattern().fullmatch(token)
        return int(match.group(1)) if match else None

    def holds(self, settings: Settings, token: str, *bound: str) -> bool:
        """Whether the token was signed for its id and exactly `bound`."""
        match = self._pattern().fullmatch(token)
        if match is None:
            return False
        expected = self._mac(settings, int(match.group(1)), bound)
        return hmac.compare_digest(match.group(2), expected)
