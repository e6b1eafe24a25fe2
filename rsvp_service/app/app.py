"""The application factory: routes, middleware, error handlers and the lifespan."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.routing import BaseRoute

from rsvp_service.accounts import forms as account_forms
from rsvp_service.accounts import language as account_language
from rsvp_service.accounts import routes as auth_routes
from rsvp_service.accounts.google import build_google_client, session_middleware
from rsvp_service.app import openapi, site_config, static
from rsvp_service.app.background import Background
from rsvp_service.consent import forms as consent_forms
from rsvp_service.consent import routes as consent
from rsvp_service.db.connection import close_database, open_database
from rsvp_service.db.failures import DatabaseFailures
from rsvp_service.events import load_catalogue, reload_catalogue
from rsvp_service.follows import forms as follow_forms
from rsvp_service.follows import preferences as follow_links
from rsvp_service.follows import routes as follows
from rsvp_service.impact import credentials, dashboard, progress, record_csv, records
from rsvp_service.impact.pdf_builds import PdfBuilder
from rsvp_service.ops import health
from rsvp_service.organize import admin, checkin, events, messages, removals, roles, roster_csv
from rsvp_service.outside_hours import forms as outside_hours_forms
from rsvp_service.outside_hours import routes as outside_hours
from rsvp_service.outside_hours import supervisor as hours_supervisor
from rsvp_service.privacy import account_data
from rsvp_service.rsvps import cancel
from rsvp_service.rsvps import forms as rsvp_forms
from rsvp_service.rsvps import routes as rsvps
from rsvp_service.settings import Settings
from rsvp_service.web.access_log import install_access_log_filter
from rsvp_service.web.errors import EXCEPTION_HANDLERS
from rsvp_service.web.middleware import middleware_stack
from rsvp_service.web.ratelimit import build_rate_limiter


def _reload(app: Starlette) -> None:
    app.state.catalogue = reload_catalogue(app.state.settings.events_file, app.state.catalogue)


@contextlib.contextmanager
def _reload_on_sighup(app: Starlette) -> Iterator[None]:
    """Reload the catalogue on SIGHUP while the block runs (where the loop can take signals)."""
    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGHUP, _reload, app)
    except (RuntimeError, ValueError, NotImplementedError):
        # Not the main thread (or no signals here): reloading needs a restart instead.
        yield
        return
    try:
        yield
    finally:
        loop.remove_signal_handler(signal.SIGHUP)


@asynccontextmanager
async def lifespan(app: Starlette) -> AsyncIterator[None]:
    """Open the database (applying migrations) and, in-process, start the background work."""
    settings: Settings = app.state.settings
    database = await open_database(settings)
    limiter = build_rate_limiter(settings)
    app.state.rate_limiter = limiter
    app.state.google_oauth = build_google_client(settings)
    app.state.pdf_builder = pdf_builder = PdfBuilder(settings.pdf_workers)
    background: Background | None = None
    if settings.background_tasks == "in-process":
        background = Background(settings, lambda: app.state.catalogue)
        app.state.outbox, app.state.reminders = background.sender, background.reminders
        background.start()
    try:
        with _reload_on_sighup(app):
            yield
    finally:
        if background is not None:
            await background.stop()
        await limiter.close()
        await pdf_builder.close()
        await close_database(database)


def create_app(settings: Settings | None = None) -> Starlette:
    """Build the CivicSTL service: the API under /api and, when built, the static site."""
    settings = settings or Settings()
    install_access_log_filter()
    routes: list[BaseRoute] = [
        *rsvps.routes(),
        *cancel.routes(),
        *consent.routes(),
        *account_data.routes(),
        *roles.routes(),
        *admin.routes(),
        *events.routes(),
        *roster_csv.routes(),
        *checkin.routes(),
        *messages.routes(),
        *removals.routes(),
        *dashboard.routes(),
        *progress.routes(),
        *account_language.routes(),
        # Before records': `/api/hours-records/{code}` would take `<code>.csv` as a code.
        *record_csv.routes(),
        *records.routes(),
        *credentials.routes(),
        *outside_hours.routes(),
        *hours_supervisor.routes(),
        *follows.routes(),
        *follow_links.routes(),
        *auth_routes.routes(),
        *openapi.routes(),
        *site_config.routes(),
        *health.routes(),
        # The site's forms (JavaScript off): POST only, so GET still reaches the site's pages.
        *rsvp_forms.routes(),
        *account_forms.routes(after_sign_in=rsvp_forms.rsvp_after_sign_in),
        *consent_forms.routes(),
        *outside_hours_forms.routes(),
        *follow_forms.routes(),
        *static.routes(settings),
    ]
    app = Starlette(
        routes=routes,
        # The session only carries Google sign-in's state, nonce and PKCE verifier.
        middleware=[*middleware_stack(settings), session_middleware(settings)],
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.catalogue = load_catalogue(settings.events_file)
    app.state.database_failures = DatabaseFailures()
    return app
