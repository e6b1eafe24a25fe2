"""Request bodies of the auth endpoints, and the checks that turn them into clean values."""

from __future__ import annotations

import unicodedata

from email_validator import EmailNotValidError, validate_email
from pydantic import BaseModel, ConfigDict, Field

from rsvp_service.auth.models import DEFAULT_ROLE
from rsvp_service.errors import ApiError, Shape

INVALID_EMAIL = "Please enter a valid email address."


class RegisterPayload(BaseModel):
    """POST /api/auth/register: the site also sends verifyPassword, which is ignored."""

    model_config = ConfigDict(extra="ignore")

    name: str = Field(max_length=200)
    email: str = Field(max_length=320)
    password: str = Field(max_length=1024)
    role: str = DEFAULT_ROLE


class LoginPayload(BaseModel):
    """POST /api/auth/login."""

    model_config = ConfigDict(extra="ignore")

    email: str = Field(max_length=320)
    password: str = Field(max_length=1024)


class EmailPayload(BaseModel):
    """POST /api/auth/resend-verification."""

    model_config = ConfigDict(extra="ignore")

    email: str = Field(max_length=320)


def normalize_email(value: str) -> str | None:
    """Return the address in canonical form (syntax checked, lowercased), or None if invalid."""
    try:
        checked = validate_email(value.strip(), check_deliverability=False)
    except EmailNotValidError:
        return None
    # Mailbox names are case-sensitive in theory, never in practice; lowercasing stops
    # "Ann@x.org" and "ann@x.org" from becoming two accounts.
    return checked.normalized.lower()


def require_email(value: str, *, shape: Shape) -> str:
    """Normalize an email address or raise a 422 in the endpoint's shape."""
    email = normalize_email(value)
    if email is None:
        raise ApiError(422, INVALID_EMAIL, shape=shape)
    return email


def require_name(value: str) -> str:
    """Return a display name trimmed, refusing empty names and control characters."""
    name = " ".join(value.split())
    if not name:
        raise ApiError(422, "Please enter your name.", shape="errors")
    # The name goes into email headers and greetings; control characters have no place there.
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise ApiError(422, "Your name must not contain control characters.", shape="errors")
    return name


def require_role(value: str) -> str:
    """Accept only the volunteer role: a registration form must not grant itself privileges."""
    if value != DEFAULT_ROLE:
        raise ApiError(422, "New accounts can only have the volunteer role.", shape="errors")
    return value
