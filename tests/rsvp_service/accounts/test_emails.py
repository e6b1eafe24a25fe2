"""The one email normalizer, as RSVPs and accounts use it, and the canonical mailbox."""

from __future__ import annotations

import pytest

from rsvp_service.accounts import bodies, emails
from rsvp_service.accounts.emails import canonical_mailbox, normalize_email
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
    payload = RsvpPayload.model_validate({"email": raw, "firstName": "Ann"})
    assert payload.email == normalized


def test_there_is_one_normalizer() -> None:
    # accounts.bodies had a second one answering None instead of raising.
    assert not hasattr(bodies, "normalize_email")
    assert bodies.emails is emails


@pytest.mark.parametrize(
    "raw", ["", "ann", "ann@", "@example.org", "ann@localhost", "ann@example.invalid",
            "a..b@example.org", "ann@-example.org"]
)
def test_it_refuses_what_email_validator_refuses(raw: str) -> None:
    with pytest.raises(ValueError, match="valid email address"):
        normalize_email(raw)


def test_it_refuses_a_mailbox_name_that_needs_smtputf8() -> None:
    with pytest.raises(ValueError, match="before the @"):
        normalize_email("jörg@example.org")


@pytest.mark.parametrize(
    ("raw", "mailbox"),
    [
        ("kid+mom@example.org", "kid@example.org"),
        ("Kid+Mom+2@Example.org", "kid@example.org"),
        ("k.i.d@example.org", "k.i.d@example.org"),  # dots matter to most providers
        ("k.i.d+mom@gmail.com", "kid@gmail.com"),
        ("K.I.D@googlemail.com", "kid@gmail.com"),
        ("kid@xn--bcher-kva.example", "kid@xn--bcher-kva.example"),
    ],
)
def test_the_canonical_mailbox_drops_tags_and_ignored_dots(raw: str, mailbox: str) -> None:
    assert canonical_mailbox(normalize_email(raw)) == mailbox
