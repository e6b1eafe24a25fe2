"""PUT /api/me/language: the signed-in account chooses the language of its later emails.

May import accounts' models and tokens, i18n and the web contract (issue 41).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in
from rsvp_service.i18n import N_, gettext, language_names, supported
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, endpoint
from rsvp_service.web.ratelimit import Limit, enforce

SIGN_IN = N_("Please log in to choose your language.")
UNSUPPORTED = N_("That language is not one we write in yet. Please choose {languages}.")


class LanguagePayload(BaseModel):
    """PUT /api/me/language: a supported language tag ("en", "es", "bs")."""

    model_config = ConfigDict(extra="forbid")

    language: str = Field(max_length=16)


class LanguageSet(BaseModel):
    """PUT /api/me/language: the language now kept for the account."""

    model_config = ConfigDict(extra="forbid")

    language: str


@endpoint("PUT", "/api/me/language", body=LanguagePayload, responses={200: LanguageSet},
          errors={401: ErrorBody, 422: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("account-write", key="account"),),
          summary="Set the language of the signed-in user's later emails.")
async def set_language(request: Request, body: LanguagePayload) -> LanguageSet:
    """PUT /api/me/language: keep the account's language; its later emails are written in it."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    if not supported(body.language):
        raise ApiError(422, gettext(UNSUPPORTED).format(languages=language_names()))
    await User.filter(id=user.id).update(language=body.language)
    return LanguageSet(language=body.language)


def routes() -> list[BaseRoute]:
    """Return the language route."""
    return contract.routes(set_language)
