"""Command line: `python -m rsvp_service` serves; `python -m rsvp_service migrate` migrates."""

from __future__ import annotations

import argparse
import asyncio
import logging

import uvicorn

from rsvp_service.db import close_database, open_database
from rsvp_service.settings import Settings


async def _migrate(settings: Settings) -> None:
    # Opening the database applies every pending migration.
    await close_database(await open_database(settings))


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve or migrate."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service", description=__doc__)
    parser.add_argument("command", nargs="?", choices=["serve", "migrate"], default="serve")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    args = parser.parse_args(argv)
    settings = Settings()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.command == "migrate":
        asyncio.run(_migrate(settings))
        logging.getLogger("rsvp_service").info("Migrations are up to date.")
        return
    uvicorn.run(
        "rsvp_service.app:create_app",
        factory=True,
        host=settings.host,
        port=settings.port,
        workers=args.workers,
        proxy_headers=False,
        # Browsers and load balancers reuse connections for longer than uvicorn's 5 s default;
        # closing sooner races their next request into a reset.
        timeout_keep_alive=65,
    )


if __name__ == "__main__":
    main()
