"""Request and response bodies of the follow, confirm, unsubscribe and preferences endpoints."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.config import JsonDict

from rsvp_service.accounts.emails import optional_email
from rsvp_service.web.contract import STRIPPED, LinkToken

EMAIL: JsonDict = {"format": "email"}
TARGET_MAX = 200
# More than anyone follows; bounds the work one preferences request can ask for.
FOLLOWS_MAX = 200

Kind = Literal["organization", "cause"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", **STRIPPED)


class FollowTarget(_Strict):
    """What to follow or unfollow: an organization (by slug) or a cause (by name)."""

    kind: Kind = Field(description="An organization, by its slug, or a cause, by its name.")
    target: str = Field(min_length=1, max_length=TARGET_MAX,
                        description="The organization's slug (`keenstl`) or the cause's name.")


class FollowRequest(FollowTarget):
    """Body of POST /api/follows: a guest adds their email; a signed-in volunteer leaves it out."""

    email: str | None = Field(
        default=None, max_length=254, json_schema_extra=EMAIL,
        description="A guest's address; a confirmation link goes there. Ignored when signed in.")

    _emails = field_validator("email")(optional_email)


class PreferencesUpdate(LinkToken):
    """Body of POST /api/follows/preferences: everything the address should follow from now on."""

    follows: list[FollowTarget] = Field(
        max_length=FOLLOWS_MAX, description="The complete list; anything left out is unfollowed.")


class _Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FollowItem(_Answer):
    """One thing followed, with the name to show."""

    kind: Kind
    target: str = Field(description="The organization's slug or the cause's name.")
    label: str = Field(description="The organization's name, or the cause's name.")
    confirmed: bool = Field(description="False while a guest's follow awaits its email link.")


class Following(_Answer):
    """A signed-in volunteer now follows it (also when they already did)."""

    message: str
    follow: FollowItem


class FollowPending(_Answer):
    """A guest's follow: the same sentence whether or not the address is known."""

    message: str


class Unfollowed(_Answer):
    """The volunteer no longer follows it (also when they never did)."""

    message: str


class MyFollows(_Answer):
    """GET /api/me/follows: what the signed-in volunteer follows."""

    follows: list[FollowItem]


class FollowsConfirmed(_Answer):
    """A guest's confirmation link was used: these follows are confirmed."""

    message: str
    follows: list[FollowItem]


class Unsubscribed(_Answer):
    """The address follows nothing any more and gets no digest."""

    message: str


class Preferences(_Answer):
    """What the address of a preferences link follows."""

    email: str = Field(description="The address the link was sent to.")
    follows: list[FollowItem]
    message: str = Field(description="What just happened, or what the page can do.")
