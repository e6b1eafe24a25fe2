"""What uvicorn serves: the app (create_served_app: the garbage collector frozen after start-up,
the serving lock held by every serving process, a web worker ending with its supervisor) and the
connection cap (its protocol is rsvp_service.app.connections).

Each connection holds a file descriptor: past the process's open-file limit nothing can be
accepted or opened (not even the database), so everyone starves. `connection_limit` raises the
limit as far as allowed and caps connections below it.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import resource
import signal

from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rsvp_service.app.app import create_app
from rsvp_service.ops.backups import serving_lock
from rsvp_service.process.lifeline import parent_gone
from rsvp_service.settings import Settings

# Descriptors kept for what is not a connection: the database (asyncpg's pool of 5, or SQLite's
# file, WAL and index), SMTP, Redis, the listening socket, the event loop, logs.
RESERVED_FILES = 64
log = logging.getLogger(__name__)


def connection_limit() -> int | None:
    """Raise this process's soft open-file limit to the hard one; return the connection cap."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError) as exc:  # an unlimited hard limit may be above the kernel's
            log.warning("Could not raise the open-file limit from %d to %d: %s", soft, hard, exc)
    if soft == resource.RLIM_INFINITY:
        log.info("No open-file limit: connections are not capped.")
        return None
    # A connection may hold two descriptors (its socket and a site file it is sending).
    limit = max((soft - RESERVED_FILES) // 2, 1)
    log.info("Open-file limit %d (hard %s): at most %d connections per worker, then 503.",
             soft, "unlimited" if hard == resource.RLIM_INFINITY else hard, limit)
    return limit


class FreezeGcAfterStartup:
    """ASGI middleware freezing the garbage collector once the app's lifespan has started."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass every scope on; on the lifespan's, freeze after start-up, unfreeze at shutdown."""
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return

        async def receive_shutdown() -> Message:
            message = await receive()
            if message["type"] == "lifespan.shutdown":
                gc.unfreeze()
            return message

        async def send_started(message: Message) -> None:
            if message["type"] == "lifespan.startup.complete":
                # What start-up loaded (modules, ORM metadata, the catalogue) lives as long as
                # the process; keeping it out of the collector's full passes shortens the GC
                # pauses under RSVP load.
                gc.collect()
                gc.freeze()
            await send(message)

        await self.app(scope, receive_shutdown, send_started)


class ServingProcess:
    """ASGI middleware holding the serving lock for the lifespan; a web worker ends with its parent.

    Each of uvicorn's web workers holds VAR_DIR/serving.lock itself, so a restore refuses while
    any of them lives, whether or not the supervisor that started them still does.
    """

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass every scope on; around the lifespan's, hold the lock and watch the supervisor."""
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return
        watch = None
        # Set in the web workers uvicorn spawns (--workers 2 and more); None in a lone process.
        parent = multiprocessing.parent_process()
        with serving_lock(self.settings):
            if parent is not None and parent.pid is not None:
                watch = asyncio.create_task(parent_gone(parent.pid), name="parent-watch")
                watch.add_done_callback(_stop_orphan)
            try:
                await self.app(scope, receive, send)
            finally:
                if watch is not None:
                    watch.cancel()


def _stop_orphan(watch: asyncio.Task[None]) -> None:
    if watch.cancelled():
        return
    log.warning("The process that started this web worker is gone; stopping it as SIGTERM does.")
    # uvicorn's own SIGTERM handler: finish the requests in progress, then exit.
    signal.raise_signal(signal.SIGTERM)


def create_served_app() -> Starlette:
    """The app as `python -m rsvp_service` serves it (uvicorn's factory): settings from the
    environment, the serving lock held, the garbage collector frozen after start-up (in-process
    tests skip both)."""
    app = create_app()
    app.add_middleware(FreezeGcAfterStartup)
    app.add_middleware(ServingProcess, settings=app.state.settings)
    return app
