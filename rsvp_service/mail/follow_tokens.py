"""The signed links of following's emails: confirm, one-click unsubscribe, preferences.

A token is a signed id (rsvp_service.signing) of the follower, bound to a purpose and the
address under a key for following alone. So a token works for one purpose and one address: an
unsubscribe token cannot open the preferences, and a follower id given to another address later
fails the check. Nothing is stored: mail signs them when it builds an email; follows checks them.
"""

from __future__ import annotations

from enum import StrEnum

from rsvp_service import links
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds

TOKENS = SignedIds(KeyUse.FOLLOWS)


class Purpose(StrEnum):
    """What a token may do; each purpose signs differently."""

    CONFIRM = "confirm"
    UNSUBSCRIBE = "unsubscribe"
    PREFERENCES = "preferences"


def sign(settings: Settings, purpose: Purpose, follower_id: int, email: str) -> str:
    """Return the token of one purpose for one follower's address."""
    return TOKENS.sign(settings, follower_id, purpose.value, email)


def follower_id_of(token: str) -> int | None:
    """The follower id a well-formed token names (not yet checked: see `holds`), else None."""
    return TOKENS.id_of(token)


def holds(settings: Settings, purpose: Purpose, token: str, email: str) -> bool:
    """Whether the token was signed for this purpose and this follower's address."""
    return TOKENS.holds(settings, token, purpose.value, email)


def confirm_link(settings: Settings, token: str) -> str:
    """The page that confirms a guest's follows (the token in the query: its button works with
    JavaScript off)."""
    return links.link(settings, "/follows", query={"confirm": token})


def preferences_link(settings: Settings, token: str) -> str:
    """The page where a person changes what they follow without signing in."""
    return links.link(settings, "/follows", fragment={"token": token})


def unsubscribe_url(settings: Settings, token: str) -> str:
    """The List-Unsubscribe URL (RFC 8058): a POST there unsubscribes at once."""
    return links.link(settings, "/api/follows/unsubscribe", query={"token": token})


def unsubscribe_page(settings: Settings, token: str) -> str:
    """The page a GET of the unsubscribe URL leads to: it asks before unsubscribing."""
    return links.link(settings, "/follows", query={"unsubscribe": token})
