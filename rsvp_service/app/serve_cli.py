"""`python -m rsvp_service [serve|migrate|worker]`: the service's own processes (uvicorn's web
workers, migrations, background work)."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import socket
import subprocess
import sys
from typing import Any

import uvicorn

from rsvp_service.app.background import run_worker
from rsvp_service.app.connections import GuardedHttpProtocol
from rsvp_service.app.server import connection_limit
from rsvp_service.db.check import DatabaseNotWritable
from rsvp_service.db.connection import close_database, open_database
from rsvp_service.events import EventsFileError, load_catalogue
from rsvp_service.mail.signing import DkimKeyError, signer_for
from rsvp_service.ops.backups import serving_lock
from rsvp_service.settings import Settings, settings_or_exit

APP = "rsvp_service.app.server:create_served_app"


async def _migrate(settings: Settings) -> None:
    # Opening the database applies every pending migration and checks it can be written.
    await close_database(await open_database(settings))


def main(argv: list[str], description: str | None = None) -> None:
    """Serve, migrate or run the background worker as `argv` says; `description` heads --help."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service", description=description)
    parser.add_argument("command", nargs="?", choices=["serve", "migrate", "worker"],
                        default="serve")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--parent-pid", type=int, default=None,
                        help="worker: stop when this process has exited (serve passes its own)")
    parser.add_argument("--no-worker", action="store_true",
                        help="serve: do not start the worker (it runs as its own systemd unit)")
    args = parser.parse_args(argv)
    settings = settings_or_exit()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.command != "migrate":
            # Checked here once so a bad file stops start-up with one line, not a traceback
            # from every worker.
            load_catalogue(settings.events_file)
            # The mail sender reads the key when it starts: a bad one stops us here, in a line.
            signer_for(settings)
        asyncio.run(_migrate(settings))
    except (EventsFileError, DatabaseNotWritable, DkimKeyError) as exc:
        sys.exit(f"rsvp_service: {exc}")
    if args.command == "migrate":
        logging.getLogger("rsvp_service").info("Migrations are up to date.")
        return
    with serving_lock(settings):
        _run(settings, args)


def _run(settings: Settings, args: argparse.Namespace) -> None:
    if args.command == "worker":
        asyncio.run(run_worker(settings, parent_pid=args.parent_pid))
        return
    worker = None
    if settings.background_tasks == "separate" and not args.no_worker:
        # uvicorn ends this process by re-raising SIGTERM, past any `finally`: the worker
        # watches for this process to be gone instead.
        worker = subprocess.Popen([sys.executable, "-m", "rsvp_service", "worker",  # noqa: S603
                                   "--parent-pid", str(os.getpid())])
    try:
        _serve(settings, args.workers)
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait()


def _systemd_socket() -> socket.socket | None:
    """The listening socket systemd handed over (socket activation, fd 3), if any."""
    if os.environ.get("LISTEN_FDS") != "1" or os.environ.get("LISTEN_PID") != str(os.getpid()):
        return None
    return socket.socket(fileno=3)


def _serve(settings: Settings, workers: int) -> None:
    options: dict[str, Any] = {
        "factory": True,
        "host": settings.host,
        "port": settings.port,
        "workers": workers,
        "http": GuardedHttpProtocol,
        "limit_concurrency": connection_limit(),  # workers inherit the raised limit
        # Behind a reverse proxy, the proxy's address: then X-Forwarded-For/-Proto name the real
        # client (rate limits key on it). Unset, those headers are ignored.
        "proxy_headers": settings.forwarded_allow_ips is not None,
        "forwarded_allow_ips": settings.forwarded_allow_ips,
        # Browsers and load balancers reuse connections for longer than uvicorn's 5 s default;
        # closing sooner races their next request into a reset.
        "timeout_keep_alive": 65,
        # With --workers, uvicorn kills and replaces a worker that does not answer its health
        # ping within 5 s; a new worker imports the app first (seconds of CPU on a small machine),
        # so under load every worker was replaced before it could start, forever.
        "timeout_worker_healthcheck": 30,
    }
    inherited = _systemd_socket()
    if inherited is None:
        uvicorn.run(APP, **options)
        return
    # Socket activation (deploy/civicstl-web@.socket): the socket outlives this process, so
    # while it restarts the kernel queues new connections for the next one instead of
    # refusing them. One process per socket: systemd runs one unit per port.
    if workers != 1:
        sys.exit("rsvp_service: under socket activation run one process per socket: drop "
                 "--workers and run one unit per port.")
    uvicorn.Server(uvicorn.Config(APP, **options)).run(sockets=[inherited])
