"""Signing: one key per use, derived as it always was (so tokens already mailed or printed keep
verifying), signed ids bound to what they were signed for, and no use's key holding for another's
token."""

from __future__ import annotations

import hashlib
import hmac

import jwt

from rsvp_service.accounts.tokens import issue_access_token, user_id_from_access_token
from rsvp_service.impact import records
from rsvp_service.settings import Settings
from rsvp_service.signing import KeyUse, SignedIds, derived_key

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
    follows, consent = SignedIds(KeyUse.FOLLOWS), SignedIds(KeyUse.CONSENT)
    token = follows.sign(SETTINGS, 7, "confirm", "ann@example.org")
    assert (follows.id_of(token), len(token.partition("-")[2])) == (7, 32)
    assert follows.holds(SETTINGS, token, "confirm", "ann@example.org")
    assert not follows.holds(SETTINGS, token, "confirm", "ben@example.org")
    assert not follows.holds(SETTINGS, token, "ann@example.org")
    assert not consent.holds(SETTINGS, token, "confirm", "ann@example.org")
    assert not follows.holds(SETTINGS, token + "\n", "confirm", "ann@example.org")
    assert follows.id_of("07-" + token.partition("-")[2]) is None


def test_every_use_keeps_the_key_it_had_before_the_derivation_was_shared() -> None:
    # The labels each module hashed by hand: access tokens, Google's session cookie, signed ids.
    labels = {KeyUse.ACCESS_TOKEN: b"civicstl access token v1",
              KeyUse.OAUTH_SESSION: b"civicstl oauth session v1",
              KeyUse.FOLLOWS: b"civicstl follows v1", KeyUse.CONSENT: b"civicstl consent v1",
              KeyUse.HOURS_RECORD: b"civicstl hours record v1",
              KeyUse.RSVP_CLIENT: b"civicstl rsvp client v1",
              KeyUse.OUTSIDE_HOURS: b"civicstl outside hours v1",
              KeyUse.SUPERVISOR_ADDRESS: b"civicstl supervisor address v1"}
    assert set(labels) == set(KeyUse)
    for use, label in labels.items():
        before = hmac.new(SETTINGS.secret_key.encode("utf-8"), label, hashlib.sha256).digest()
        assert derived_key(SETTINGS, use) == before
    assert len({derived_key(SETTINGS, use) for use in KeyUse}) == len(KeyUse)


def test_an_access_token_signed_under_another_uses_key_is_refused() -> None:
    token = issue_access_token(SETTINGS, 7)
    assert user_id_from_access_token(SETTINGS, token) == 7
    claims = jwt.decode(token, options={"verify_signature": False})
    for use in set(KeyUse) - {KeyUse.ACCESS_TOKEN}:
        forged = jwt.encode(claims, derived_key(SETTINGS, use), algorithm="HS256",
                            headers={"typ": "at+jwt"})
        assert user_id_from_access_token(SETTINGS, forged) is None
    # Inside the signature: its last character also carries bits base64 ignores.
    changed = token[:-2] + ("A" if token[-2] != "A" else "B") + token[-1]
    assert user_id_from_access_token(SETTINGS, changed) is None
