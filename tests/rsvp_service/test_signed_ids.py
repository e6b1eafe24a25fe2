"""Signed ids: one key per use, bound to what they were signed for, and hours-record codes
issued before the shared module still verify."""

from __future__ import annotations

from rsvp_service.impact import records
from rsvp_service.settings import Settings
from rsvp_service.signed_ids import SignedIds

# Development, which accepts this weak key: the codes below were signed with it.
SETTINGS = Settings(_env_file=None, environment="development", secret_key="k" * 40,  # type: ignore[call-arg]
                    site_url="https://civicstl.org")
# Made by the hours records' own signer before signed_ids existed: printed codes must keep working.
ISSUED_CODE = "42-fh2ese6hzeswsnhhzwfhuwsvwx"


def test_a_code_issued_before_still_verifies_and_a_changed_one_does_not() -> None:
    assert records.sign(SETTINGS, 42) == ISSUED_CODE
    assert records.verified_id(SETTINGS, ISSUED_CODE) == 42
    assert records.verified_id(SETTINGS, ISSUED_CODE[:-1] + "a") is None
    assert records.verified_id(SETTINGS, "43" + ISSUED_CODE[2:]) is None


def test_each_use_has_its_own_key_and_a_token_holds_for_what_it_was_bound_to() -> None:
    follows, consent = SignedIds(b"civicstl follows v1"), SignedIds(b"civicstl consent v1")
    token = follows.sign(SETTINGS, 7, "confirm", "ann@example.org")
    assert (follows.id_of(token), len(token.partition("-")[2])) == (7, 32)
    assert follows.holds(SETTINGS, token, "confirm", "ann@example.org")
    assert not follows.holds(SETTINGS, token, "confirm", "ben@example.org")
    assert not follows.holds(SETTINGS, token, "ann@example.org")
    assert not consent.holds(SETTINGS, token, "confirm", "ann@example.org")
    assert not follows.holds(SETTINGS, token + "\n", "confirm", "ann@example.org")
    assert follows.id_of("07-" + token.partition("-")[2]) is None
