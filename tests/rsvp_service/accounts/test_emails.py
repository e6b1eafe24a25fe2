"""The one email normalizer, as RSVPs and accounts use it."""

from __future__ import annotations

import pytest

from rsvp_service.accounts import bodies
from rsvp_service.accounts.emails import normalize_email
from rsvp_service.rsvps.routes import RsvpPayload


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        (" Ann.Lee+rsvp@Example.ORG ", "ann.lee+rsvp@example.org"),
        ("kim@bücher.example", "kim@xn--bcher-kva.example"),
        ("kim@xn--bcher-kva.example", "kim@xn--bcher-kva.example"),
        ("o'brien@example.org", "o'brien@example.org"),
    ],
)
def test_rsvps_and_accounts_normalize_an_address_the_same_way(raw: str, normalized: str) -> None:
    assert normalize_email(raw) == normalized
    assert bodies.normalize_email(raw) == normalized
    payload = RsvpPayload.model_validate({"email": raw, "firstName": "Ann"})
    assert payload.email == normalized


@pytest.mark.parametrize(
    "raw", ["", "ann", "ann@", "@example.org", "ann@localhost", "ann@example.invalid",
            "a..b@example.org", "ann@-example.org"]
)
def test_both_refuse_what_email_validator_refuses(raw: str) -> None:
    with pytest.raises(ValueError, match="valid email address"):
        normalize_email(raw)
    assert bodies.normalize_email(raw) is None


def test_both_refuse_a_mailbox_name_that_needs_smtputf8() -> None:
    with pytest.raises(ValueError, match="before the @"):
        normalize_email("jörg@example.org")
    assert bodies.normalize_email("jörg@example.org") is None
