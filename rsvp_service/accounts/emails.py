"""The one email-address normalizer, used by RSVPs and accounts alike, and the canonical mailbox
(one person's inbox, however the address is spelt) that abuse limits compare."""

from __future__ import annotations

from email_validator import EmailNotValidError, validate_email

NON_ASCII_MAILBOX = (
    "we cannot send email to accented or non-Latin letters before the @ yet; "
    "please use another address"
)


class NonAsciiMailboxError(ValueError):
    """An address whose mailbox name needs SMTPUTF8, which the outbox does not speak."""


def normalize_email(value: str) -> str:
    """Check an address's syntax and return its ASCII form, lower-cased (ValueError if not)."""
    try:
        checked = validate_email(value.strip(), check_deliverability=False)
    except EmailNotValidError:
        raise ValueError("it must be a valid email address") from None
    if checked.ascii_email is None:
        # Refused at the door rather than accepted and then parked in the outbox.
        raise NonAsciiMailboxError(NON_ASCII_MAILBOX)
    # The ASCII form carries an internationalized domain as IDNA (xn--), which every SMTP
    # server accepts. Mailbox names are case-sensitive in theory, never in practice;
    # lowercasing stops "Ann@x.org" and "ann@x.org" from becoming two accounts or two RSVPs.
    return checked.ascii_email.lower()


def optional_email(value: str | None) -> str | None:
    """An optional address: None when left out or left empty, else normalize_email's form."""
    return normalize_email(value) if value else None


# Providers that deliver "a.n.n@" to "ann@": for them the dots of the mailbox name mean nothing.
DOTLESS_DOMAINS = frozenset({"gmail.com", "googlemail.com"})


def canonical_mailbox(address: str) -> str:
    """The inbox a normalized address reaches: no +tag, no dots where the provider drops them."""
    local, _, domain = address.rpartition("@")
    # Nearly every provider delivers "ann+anything@" to "ann@"; comparing without the tag is
    # what stops one person from passing as several (and over-matching only limits more).
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local = local.replace(".", "")
        domain = "gmail.com"
    return f"{local}@{domain}"
