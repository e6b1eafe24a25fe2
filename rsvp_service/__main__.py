"""Command line: `python -m rsvp_service [COMMAND] ...` (the `civicstl-service` script), serve when
no command is named; `--help` lists every command from COMMANDS, which the dispatch follows.

Each command imports only its own module, so `backup` or `roles` starts without the web app."""

from __future__ import annotations

import sys

PROG = "python -m rsvp_service"
# Every command and what it does, in the order --help lists them.
COMMANDS: dict[str, str] = {
    "serve": "serve the site and the API (the default; --workers N, --no-worker)",
    "migrate": "apply the database migrations, then stop",
    "worker": "run the background work alone: mail, reminders, digests, erasure",
    "outbox": "look at queued mail: pending, dead, held; retry, release or discard it",
    "roles": "grant, revoke or list organizers and admins",
    "backup": "backup DEST: a consistent copy of the database while the service runs",
    "restore": "restore SRC: put a copy back, with the service stopped",
    "openapi": "openapi [FILE]: write the API's OpenAPI document (standard output without FILE)",
    "secret": "print a new random SECRET_KEY (for the service's environment file)",
    "credentials": "credentials rotate-key|keys: the keys that sign hours credentials",
}
SERVICE_PROCESSES = ("serve", "migrate", "worker")


def usage() -> str:
    """Return the --help text: the usage line and every command with what it does."""
    width = max(map(len, COMMANDS)) + 2
    listed = [f"  {name:<{width}}{summary}" for name, summary in COMMANDS.items()]
    return "\n".join([
        f"usage: {PROG} [COMMAND] [ARGUMENTS]", "", "commands:", *listed, "",
        f"`{PROG} COMMAND --help` tells a command's own arguments; settings come from the "
        "environment (deploy/README.md).",
    ])


def main(argv: list[str] | None = None) -> None:
    """Run the command the arguments name (serve when they name none)."""
    arguments = sys.argv[1:] if argv is None else argv
    command = arguments[0] if arguments else "serve"
    if command in ("-h", "--help", "help"):
        print(usage())
        return
    if command.startswith("-"):
        command = "serve"  # serve's own options, such as --workers 4
    if command not in COMMANDS:
        sys.exit(f"rsvp_service: there is no command {command!r}; the commands are "
                 f"{', '.join(COMMANDS)} (`{PROG} --help` says what each does).")
    if command == "outbox":
        from rsvp_service.mail.cli import main as outbox_main

        sys.exit(outbox_main(arguments[1:]))
    if command == "roles":
        from rsvp_service.organize.roles_cli import main as roles_main

        sys.exit(roles_main(arguments[1:]))
    if command == "openapi":
        from rsvp_service.app.openapi_cli import main as openapi_main

        sys.exit(openapi_main(arguments[1:]))
    if command == "secret":
        from rsvp_service.secret_keys import main as secret_main

        sys.exit(secret_main(arguments[1:]))
    if command == "credentials":
        from rsvp_service.impact.credentials_cli import main as credentials_main

        sys.exit(credentials_main(arguments[1:]))
    if command in ("backup", "restore"):
        from rsvp_service.ops.backups import main as backups_main

        sys.exit(backups_main(arguments))
    # The web app's import was every command's cost before.
    from rsvp_service.app.serve_cli import main as serve_main

    serve_main(arguments, description="\n".join(
        f"{name}: {COMMANDS[name]}." for name in SERVICE_PROCESSES))


if __name__ == "__main__":
    main()
