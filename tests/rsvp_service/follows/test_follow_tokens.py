"""The follow links' tokens: one purpose, one address, no change goes unnoticed."""

from __future__ import annotations

from service_testkit import TEST_SECRET_KEY

from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.settings import Settings

SETTINGS = Settings(_env_file=None, environment="test", secret_key=TEST_SECRET_KEY,  # type: ignore[call-arg]
                    site_url="https://civicstl.org")


def test_a_token_holds_for_its_purpose_and_address_alone() -> None:
    token = tokens.sign(SETTINGS, Purpose.UNSUBSCRIBE, 7, "ann@example.org")
    assert tokens.follower_id_of(token) == 7
    assert tokens.holds(SETTINGS, Purpose.UNSUBSCRIBE, token, "ann@example.org")
    assert not tokens.holds(SETTINGS, Purpose.PREFERENCES, token, "ann@example.org")
    assert not tokens.holds(SETTINGS, Purpose.UNSUBSCRIBE, token, "ben@example.org")
    other_key = SETTINGS.model_copy(update={"secret_key": TEST_SECRET_KEY + "y"})
    assert not tokens.holds(other_key, Purpose.UNSUBSCRIBE, token, "ann@example.org")
    assert not tokens.holds(SETTINGS, Purpose.UNSUBSCRIBE, token + "\n", "ann@example.org")


def test_the_links_are_the_site_pages_and_the_one_click_url() -> None:
    token = tokens.sign(SETTINGS, Purpose.UNSUBSCRIBE, 7, "ann@example.org")
    assert tokens.unsubscribe_url(SETTINGS, token) == (
        f"https://civicstl.org/api/follows/unsubscribe?token={token}")
    assert tokens.preferences_link(SETTINGS, "t") == "https://civicstl.org/follows#token=t"
    assert tokens.confirm_link(SETTINGS, "t") == "https://civicstl.org/follows?confirm=t"
