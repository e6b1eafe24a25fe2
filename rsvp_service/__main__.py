"""Command line: serve (the default), `migrate`, `worker` (background work), `outbox` (mail),
`roles` (organizers, admins), `backup DEST`, `restore SRC`, `openapi [FILE]` (the API document).

Each command imports only its own module, so `backup` or `roles` starts without the web app."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    """Run the command the arguments name (serve when they name none)."""
    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["outbox"]:
        from rsvp_service.mail.cli import main as outbox_main

        sys.exit(outbox_main(arguments[1:]))
    if arguments[:1] == ["roles"]:
        from rsvp_service.organize.roles_cli import main as roles_main

        sys.exit(roles_main(arguments[1:]))
    if arguments[:1] == ["openapi"]:
        from rsvp_service.web.openapi_cli import main as openapi_main

        sys.exit(openapi_main(arguments[1:]))
    if arguments[:1] in (["backup"], ["restore"]):
        from rsvp_service.ops.backups import main as backups_main

        sys.exit(backups_main(arguments))
    # The web app's import, 0.8 s of CPU here, was every command's cost before.
    from rsvp_service.web.serve_cli import main as serve_main

    serve_main(arguments, description=__doc__)


if __name__ == "__main__":
    main()
