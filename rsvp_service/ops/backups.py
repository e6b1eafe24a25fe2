"""`backup DEST` and `restore SRC`: a consistent copy of the database while the service runs
(SQLite's online backup API, or pg_dump), and putting one back while the service is stopped.

A running service is recognised by its lock: `serve`, each of its web workers and `worker` hold
a shared flock on VAR_DIR/serving.lock for as long as they run, and the kernel lets go of it when
they exit, even when killed, so unlike a pid file it cannot go stale. On PostgreSQL, where web
processes may run on other machines, a restore also refuses while any other session is connected
to the database.

Mail that was waiting to be sent when the backup was taken may have gone out since, so a restore
holds it for an operator (`outbox held`, then `outbox release` or `outbox discard`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import fcntl
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit

from rsvp_service.i18n import N_
from rsvp_service.settings import Settings, settings_or_exit

SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"
BACKUP_NAME = re.compile(r"^civicstl-\d{8}-\d{6}\.(sqlite3|pgdump)$")
RESTORED_MAIL = N_(
    "It was waiting to be sent when the backup was taken (restored {when} UTC) and "
    "may have gone out since. `outbox release ID` sends it again (same Message-ID), "
    "`outbox discard ID` forgets it.")


class BackupError(Exception):
    """A backup or restore that did not happen; the message says why in one sentence."""


@contextlib.contextmanager
def serving_lock(settings: Settings) -> Iterator[None]:
    """Hold VAR_DIR/serving.lock (shared) while this process serves, so restore can tell."""
    settings.var_dir.mkdir(parents=True, exist_ok=True)
    fd = os.open(settings.var_dir / "serving.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)


def backup(settings: Settings, dest: Path) -> Path:
    """Copy the database to DEST (a file, or a folder that keeps BACKUP_KEEP dated copies)."""
    folder = dest.is_dir()
    if folder:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        suffix = "sqlite3" if settings.is_sqlite else "pgdump"
        target = dest / f"civicstl-{stamp}.{suffix}"
    else:
        target = dest
    partial = target.with_name(target.name + ".partial")
    if not settings.is_sqlite:
        _check_pg_dump_version(settings.database_url)
    try:
        _create_private(partial)
        if settings.is_sqlite:
            _sqlite_backup(_sqlite_path(settings), partial)
        else:
            _pg_dump(settings.database_url, partial)
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        partial.replace(target)
    except (OSError, sqlite3.Error, BackupError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise BackupError(
            f"The backup could not be written to {dest}: {_reason(exc)}; "
            "free some space or choose a writable place and run it again."
        ) from None
    if folder:
        _prune(dest, settings.backup_keep)
    return target


def restore(settings: Settings, source: Path) -> int:
    """Replace the database's contents with a backup; refuse while the service runs.

    Return how many emails waiting in the backup are now held for an operator.
    """
    try:
        header = source.read_bytes()[:16] if source.is_file() else b""
    except OSError as exc:
        raise BackupError(f"The backup {source} cannot be read: {_reason(exc)}.") from None
    expected = SQLITE_HEADER if settings.is_sqlite else PG_DUMP_HEADER
    if not header.startswith(expected):
        kind = "a SQLite backup" if settings.is_sqlite else "a pg_dump backup"
        raise BackupError(
            f"{source} is not {kind}, which is what DATABASE_URL needs; "
            "pass a file that `python -m rsvp_service backup` wrote for this database."
        )
    _refuse_if_serving(settings)
    if settings.is_sqlite:
        _sqlite_restore(source, _sqlite_path(settings))
    else:
        _pg_restore(settings.database_url, source)
    return asyncio.run(_hold_restored_mail(settings))


async def _hold_restored_mail(settings: Settings) -> int:
    # Through the models, once the restored copy is migrated to this version's schema; imported
    # here so that a backup does not load the ORM.
    from rsvp_service.db.connection import close_database, open_database
    from rsvp_service.mail.cli import hold_pending

    database = await open_database(settings)
    try:
        when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M")
        return await hold_pending(RESTORED_MAIL.format(when=when))
    finally:
        await close_database(database)


def _create_private(path: Path) -> None:
    """Create PATH empty, readable by its owner only, and its missing folders likewise.

    A backup holds password hashes, phone numbers and guardians' addresses. Created with this
    mode from the start, whatever the umask, it is never readable by others, not even while it
    is written; SQLite and pg_dump then write into the file as it is.
    """
    missing = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    for folder in reversed(missing):
        folder.mkdir(mode=0o700)  # the umask can only take bits away from these modes
    path.unlink(missing_ok=True)  # a .partial an interrupted backup left
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600))


def _refuse_if_serving(settings: Settings) -> None:
    lock = settings.var_dir / "serving.lock"
    if lock.exists():
        fd = os.open(lock, os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BackupError(
                "The service is running (it holds VAR_DIR/serving.lock); stop the web "
                "processes and the worker, then restore."
            ) from None
        finally:
            os.close(fd)
    if not settings.is_sqlite:
        sessions = _psql(settings.database_url, "SELECT count(*) FROM pg_stat_activity "
                         "WHERE datname = current_database() AND pid <> pg_backend_pid()")
        if int(sessions) > 0:
            raise BackupError(
                f"{sessions} other sessions are connected to the database, so the service may "
                "be running elsewhere; stop every web process and worker, then restore."
            )


def _sqlite_path(settings: Settings) -> Path:
    return Path(settings.database_url.removeprefix("sqlite://").split("?", 1)[0])


def _sqlite_backup(database: Path, target: Path) -> None:
    if not database.is_file():
        raise BackupError(f"there is no database at {database}")
    _sqlite_copy(database, target)


def _sqlite_restore(source: Path, database: Path) -> None:
    database.parent.mkdir(parents=True, exist_ok=True)
    _sqlite_copy(source, database)


def _sqlite_copy(source: Path, target: Path) -> None:
    """Copy a SQLite database over another with SQLite's online backup."""
    with contextlib.closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=10)) as \
            reader, contextlib.closing(sqlite3.connect(target)) as writer:
        # One step (pages=-1): the whole copy reads one snapshot, however busy the writers.
        reader.backup(writer)


def _libpq_env(database_url: str) -> dict[str, str]:
    # Through the environment, so the password never shows in `ps`.
    parts = urlsplit(database_url)
    values = {
        "PGHOST": parts.hostname or "", "PGPORT": str(parts.port or 5432),
        "PGUSER": unquote(parts.username or ""), "PGPASSWORD": unquote(parts.password or ""),
        "PGDATABASE": unquote(parts.path.lstrip("/")),
    }
    return {**os.environ, **{key: value for key, value in values.items() if value}}


def _run(command: list[str], database_url: str) -> str:
    try:
        done = subprocess.run(command, env=_libpq_env(database_url), capture_output=True,  # noqa: S603
                              text=True, check=False)
    except FileNotFoundError:
        message = f"{command[0]} is not installed (apt-get install postgresql-client)"
        raise BackupError(message) from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        raise BackupError(lines[-1].removeprefix(f"{command[0]}: ") if lines else command[0])
    return done.stdout.strip()


def _psql(database_url: str, sql: str) -> str:
    return _run(["psql", "-X", "-At", "-c", sql], database_url)


def _check_pg_dump_version(database_url: str) -> None:
    # "pg_dump (PostgreSQL) 15.20 (Debian ...)": an older pg_dump cannot read a newer server.
    found = re.search(r"\)\s*(\d+)", _run(["pg_dump", "--version"], database_url))
    client = int(found.group(1)) if found else 0
    server = int(_psql(database_url, "SHOW server_version_num")) // 10000
    if client < server:
        raise BackupError(f"pg_dump {client} is older than the PostgreSQL {server} server; "
                          f"install postgresql-client-{server} and run the backup again.")


def _pg_dump(database_url: str, target: Path) -> None:
    # pg_dump reads every table in one repeatable-read snapshot: a consistent copy.
    _run(["pg_dump", "--format=custom", "--no-owner", f"--file={target}"], database_url)


def _pg_restore(database_url: str, source: Path) -> None:
    database = unquote(urlsplit(database_url).path.lstrip("/"))
    _run(["pg_restore", "--clean", "--if-exists", "--no-owner", "--no-privileges",
          "--single-transaction", "--exit-on-error", f"--dbname={database}", str(source)],
         database_url)


def _prune(folder: Path, keep: int) -> None:
    copies = sorted(p for p in folder.iterdir() if BACKUP_NAME.match(p.name))
    for old in copies[:-keep]:
        old.unlink()


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text.rstrip(".")


def main(argv: list[str]) -> int:
    """`backup DEST` or `restore SRC`; print one sentence and return 1 when it fails."""
    parser = argparse.ArgumentParser(prog="python -m rsvp_service", description=__doc__)
    parser.add_argument("command", choices=["backup", "restore"])
    parser.add_argument("path", type=Path, help="backup: file or folder; restore: a backup file")
    args = parser.parse_args(argv)
    settings = settings_or_exit()
    try:
        if args.command == "backup":
            print(f"Backed up the database to {backup(settings, args.path)}.")
        else:
            held = restore(settings, args.path)
            print(f"Restored the database from {args.path}; start the service now.")
            if held:
                print(f"{held} email(s) were waiting to be sent at backup time and may have gone "
                      "out since: they are held until you decide (`outbox held` lists them, "
                      "`outbox release` or `outbox discard` settles them).")
    except BackupError as exc:
        print(f"rsvp_service: {exc}", file=sys.stderr)
        return 1
    return 0
