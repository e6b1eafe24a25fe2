"""deploy/release.sh for real: two web processes and a worker behind deploy/Caddyfile; RSVPs sent
all through a release are every one answered and stored, and a release whose migration fails
leaves the old release serving.

systemd is not running here, so `systemctl restart UNIT` is a small script asking the test to do
what systemd does for these units: hold each web port's listening socket (civicstl-web@.socket),
SIGTERM the running process, wait for it to exit, start it again from /srv/civicstl/current
(here tmp_path/srv/current) with the socket as fd 3."""

from __future__ import annotations

import asyncio
import os
import socket
import ssl
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from deploy_testkit import NAME, LoopbackName, wait_for_https
from mail_testkit import SmtpServer
from service_testkit import (
    GUEST_SLOT,
    ROOT,
    empty_rsvp_tables,
    query_rows,
    rsvp,
    service_env,
)

from tests.ports import free_port

FAKE_SYSTEMCTL = """#!/usr/bin/env bash
# fake `systemctl is-active|restart UNIT`: asks the test's supervisor thread to restart UNIT.
set -euo pipefail
unit=${!#}
if [ "$1" = is-active ]; then
  grep -qx "$unit" "$RUN/active" 2>/dev/null
  exit
fi
echo "$unit" >"$RUN/control"
read -r answer <"$RUN/ack"
[ "$answer" = ok ]
"""


@dataclass
class Server:
    """A fake server: its folders, the listening sockets systemd would hold, its processes."""

    root: Path
    run: Path
    env: dict[str, str]
    service_env: dict[str, str]
    database_url: str
    sockets: dict[int, socket.socket]
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    @property
    def ports(self) -> list[int]:
        """The web processes' ports."""
        return list(self.sockets)

    def release(self, ref: str = "HEAD") -> subprocess.CompletedProcess[str]:
        """Run deploy/release.sh REF."""
        return subprocess.run(["bash", str(ROOT / "deploy" / "release.sh"), ref],
                              env=self.env, capture_output=True, text=True, timeout=300,
                              check=False)

    def restart(self, unit: str) -> None:
        """What systemd does for `restart UNIT`: SIGTERM, wait, start from current/."""
        old = self.processes.pop(unit, None)
        if old is not None:
            old.terminate()
            old.wait(timeout=60)
        command = "exec .venv/bin/python -m rsvp_service worker"
        pass_fds: tuple[int, ...] = ()
        env = {**os.environ, **self.service_env, "PORT": "0"}
        if unit.startswith("civicstl-web@"):
            port = int(unit.rsplit("@", 1)[1])
            fd = self.sockets[port].fileno()
            # Socket activation: the socket as fd 3, LISTEN_FDS/LISTEN_PID as systemd sets them.
            command = (f"exec 3<&{fd} {fd}<&-; export LISTEN_FDS=1 LISTEN_PID=$$; "
                       "exec .venv/bin/python -m rsvp_service serve --no-worker")
            pass_fds, env["PORT"] = (fd,), str(port)
        with (self.run / f"{unit}.log").open("ab") as log:
            self.processes[unit] = subprocess.Popen(
                ["bash", "-c", command], cwd=self.root / "current", env=env, pass_fds=pass_fds,
                stdout=log, stderr=subprocess.STDOUT)
        (self.run / "active").write_text("".join(f"{u}\n" for u in self.processes), "utf-8")

    def supervise(self) -> None:
        """Serve the fake systemctl's requests until told to stop."""
        while (unit := (self.run / "control").read_text(encoding="utf-8").strip()) != "stop":
            self.restart(unit)
            (self.run / "ack").write_text("ok\n", encoding="utf-8")

    def start(self) -> None:
        """Start the web processes and the worker, as `systemctl enable --now` does."""
        for port in self.ports:
            self.restart(f"civicstl-web@{port}")
            # One at a time: only PostgreSQL serialises two processes' migrations.
            httpx.get(f"http://127.0.0.1:{port}/api/config", timeout=60)
        self.restart("civicstl-worker")

    def stop(self) -> None:
        """Stop every process and close the sockets."""
        for process in self.processes.values():
            process.terminate()
            process.wait(timeout=60)
        for sock in self.sockets.values():
            sock.close()


@pytest.fixture
def server(process_db_url: str, events_file: Path, smtp_server: SmtpServer,
           tmp_path: Path) -> Iterator[Server]:
    """/srv/civicstl in tmp_path: a bare repository of this checkout's HEAD, an env file."""
    asyncio.run(empty_rsvp_tables(process_db_url))
    root, run = tmp_path / "srv", tmp_path / "run"
    (root / "var").mkdir(parents=True)
    run.mkdir()
    subprocess.run(["git", "clone", "--quiet", "--bare", str(ROOT), str(root / "repo.git")],
                   check=True)
    sockets = {}
    for _ in range(2):
        sock = socket.create_server(("127.0.0.1", 0), backlog=1024)
        sockets[sock.getsockname()[1]] = sock
    values = service_env(port=0, database_url=process_db_url, events_file=events_file,
                         var_dir=root / "var", smtp_port=smtp_server.port)
    values |= {"FORWARDED_ALLOW_IPS": "127.0.0.1", "BACKGROUND_TASKS": "separate"}
    env_file = tmp_path / "civicstl.env"
    env_file.write_text("".join(f"{k}='{v}'\n" for k, v in values.items()), encoding="utf-8")
    systemctl = tmp_path / "systemctl"
    systemctl.write_text(FAKE_SYSTEMCTL, encoding="utf-8")
    systemctl.chmod(0o755)
    env = {
        **os.environ, "CIVICSTL_ROOT": str(root), "CIVICSTL_ENV_FILE": str(env_file),
        "CIVICSTL_WEB_PORTS": " ".join(map(str, sockets)), "CIVICSTL_AS": "",
        # The checkout's virtualenv stands in for `make install build` (the events file and
        # the site are the tests' own).
        "CIVICSTL_BUILD": f"ln -s {ROOT / '.venv'} .venv", "CIVICSTL_SYSTEMCTL": str(systemctl),
        "RUN": str(run),
    }
    os.mkfifo(run / "control")
    os.mkfifo(run / "ack")
    server = Server(root, run, env, values, process_db_url, sockets)
    supervisor = threading.Thread(target=server.supervise)
    supervisor.start()
    try:
        yield server
    finally:
        (run / "control").write_text("stop\n", encoding="utf-8")
        supervisor.join()
        server.stop()


@pytest.fixture
def caddy(server: Server, tmp_path: Path) -> Iterator[str]:
    """deploy/Caddyfile in front of both web ports; yields the site's https URL."""
    https_port = free_port()
    caddy_env = {
        **os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"), "CIVICSTL_DOMAIN": NAME,
        "CIVICSTL_HTTP_PORT": str(free_port()), "CIVICSTL_HTTPS_PORT": str(https_port),
        "CIVICSTL_CADDY_ADMIN": f"localhost:{free_port()}",
        "CIVICSTL_UPSTREAMS": " ".join(f"127.0.0.1:{port}" for port in server.ports),
    }
    log = tmp_path / "caddy.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            ["caddy", "run", "--config", str(ROOT / "deploy" / "Caddyfile"),
             "--adapter", "caddyfile"], env=caddy_env, stdout=output, stderr=subprocess.STDOUT)
    try:
        root_ca = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
        wait_for_https(https_port, root_ca, process, log)
        yield f"https://{NAME}:{https_port}"
    finally:
        process.terminate()
        process.wait(timeout=15)


def https_client(url: str, tmp_path: Path) -> httpx.AsyncClient:
    """A client trusting the tests' Caddy CA."""
    root_ca = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    context = ssl.create_default_context(cafile=str(root_ca))
    return httpx.AsyncClient(transport=LoopbackName(verify=context), base_url=url, timeout=60)


async def test_rsvps_sent_through_a_release_are_all_answered_and_stored(
    server: Server, caddy: str, tmp_path: Path
) -> None:
    first = await asyncio.to_thread(server.release)
    assert first.returncode == 0, first.stderr
    await asyncio.to_thread(server.start)
    answers: list[tuple[str, int]] = []
    stop = asyncio.Event()

    async def lane(http: httpx.AsyncClient, n: int) -> None:
        i = 0
        while not stop.is_set():
            email = f"release{n}-{i}@example.org"
            answer = await http.post("/api/rsvp", json=rsvp(GUEST_SLOT, email=email))
            answers.append((email, answer.status_code))
            i += 1

    async with https_client(caddy, tmp_path) as http:
        lanes = [asyncio.create_task(lane(http, n)) for n in range(4)]
        second = await asyncio.to_thread(server.release)
        stop.set()
        await asyncio.gather(*lanes)

    assert second.returncode == 0, second.stderr
    assert second.stderr.count("serves the new release") == 2  # both web processes restarted
    failed = [answer for answer in answers if answer[1] != 201]
    assert failed == [], f"{len(failed)} of {len(answers)} not answered 201: {failed[:5]}"
    assert len(answers) > 20
    rows = await query_rows(server.database_url, "SELECT email FROM rsvp")
    assert sorted(email for email, in rows) == sorted(email for email, _ in answers)


def push_broken_migration(server: Server, tmp_path: Path) -> None:
    """Push branch `broken`: this code plus a migration that fails."""
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "--quiet", str(server.root / "repo.git"), str(work)],
                   check=True)
    migrations = work / "rsvp_service" / "db" / "migrations"
    latest = sorted(p.stem for p in migrations.glob("0*.py"))[-1]
    (migrations / "9999_broken.py").write_text(
        "from tortoise import migrations\nfrom tortoise.migrations import operations as ops\n\n\n"
        "async def fail(apps, schema_editor):\n    raise RuntimeError('broken on purpose')\n\n\n"
        "class Migration(migrations.Migration):\n"
        f"    dependencies = [('models', '{latest}')]\n"
        "    operations = [ops.RunPython(fail)]\n", encoding="utf-8")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "add", "rsvp_service/db/migrations/9999_broken.py"], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "broken migration"], check=True)
    subprocess.run([*git, "push", "--quiet", "origin", "HEAD:refs/heads/broken"], check=True)


async def test_a_release_whose_migration_fails_leaves_the_old_release_serving(
    server: Server, caddy: str, tmp_path: Path
) -> None:
    first = await asyncio.to_thread(server.release)
    assert first.returncode == 0, first.stderr
    await asyncio.to_thread(server.start)
    serving = (server.root / "current").resolve()
    await asyncio.to_thread(push_broken_migration, server, tmp_path)

    failed = await asyncio.to_thread(server.release, "broken")
    async with https_client(caddy, tmp_path) as http:
        answer = await http.post("/api/rsvp", json=rsvp(GUEST_SLOT))

    assert failed.returncode == 1
    assert "the migrations failed" in failed.stderr
    assert f"{serving} is still serving" in failed.stderr
    assert (server.root / "current").resolve() == serving
    assert answer.status_code == 201
