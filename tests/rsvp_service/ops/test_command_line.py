"""`python -m rsvp_service --help` lists every command the dispatcher runs, and each listed
command answers its own `--help`: what an operator reads is what the program does."""

from __future__ import annotations

import re

import pytest
from service_testkit import run_command

from rsvp_service.__main__ import COMMANDS

LISTED = re.compile(r"^  ([a-z]+) +\S", re.MULTILINE)
# Each command's own parser names it in its usage line (serve's parser runs three of them).
OWN_USAGE = {"serve": "{serve,migrate,worker}", "migrate": "{serve,migrate,worker}",
             "worker": "{serve,migrate,worker}", "outbox": "rsvp_service outbox",
             "roles": "rsvp_service roles", "backup": "{backup,restore}",
             "restore": "{backup,restore}", "openapi": "rsvp_service openapi",
             "secret": "rsvp_service secret", "credentials": "rsvp_service credentials"}


def test_help_lists_every_command_and_nothing_else() -> None:
    done = run_command({}, "--help")

    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: python -m rsvp_service [COMMAND]")
    assert LISTED.findall(done.stdout) == list(COMMANDS)
    assert set(COMMANDS) == set(OWN_USAGE)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_each_listed_command_is_run_by_the_dispatcher(command: str) -> None:
    done = run_command({}, command, "--help")

    assert done.returncode == 0, done.stderr
    usage = done.stdout.split("\n\n", 1)[0]
    assert usage.startswith("usage: python -m rsvp_service") and OWN_USAGE[command] in usage


def test_a_command_that_does_not_exist_is_refused_with_the_list() -> None:
    done = run_command({}, "secrets")

    assert done.returncode == 1
    assert done.stderr.strip() == (
        "rsvp_service: there is no command 'secrets'; the commands are serve, migrate, worker, "
        "outbox, roles, backup, restore, openapi, secret, credentials (`python -m rsvp_service "
        "--help` says what each does).")
