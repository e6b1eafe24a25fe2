"""A database the service cannot write stops `python -m rsvp_service` at once with one line
naming the database and what to do, before any migration (which used to wait forever)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest
from service_testkit import ROOT, TEST_DATABASE_URL, service_env

from tests.ports import free_port

# Only a hang guard: a start that fails as it should ends in about a second.
HANG = 60.0


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make a file or folder read-only for this process, root included (root ignores modes,
    not the immutable attribute)."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(path)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)


def start(database_url: str, events_file: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    """Run `python -m rsvp_service` (serve) on the database; return how it ended."""
    env = service_env(port=free_port(), database_url=database_url, events_file=events_file,
                      var_dir=tmp_path / "var", smtp_port=free_port())
    return subprocess.run(
        [sys.executable, "-m", "rsvp_service"], cwd=ROOT, capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env}, timeout=HANG, check=False,
    )


def assert_one_line(ended: subprocess.CompletedProcess, where: str) -> None:
    lines = (ended.stdout + ended.stderr).splitlines()
    assert ended.returncode == 1
    assert lines == [lines[0]]
    assert lines[0].startswith(f"rsvp_service: The database {where} (DATABASE_URL) cannot be "
                               "written: ")
    assert lines[0].endswith(" and start again.")


def test_a_read_only_sqlite_file_stops_start_up_with_one_line(
    events_file: Path, tmp_path: Path
) -> None:
    database = tmp_path / "civicstl.sqlite3"
    database.touch()  # an empty database: every migration is still to run
    with read_only(database):
        ended = start(f"sqlite://{database}", events_file, tmp_path)

    assert_one_line(ended, str(database))
    assert "readonly database" in ended.stderr


def test_a_read_only_sqlite_folder_stops_start_up_with_one_line(
    events_file: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    with read_only(folder):
        ended = start(f"sqlite://{folder / 'civicstl.sqlite3'}", events_file, tmp_path)

    assert_one_line(ended, str(folder / "civicstl.sqlite3"))
    assert "unable to open database file" in ended.stderr


@pytest.fixture
def read_only_postgres() -> Iterator[str]:
    """A fresh PostgreSQL database whose transactions are read-only by default."""
    name = f"civicstl_read_only_{os.getpid()}"

    async def run(*statements: str) -> None:
        connection = await asyncpg.connect(TEST_DATABASE_URL)
        try:
            for statement in statements:
                await connection.execute(statement)
        finally:
            await connection.close()

    asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"',
                    f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    yield urlunsplit(urlsplit(TEST_DATABASE_URL)._replace(path=f"/{name}"))
    asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.mark.postgres
def test_a_read_only_postgres_database_stops_start_up_with_one_line(
    read_only_postgres: str, events_file: Path, tmp_path: Path
) -> None:
    ended = start(read_only_postgres, events_file, tmp_path)

    url = urlsplit(read_only_postgres)
    assert_one_line(ended, f"{url.path.lstrip('/')} on {url.hostname}:{url.port or 5432}")
    assert "read-only" in ended.stderr
