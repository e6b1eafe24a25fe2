"""deploy/release.sh for real: two web processes and a worker behind deploy/Caddyfile; a release
whose migration fails leaves the old release serving.

systemd is not running here, so `systemctl restart UNIT` is a small script doing what systemd
does for these units: SIGTERM the running process, wait for it to exit, start it again from
/srv/civicstl/current (here tmp_path/srv/current)."""

from __future__ import annotations

import asyncio
import os
import signal
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from conftest import SmtpServer, free_port
from service_testkit import (
    GUEST_SLOT,
    ROOT,
    empty_rsvp_tables,
    service_env,
)
from test_deploy_caddy import NAME, LoopbackName, wait_for_port
from test_rsvp_api import rsvp

FAKE_SYSTEMCTL = """#!/usr/bin/env bash
# fake `systemctl restart civicstl-web@PORT|civicstl-worker`
set -euo pipefail
unit=${!#}
pidfile="$RUN/$unit.pid"
if [ "$1" = is-active ]; then
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
  exit
fi
if [ -f "$pidfile" ]; then
  pid=$(cat "$pidfile")
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
fi
case $unit in
  civicstl-web@*) port=${unit#civicstl-web@}; command="serve --no-worker" ;;
  civicstl-worker) port=0; command=worker ;;
esac
cd "$ROOT_DIR/current"
set -a; . "$ENV_FILE"; set +a
PORT=$port setsid .venv/bin/python -m rsvp_service $command >>"$RUN/$unit.log" 2>&1 &
echo $! >"$pidfile"
"""


@dataclass
class Server:
    """A fake server's folders and the environment release.sh runs with."""

    root: Path
    run: Path
    env: dict[str, str]
    database_url: str
    ports: list[int]

    def release(self, ref: str = "HEAD") -> subprocess.CompletedProcess[str]:
        """Run deploy/release.sh REF."""
        return subprocess.run(["bash", str(ROOT / "deploy" / "release.sh"), ref],
                              env=self.env, capture_output=True, text=True, timeout=300,
                              check=False)

    def start(self) -> None:
        """Start the web processes and the worker, as `systemctl enable --now` does."""
        systemctl = self.env["CIVICSTL_SYSTEMCTL"]
        for unit in [*(f"civicstl-web@{port}" for port in self.ports), "civicstl-worker"]:
            subprocess.run([systemctl, "restart", unit], env=self.env, check=True)
            if unit != "civicstl-worker":  # one at a time: SQLite migrations are not serialised
                for _ in range(600):
                    try:
                        httpx.get(f"http://127.0.0.1:{unit.rsplit('@', 1)[1]}/api/config")
                        break
                    except httpx.TransportError:
                        time.sleep(0.1)

    def stop(self) -> None:
        """Stop every process the fake systemctl started."""
        for pidfile in self.run.glob("*.pid"):
            pid = int(pidfile.read_text())
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
            for _ in range(300):
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                time.sleep(0.05)


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
    ports = [free_port(), free_port()]
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
        "CIVICSTL_WEB_PORTS": " ".join(map(str, ports)), "CIVICSTL_AS": "",
        # The checkout's virtualenv stands in for `make install build` (the events file and
        # the site are the tests' own).
        "CIVICSTL_BUILD": f"ln -s {ROOT / '.venv'} .venv", "CIVICSTL_SYSTEMCTL": str(systemctl),
        "RUN": str(run), "ROOT_DIR": str(root), "ENV_FILE": str(env_file),
    }
    server = Server(root, run, env, process_db_url, ports)
    try:
        yield server
    finally:
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
        wait_for_port(https_port, process, log)
        yield f"https://{NAME}:{https_port}"
    finally:
        process.terminate()
        process.wait(timeout=15)


def https_client(url: str, tmp_path: Path) -> httpx.AsyncClient:
    """A client trusting the tests' Caddy CA."""
    root_ca = tmp_path / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
    context = ssl.create_default_context(cafile=str(root_ca))
    return httpx.AsyncClient(transport=LoopbackName(verify=context), base_url=url, timeout=60)


def push_broken_migration(server: Server, tmp_path: Path) -> None:
    """Push branch `broken`: this code plus a migration that fails."""
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "--quiet", str(server.root / "repo.git"), str(work)],
                   check=True)
    latest = sorted(p.stem for p in (work / "rsvp_service" / "migrations").glob("0*.py"))[-1]
    (work / "rsvp_service" / "migrations" / "9999_broken.py").write_text(
        "from tortoise import migrations\nfrom tortoise.migrations import operations as ops\n\n\n"
        "async def fail(apps, schema_editor):\n    raise RuntimeError('broken on purpose')\n\n\n"
        "class Migration(migrations.Migration):\n"
        f"    dependencies = [('models', '{latest}')]\n"
        "    operations = [ops.RunPython(fail)]\n", encoding="utf-8")
    git = ["git", "-C", str(work), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "add", "rsvp_service/migrations/9999_broken.py"], check=True)
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
