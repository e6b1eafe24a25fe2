"""`python -m rsvp_service backup` / `restore` against a running service (real uvicorn process):
a backup during a burst of RSVPs holds every RSVP acknowledged before it started, a failed backup
leaves the service serving, and a restore onto a running service is refused."""

from __future__ import annotations

import asyncio
import os
import resource
import signal
import stat
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from mail_testkit import SmtpServer
from service_testkit import (
    GUEST_SLOT,
    ServiceProcess,
    empty_rsvp_tables,
    new_postgres_database,
    query_rows,
    rsvp,
    run_command,
    service_env,
)

from tests.ports import free_port


@pytest.fixture
def env(process_db_url: str, events_file: Path, smtp_server: SmtpServer,
        tmp_path: Path) -> dict[str, str]:
    """The environment of the service under test (and of the backup commands run beside it)."""
    asyncio.run(empty_rsvp_tables(process_db_url))
    return service_env(port=free_port(), database_url=process_db_url, events_file=events_file,
                       var_dir=tmp_path / "var", smtp_port=smtp_server.port)


@pytest.fixture
def service(env: dict[str, str], tmp_path: Path) -> Iterator[ServiceProcess]:
    """The service, running."""
    process = ServiceProcess(env, log_path=tmp_path / "service.log")
    process.wait_ready()
    yield process
    process.stop()


@pytest.fixture
async def fresh_url(process_db_url: str, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database of the same kind to restore into."""
    if process_db_url.startswith("sqlite://"):
        yield f"sqlite://{tmp_path / 'restored' / 'civicstl.sqlite3'}"
        return
    async with new_postgres_database("civicstl_restore") as url:
        yield url


def _limit_file_size() -> None:
    # A destination that fills up after 1 KiB: writes past it fail with EFBIG, as on a full disk.
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


async def test_a_backup_during_a_burst_holds_every_rsvp_acknowledged_before_it(
    env: dict[str, str], service: ServiceProcess, fresh_url: str, tmp_path: Path
) -> None:
    acknowledged: list[str] = []
    stop, started = asyncio.Event(), asyncio.Event()

    async def burst(http: httpx.AsyncClient, lane: int) -> None:
        n = 0
        while not stop.is_set():
            email = f"burst{lane}-{n}@example.org"
            answer = await http.post(f"{service.base_url}/api/rsvp",
                                     json=rsvp(GUEST_SLOT, email=email))
            assert answer.status_code == 201, answer.text
            acknowledged.append(email)
            if len(acknowledged) >= 20:
                started.set()
            n += 1

    async with httpx.AsyncClient(timeout=30) as http:
        lanes = [asyncio.create_task(burst(http, lane)) for lane in range(4)]
        await started.wait()
        before = list(acknowledged)
        done = await asyncio.to_thread(run_command, env, "backup", str(tmp_path))
        during = len(acknowledged) - len(before)
        stop.set()
        await asyncio.gather(*lanes)

    assert done.returncode == 0, done.stderr
    assert during > 0  # the RSVPs kept coming while the backup ran
    copies = [p for p in os.scandir(tmp_path) if p.name.startswith("civicstl-")]
    assert len(copies) == 1
    # A new machine's service: its own VAR_DIR and database.
    fresh = {**env, "DATABASE_URL": fresh_url, "VAR_DIR": str(tmp_path / "fresh-var")}
    restored = run_command(fresh, "restore", copies[0].path)
    assert restored.returncode == 0, restored.stderr
    rows = {email for email, in await query_rows(fresh_url, "SELECT email FROM rsvp")}
    assert set(before) <= rows
    assert rows <= set(acknowledged)


def test_a_backup_folder_keeps_backup_keep_copies(
    env: dict[str, str], service: ServiceProcess, tmp_path: Path
) -> None:
    folder = tmp_path / "nightly"
    folder.mkdir()
    for stamp in ("20250101-000000", "20250102-000000", "20250103-000000"):
        (folder / f"civicstl-{stamp}.sqlite3").write_bytes(b"old")
        (folder / f"civicstl-{stamp}.pgdump").write_bytes(b"old")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")

    done = run_command({**env, "BACKUP_KEEP": "2"}, "backup", str(folder))

    assert done.returncode == 0, done.stderr
    names = sorted(p.name for p in folder.iterdir())
    assert names[-1] == "notes.txt"
    kept = names[:-1]
    assert len(kept) == 2
    assert kept[0] == "civicstl-20250103-000000.sqlite3"
    assert kept[1].startswith("civicstl-2")
    assert (folder / kept[1]).stat().st_size > 1000


def _permissive_umask() -> None:
    # What a shell gives by default: files 0644 and folders 0755, readable by every user.
    os.umask(0o022)


def test_backups_are_readable_by_their_owner_only_even_under_a_permissive_umask(
    env: dict[str, str], service: ServiceProcess, tmp_path: Path
) -> None:
    # Another user on the machine must not read password hashes, phones, guardians' addresses.
    nightly = tmp_path / "nightly"
    nightly.mkdir(mode=0o700)  # as deploy/README.md creates it
    into_folder = run_command(env, "backup", str(nightly), preexec_fn=_permissive_umask)
    # A file in folders the command creates itself.
    named = tmp_path / "made" / "by-backup" / "copy"
    to_file = run_command(env, "backup", str(named), preexec_fn=_permissive_umask)

    assert into_folder.returncode == 0, into_folder.stderr
    [dated] = nightly.iterdir()
    assert dated.stat().st_size > 1000  # a real copy, not an empty file
    assert stat.S_IMODE(dated.stat().st_mode) == 0o600
    assert to_file.returncode == 0, to_file.stderr
    assert stat.S_IMODE(named.stat().st_mode) == 0o600
    assert stat.S_IMODE(named.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE(named.parent.parent.stat().st_mode) == 0o700
    assert sorted(p.name for p in named.parent.iterdir()) == ["copy"]  # no journal left


@pytest.mark.parametrize("full_disk", [False, True], ids=["unwritable", "full"])
def test_a_backup_that_cannot_be_written_fails_in_one_sentence_and_the_service_serves_on(
    env: dict[str, str], service: ServiceProcess, tmp_path: Path, full_disk: bool
) -> None:
    if full_disk:
        dest = tmp_path / "small"
        dest.mkdir()
    else:
        (tmp_path / "a-file").write_text("", encoding="utf-8")
        dest = tmp_path / "a-file" / "backup"

    done = run_command(env, "backup", str(dest),
                       preexec_fn=_limit_file_size if full_disk else None)

    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"rsvp_service: The backup could not be written to {dest}: ")
    assert lines[0].endswith("choose a writable place and run it again.")
    if full_disk:
        assert list(dest.iterdir()) == []  # no partial copy left behind
    answer = httpx.post(f"{service.base_url}/api/rsvp", json=rsvp(GUEST_SLOT), timeout=30)
    assert answer.status_code == 201


async def test_a_restore_onto_a_running_service_is_refused(
    env: dict[str, str], service: ServiceProcess, process_db_url: str, tmp_path: Path
) -> None:
    assert run_command(env, "backup", str(tmp_path / "copy")).returncode == 0
    async with httpx.AsyncClient(timeout=30) as http:
        answer = await http.post(f"{service.base_url}/api/rsvp", json=rsvp(GUEST_SLOT))
    assert answer.status_code == 201

    refused = run_command(env, "restore", str(tmp_path / "copy"))

    assert refused.returncode == 1
    assert "The service is running" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1
    rows = await query_rows(process_db_url, "SELECT email FROM rsvp")
    assert rows == [("ann@example.org",)]  # the RSVP made after the backup is still there


@pytest.mark.postgres
async def test_a_postgres_restore_is_refused_while_any_other_session_is_connected(
    postgres_url: str, events_file: Path, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    env = service_env(port=free_port(), database_url=postgres_url, events_file=events_file,
                      var_dir=tmp_path / "var", smtp_port=smtp_server.port)
    assert run_command(env, "backup", str(tmp_path / "copy")).returncode == 0
    # A web process on another machine: no lock in this VAR_DIR, but a session on the database.
    elsewhere = await asyncpg.connect(postgres_url)
    try:
        refused = run_command(env, "restore", str(tmp_path / "copy"))
    finally:
        await elsewhere.close()

    assert refused.returncode == 1
    assert "other sessions are connected to the database" in refused.stderr


def test_a_restore_of_the_wrong_kind_of_file_is_refused(
    env: dict[str, str], tmp_path: Path
) -> None:
    (tmp_path / "notes.txt").write_text("not a backup", encoding="utf-8")

    refused = run_command(env, "restore", str(tmp_path / "notes.txt"))

    assert refused.returncode == 1
    assert "is not a" in refused.stderr
    assert "pass a file that `python -m rsvp_service backup` wrote" in refused.stderr


async def test_mail_waiting_in_a_restored_backup_is_held_until_an_operator_decides(
    env: dict[str, str], fresh_url: str, smtp_server: SmtpServer, tmp_path: Path
) -> None:
    # The relay is unreachable while the RSVPs come in: their confirmations wait in the backup.
    down = {**env, "SMTP_PORT": str(free_port())}
    before = ServiceProcess(down, log_path=tmp_path / "before.log")
    before.wait_ready()
    try:
        emails = [f"waiting{n}@example.org" for n in range(3)]
        async with httpx.AsyncClient(timeout=30) as http:
            for email in emails:
                answer = await http.post(f"{before.base_url}/api/rsvp",
                                         json=rsvp(GUEST_SLOT, email=email))
                assert answer.status_code == 201
        assert run_command(env, "backup", str(tmp_path / "copy")).returncode == 0
    finally:
        before.stop()

    # One sender, which takes the oldest due mail first: held mail would go before new mail.
    fresh = {**env, "DATABASE_URL": fresh_url, "VAR_DIR": str(tmp_path / "fresh-var"),
             "PORT": str(free_port()), "MAIL_SENDERS": "1"}
    restored = run_command(fresh, "restore", str(tmp_path / "copy"))
    assert restored.returncode == 0, restored.stderr
    assert "3 email(s) were waiting to be sent at backup time" in restored.stdout
    after = ServiceProcess(fresh, log_path=tmp_path / "after.log")
    after.wait_ready()
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            answer = await http.post(f"{after.base_url}/api/rsvp",
                                     json=rsvp(GUEST_SLOT, email="new@example.org"))
        assert answer.status_code == 201
        await smtp_server.mailbox.wait_for(1)

        listing = run_command(fresh, "outbox", "held")
        assert "3 held message(s)." in listing.stdout
        assert "waiting to be sent when the backup was taken" in listing.stdout
        held = await query_rows(fresh_url, "SELECT id, recipient FROM mail_outbox "
                                "WHERE held_at IS NOT NULL ORDER BY id")
        assert {email for _, email in held} == set(emails)
        (kept_id, kept), *_ = held
        unknown = run_command(fresh, "outbox", "discard", str(kept_id), "999999")
        assert unknown.returncode == 1
        assert "No held message has the id #999999" in unknown.stderr
        assert run_command(fresh, "outbox", "release", str(kept_id)).returncode == 0
        assert run_command(fresh, "outbox", "discard", "--all").returncode == 0
        await smtp_server.mailbox.wait_for(2)
        assert "0 held message(s)." in run_command(fresh, "outbox", "held").stdout
    finally:
        after.stop()

    received = [rcpt for _, rcpts in smtp_server.mailbox.envelopes for rcpt in rcpts]
    assert received == ["new@example.org", str(kept)]
    assert await query_rows(fresh_url, "SELECT id FROM mail_outbox WHERE sent_at IS NULL") == []
