"""Database models for accounts: users, refresh-token families, email and reset tokens."""

from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

DEFAULT_ROLE = "volunteer"


class User(Model):
    """A person with an account: password, Google, or both."""

    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=200)
    # Stored normalized (see rsvp_service.accounts.emails) so uniqueness is case-insensitive.
    email = fields.CharField(max_length=320, unique=True)
    role = fields.CharField(max_length=32, default=DEFAULT_ROLE)
    phone = fields.CharField(max_length=40, null=True)
    is_verified = fields.BooleanField(default=False)
    # Null for accounts created through Google that never set a password.
    password_hash = fields.CharField(max_length=255, null=True)
    # Google identities are keyed on (iss, sub): an email address can change owner, a sub cannot.
    google_iss = fields.CharField(max_length=255, null=True)
    google_sub = fields.CharField(max_length=255, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    # The PVSA age bracket the volunteer gave ("11-15", "16-25", "26+"): never a birth date.
    age_bracket = fields.CharField(max_length=8, null=True,
                                   description="The PVSA age bracket the volunteer gave.")

    language = fields.CharField(
        max_length=16, default="en", db_default="en",
        description="The account's language: its emails and its API answers' default (issue 41).")

    class Meta:
        table = "users"
        unique_together = (("google_iss", "google_sub"),)


class RefreshToken(Model):
    """One link of a rotating refresh-token chain (a family is one sign-in session)."""

    id = fields.IntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    family = fields.UUIDField(db_index=True)
    parent_id = fields.IntField(null=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="refresh_tokens", on_delete=fields.OnDelete.CASCADE
    )
    user_id: int
    used = fields.BooleanField(default=False)
    revoked = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)
    # Inherited unchanged by every successor, so rotation never extends a session past 30 days.
    expires_at = fields.DatetimeField()

    class Meta:
        table = "refresh_tokens"


class SingleUseToken(Model):
    """An emailed account token (verification, reset): stored only as a hash, spent once."""

    token_hash = fields.CharField(max_length=64, unique=True)
    user_id: int
    created_at = fields.DatetimeField(auto_now_add=True)
    expires_at = fields.DatetimeField()
    used_at = fields.DatetimeField(null=True)

    class Meta:
        abstract = True


class EmailToken(SingleUseToken):
    """A single-use email-verification token, stored only as a hash."""

    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="email_tokens", on_delete=fields.OnDelete.CASCADE
    )

    class Meta:
        table = "email_tokens"


class PasswordResetToken(SingleUseToken):
    """A single-use password-reset token, stored only as a hash; only the newest one is kept."""

    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[User] = fields.ForeignKeyField(
        "models.User", related_name="password_reset_tokens", on_delete=fields.OnDelete.CASCADE
    )

    class Meta:
        table = "password_reset_tokens"
