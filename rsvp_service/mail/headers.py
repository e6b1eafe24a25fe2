"""Headers that carry people's text (names in To and Reply-To, the subject): data, never decoded.

The email package parses every value it is given, `Address(display_name=...)` included, and
decodes RFC 2047 encoded words even inside a quoted display name: the name
`=?utf-8?q?A=0D=0ABcc:_x?=` would become a line break and a `Bcc:` line. Its folder (Python
3.11) writes decoded ASCII text out as it is, so encoding the text first would not help either:
the receiver would decode the words again. Text holding `=?` (or a control character) is
therefore kept as given and written as encoded words of its own, which a receiver decodes
exactly once, back to the text. Other text takes the email package's usual way: it holds no
encoded word to decode.

`List-Unsubscribe` goes the other way: its value is one `<https://...>` URL, which RFC 2369
leaves unencoded. The email package writes any header word longer than the line as RFC 2047
encoded words, which hides the URL from mail clients, so that header is written as it is.
`List-Id` (RFC 2919) is a phrase and one `<label.namespace>`: the phrase, an organization's name,
is text (quoted, or encoded words of its own), the identifier is written as it is. So is the
`DKIM-Signature` the signer adds, on one line: its value is what was signed.
"""

from __future__ import annotations

import email.policy
import re
import sys
import unicodedata
from email.header import Header
from email.headerregistry import (
    Address,
    BaseHeader,
    Group,
    HeaderRegistry,
    UniqueAddressHeader,
    UniqueUnstructuredHeader,
)
from email.utils import quote
from typing import Any, ClassVar, Literal

ENCODED_WORD_START = "=?"
# What str.splitlines() breaks at: a header value cannot hold any of them.
LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
UNSUBSCRIBE = "List-Unsubscribe"
ONE_URL = re.compile(r"<https?://[!-;=?-~]+>")
MAX_LINE = 998
LIST_ID = "List-Id"
DKIM_SIGNATURE = "DKIM-Signature"
# RFC 2919's list-label "." namespace, of the letters, digits and hyphens of slugs and host names.
DOT_NAME = r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+"
ONE_LIST = re.compile(rf"(?P<phrase>.+) <(?P<list_id>{DOT_NAME})>")
# Lines of printable ASCII, each further line beginning with a space or tab (RFC 5322 folding).
FOLDED = re.compile(r"[\t -~]+(?:\r\n[\t ][\t -~]*)*")
# atext (RFC 5322) and spaces: a phrase of atoms, written without quotes.
ATOMS = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~ -]+")
PRINTABLE = re.compile(r"[ -~]+")


class HeaderInjectionError(ValueError):
    """A name or address carried a line break, which could smuggle in extra headers."""


def has_encoded_word_start(text: str) -> bool:
    """Tell whether text holds `=?`, with which every RFC 2047 encoded word begins."""
    return ENCODED_WORD_START in text


def _needs_own_words(text: str, what: str) -> bool:
    if not LINE_BREAKS.isdisjoint(text):
        raise HeaderInjectionError(f"The {what} must not contain line breaks.")
    # Control and format characters would go out raw in ASCII text: they are encoded too.
    return has_encoded_word_start(text) or any(
        unicodedata.category(char)[0] == "C" for char in text
    )


def _encoded_words(name: str, text: str, policy: Any) -> str:
    """Return text as UTF-8 encoded words, folded to the policy's line length."""
    limit = policy.max_line_length or sys.maxsize
    return Header(text, "utf-8", maxlinelen=min(limit, MAX_LINE), header_name=name).encode(
        linesep=policy.linesep
    )


class _OwnWords:
    """What both headers share: `parse` decides (as `own_words`) whether the text needs encoded
    words of its own, and `init` keeps that decision for `fold`."""

    _own_words: bool

    def init(self, *args: Any, **kw: Any) -> None:
        """Remember whether the text is written as encoded words of its own."""
        self._own_words = kw.pop("own_words")
        super().init(*args, **kw)  # type: ignore[misc]


class PeoplesSubject(_OwnWords, UniqueUnstructuredHeader, BaseHeader):
    """A Subject whose text is data: `=?` in it is never decoded."""

    max_count: ClassVar[Literal[1]] = 1

    @classmethod
    def parse(cls, value: str, kwds: dict[str, Any]) -> None:
        """Keep text that needs its own encoded words as given; parse the rest as usual."""
        kwds["own_words"] = _needs_own_words(value, "subject")
        if not kwds["own_words"]:
            super().parse(value, kwds)
            return
        kwds["parse_tree"] = None
        kwds["decoded"] = value

    def fold(self, *, policy: Any) -> str:
        """Write the subject (its own encoded words when the text needs them)."""
        if not self._own_words:
            return super().fold(policy=policy)
        words = _encoded_words(self.name, str(self), policy)
        return f"{self.name}: {words}{policy.linesep}"


class PeoplesTo(_OwnWords, UniqueAddressHeader, BaseHeader):
    """A To or Reply-To header of one Address whose display name is data: `=?` never decoded."""

    max_count: ClassVar[Literal[1]] = 1

    @classmethod
    def parse(cls, value: Any, kwds: dict[str, Any]) -> None:
        """Keep a display name that needs its own encoded words as given; else parse as usual."""
        own = isinstance(value, Address) and _needs_own_words(value.display_name, "name")
        kwds["own_words"] = own
        if not own:
            super().parse(value, kwds)
            return
        kwds["groups"] = [Group(None, [value])]
        kwds["defects"] = []
        kwds["decoded"] = str(value)
        kwds["parse_tree"] = None

    def fold(self, *, policy: Any) -> str:
        """Write the address (the display name as its own encoded words when it needs them)."""
        if not self._own_words:
            return super().fold(policy=policy)
        [address] = self.addresses
        words = _encoded_words(self.name, address.display_name, policy)
        last_line = words.rpartition(policy.linesep)[2]
        fits = len(last_line) + len(address.addr_spec) + 3 <= (policy.max_line_length or MAX_LINE)
        gap = " " if fits else f"{policy.linesep} "
        return f"{self.name}: {words}{gap}<{address.addr_spec}>{policy.linesep}"


class OneClickUnsubscribe(UniqueUnstructuredHeader, BaseHeader):
    """A List-Unsubscribe of one `<https://...>` URL, written on one line, never encoded."""

    max_count: ClassVar[Literal[1]] = 1

    @classmethod
    def parse(cls, value: str, kwds: dict[str, Any]) -> None:
        """Accept `<URL>` of printable ASCII without spaces or angle brackets inside, only."""
        if ONE_URL.fullmatch(value) is None:
            raise HeaderInjectionError(
                "The unsubscribe header must be one <https://...> URL of printable ASCII.")
        # RFC 5322's hard limit on a line, with the name, ": " and CRLF: past it, no folding.
        if len(value) + len(UNSUBSCRIBE) + 4 > MAX_LINE:
            raise ValueError(f"The unsubscribe URL is longer than a header line may be "
                             f"({MAX_LINE} characters).")
        kwds["decoded"] = value
        kwds["parse_tree"] = None

    def fold(self, *, policy: Any) -> str:
        """Write the URL as it is: folding or encoding it would hide it from mail clients."""
        return f"{self.name}: {self}{policy.linesep}"


class ListIdentity(UniqueUnstructuredHeader, BaseHeader):
    """A List-Id of a description (text, never decoded) and one `<label.namespace>`."""

    max_count: ClassVar[Literal[1]] = 1

    @classmethod
    def parse(cls, value: str, kwds: dict[str, Any]) -> None:
        """Accept `description <label.namespace>` with a description on one line, only."""
        found = ONE_LIST.fullmatch(value)
        if found is None or not LINE_BREAKS.isdisjoint(value):
            raise HeaderInjectionError(
                "The list identifier must be a description and one <label.namespace>.")
        kwds["decoded"] = value
        kwds["parse_tree"] = None

    def fold(self, *, policy: Any) -> str:
        """Write the description as atoms, a quoted string or encoded words; the id as it is."""
        found = ONE_LIST.fullmatch(str(self))
        assert found is not None
        phrase, list_id = found["phrase"].strip(), found["list_id"]
        if has_encoded_word_start(phrase) or PRINTABLE.fullmatch(phrase) is None:
            phrase = _encoded_words(self.name, phrase, policy)
        elif ATOMS.fullmatch(phrase) is None:
            phrase = f'"{quote(phrase)}"'
        return f"{self.name}: {phrase} <{list_id}>{policy.linesep}"


class Verbatim(UniqueUnstructuredHeader, BaseHeader):
    """A header whose value, printable ASCII already folded, is written exactly as it is given.

    Made by calling the class: the email package refuses line breaks in values it is handed.
    """

    max_count: ClassVar[Literal[1]] = 1

    @classmethod
    def parse(cls, value: str, kwds: dict[str, Any]) -> None:
        """Accept folded lines of printable ASCII, each shorter than RFC 5322's limit, only."""
        lines = value.split("\r\n")
        # The first line also holds the name (at most 30 characters here) and ": ".
        if FOLDED.fullmatch(value) is None or max(map(len, lines)) + 32 > MAX_LINE:
            raise HeaderInjectionError("A verbatim header must be folded printable ASCII.")
        kwds["decoded"] = value
        kwds["parse_tree"] = None

    def fold(self, *, policy: Any) -> str:
        """Write the value as it is: it was signed as it is."""
        return f"{self.name}: {self}{policy.linesep}"


def _registry() -> HeaderRegistry:
    registry = HeaderRegistry()
    registry.map_to_type("subject", PeoplesSubject)
    registry.map_to_type("to", PeoplesTo)
    # Reply-To carries a person's (or an organization's) name too: one address, the same care.
    registry.map_to_type("reply-to", PeoplesTo)
    registry.map_to_type(UNSUBSCRIBE.lower(), OneClickUnsubscribe)
    registry.map_to_type(LIST_ID.lower(), ListIdentity)
    registry.map_to_type(DKIM_SIGNATURE.lower(), Verbatim)
    return registry


# The policies messages are built with: the standard SMTP ones with the headers above.
SMTP = email.policy.SMTP.clone(header_factory=_registry())
SMTPUTF8 = email.policy.SMTPUTF8.clone(header_factory=_registry())
