"""`python -m rsvp_service credentials rotate-key|keys`: the keys that sign hours credentials.

    credentials rotate-key   make a new current key (older keys stay published, so credentials
                             already issued keep verifying against /.well-known/jwks.json)
    credentials keys         list the key ids, current first

Each prints key ids only, never a private part.
"""

from __future__ import annotations

import argparse

from rsvp_service.impact import credential_keys
from rsvp_service.settings import settings_or_exit

PROG = "python -m rsvp_service credentials"


def main(argv: list[str]) -> int:
    """Run `credentials rotate-key` or `credentials keys`."""
    parser = argparse.ArgumentParser(prog=PROG, description=(
        "Manage the Ed25519 keys that sign hours credentials, kept in "
        "VAR_DIR/credential-keys (back that folder up with the database)."))
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("rotate-key", help="make a new current key; older ones stay published")
    commands.add_parser("keys", help="list the key ids, current first")
    arguments = parser.parse_args(argv)
    settings = settings_or_exit()
    if arguments.command == "rotate-key":
        key = credential_keys.rotate(settings)
        print(f"New current key {key.kid}; new credentials are signed with it, and the older "
              "keys stay in /.well-known/jwks.json.")
        return 0
    for position, key in enumerate(credential_keys.all_keys(settings)):
        print(f"{key.kid}{'  (current)' if position == 0 else ''}")
    return 0
