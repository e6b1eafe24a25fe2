"""Request and response bodies of the /api/auth endpoints, and the checks that clean their values.

Request bodies ignore unknown fields: the seed's client sends `verifyPassword` (spec section 7).
"""

from __future__ import annotations

import unicodedata

from pydantic import BaseModel, ConfigDict, Field

from rsvp_service.accounts import emails
from rsvp_service.accounts.models import DEFAULT_ROLE, User
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail.headers import has_encoded_word_start
from rsvp_service.web.contract import ApiError

INVALID_EMAIL = N_("Please enter a valid email address.")
NON_ASCII_EMAIL = (
    N_("We cannot send email to addresses with accented or non-Latin letters before the @ yet. "
    "Please use another address.")
)
CONTROL_CHARACTERS = N_("{field} must not contain control characters or line breaks.")
YOUR_NAME = N_("Your name")
NO_NAME = N_("Please enter your name.")
VOLUNTEER_ONLY = N_("New accounts can only have the volunteer role.")
ENCODED_WORD = ('it must not contain "=?", which email programs read as the start of encoded '
                "text, so please leave those two characters out")
ENCODED_NAME = (N_('Your name must not contain "=?", which email programs read as the start of '
                "encoded text. Please enter it without those two characters."))


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
    """POST /api/auth/resend-verification and /api/auth/forgot-password."""

    model_config = ConfigDict(extra="ignore")

    email: str = Field(max_length=320)


class ResetPasswordPayload(BaseModel):
    """POST /api/auth/reset-password: the site also sends verifyPassword, which is ignored."""

    model_config = ConfigDict(extra="ignore")

    token: str = Field(max_length=200)
    password: str = Field(max_length=1024)


class PublicUser(BaseModel):
    """The signed-in user as the site shows it."""

    model_config = ConfigDict(extra="forbid")

    id: int
    name: str
    email: str
    role: str
    phone: str | None
    isVerified: bool

    @classmethod
    def of(cls, user: User) -> PublicUser:
        """The wire form of an account."""
        return cls(id=user.id, name=user.name, email=user.email, role=user.role,
                   phone=user.phone, isVerified=user.is_verified)


class AccessToken(BaseModel):
    """A fresh access token (POST /api/auth/refresh); the refresh cookie is rotated with it."""

    model_config = ConfigDict(extra="forbid")

    accessToken: str


class SignedIn(AccessToken):
    """An access token and the account it signs in; the refresh cookie is set with it."""

    user: PublicUser


class Notice(BaseModel):
    """A sentence saying what was done (or, for requests that must not tell, may have been)."""

    model_config = ConfigDict(extra="forbid")

    msg: str


def require_email(value: str) -> str:
    """Normalize an email address or raise a 422."""
    try:
        return emails.normalize_email(value)
    except emails.NonAsciiMailboxError:
        raise ApiError(422, NON_ASCII_EMAIL) from None
    except ValueError:
        raise ApiError(422, INVALID_EMAIL) from None


def has_control_characters(value: str) -> bool:
    """Tell whether text holds a control, format or unassigned character or a line separator."""
    # Category C covers NUL, CR/LF and bidi overrides; Zl/Zp are U+2028/U+2029, which break
    # lines in headers and scripts although Python counts them as whitespace.
    return any(
        unicodedata.category(char)[0] == "C" or unicodedata.category(char) in {"Zl", "Zp"}
        for char in value
    )


def no_encoded_words(value: str) -> str:
    """Return a name or subject, refusing `=?`: mail programs decode what follows it."""
    # The mail builder keeps such text as data anyway; refusing it here says so to the person
    # and keeps encoded words (the tool of header injection and look-alike names) out.
    if has_encoded_word_start(value):
        raise ValueError(ENCODED_WORD)
    return value


def require_name(value: str) -> str:
    """Return a display name trimmed, refusing empty names, control characters and `=?`."""
    # Checked before whitespace is collapsed: split() would quietly turn U+2028 into a space.
    # The name goes into email headers and greetings; control characters have no place there.
    if has_control_characters(value):
        raise ApiError(422, gettext(CONTROL_CHARACTERS).format(field=gettext(YOUR_NAME)))
    if has_encoded_word_start(value):
        raise ApiError(422, ENCODED_NAME)
    name = " ".join(value.split())
    if not name:
        raise ApiError(422, NO_NAME)
    return name


def require_role(value: str) -> str:
    """Accept only the volunteer role: a registration form must not grant itself privileges."""
    if value != DEFAULT_ROLE:
        raise ApiError(422, VOLUNTEER_ONLY)
    return value
