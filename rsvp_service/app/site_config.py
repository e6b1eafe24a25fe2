"""GET /api/config: the parts of this service's set-up the site shows (public, no secrets)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import endpoint


class SiteConfig(BaseModel):
    """What the site shows that depends on this service's set-up."""

    model_config = ConfigDict(extra="forbid")

    google: bool


@endpoint("GET", "/api/config", responses={200: SiteConfig},
          summary="What the site shows that depends on this service's set-up: whether Google "
          "sign-in is configured. Public; no secret is in it.")
async def site_config(request: Request) -> SiteConfig:
    """Answer whether the site should offer Google sign-in."""
    settings: Settings = request.app.state.settings
    return SiteConfig(google=settings.google_sign_in)


def routes() -> list[BaseRoute]:
    """Return the public configuration route."""
    return contract.routes(site_config)
