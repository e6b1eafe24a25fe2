"""The signed token of a guardian's consent link: one purpose, one consent record, one address.

A token is a signed id (rsvp_service.signing) of the consent record, bound to the guardian's
address under a key for consent alone, so nothing of it is stored; a decided record refuses it
again, so each link works once. Mail signs it when it builds the email; consent checks it.
"""

from __future__ import annotations

from rsvp_service import links
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds

TOKENS = SignedIds(KeyUse.CONSENT)


def sign(settings: Settings, consent_id: int, email: str) -> str:
    """Return the consent token of one record for its guardian's address."""
    return TOKENS.sign(settings, consent_id, email)


def consent_id_of(token: str) -> int | None:
    """The record id a well-formed token names (not yet checked: see `holds`), else None."""
    return TOKENS.id_of(token)


def holds(settings: Settings, token: str, email: str) -> bool:
    """Whether the token was signed for this record's guardian address."""
    return TOKENS.holds(settings, token, email)


def consent_link(settings: Settings, token: str) -> str:
    """The page where the guardian approves or declines (the token in the query: see links.py)."""
    return links.link(settings, "/consent", query={"token": token})
