"""The web editor's harness: a git copy of content/, decap-server on it, and /admin to serve.

Never the real content/: each journey edits a temporary repository, committed once as `main`
and reset to that commit before every test. decap-server runs behind its guard
(admin/local-backend.mjs, as `make admin` runs it) in git mode, as the editorial workflow needs:
a save is a commit on a `cms/<collection>/<slug>` branch (the pull request on GitHub), and
publishing merges it into `main`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.helpers import BUILD_SITE, ROOT, Server

DECAP_SERVER = ROOT / "admin" / "node_modules" / "decap-server"
LOCAL_BACKEND = ROOT / "admin" / "local-backend.mjs"
START_SECONDS = 30
# decap-server commits as whoever git says; a CI machine may have no identity configured.
GIT_IDENTITY = {"user.name": "CivicSTL editor test", "user.email": "editor-test@example.org",
                "commit.gpgsign": "false"}


def _clean_env() -> dict[str, str]:
    """The environment without git's variables, which could point git at another repository."""
    return {key: value for key, value in os.environ.items() if not key.startswith("GIT_")}


def git(repo: Path, *args: str) -> str:
    """Run git in `repo` and return its output (a failure fails the test with git's words)."""
    result = subprocess.run(["git", *args], cwd=repo, env=_clean_env(), capture_output=True,
                            text=True, timeout=60, check=False)
    if result.returncode != 0:
        pytest.fail(f"git {' '.join(args)} failed in {repo}: {result.stderr}", pytrace=False)
    return result.stdout


def make_repository(folder: Path) -> Path:
    """A git repository holding a copy of content/, committed as the branch `main`."""
    repo = folder / "repo"
    shutil.copytree(ROOT / "content", repo / "content")
    git(repo, "init", "-q", "-b", "main")
    for key, value in GIT_IDENTITY.items():
        git(repo, "config", key, value)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "content as the test found it")
    return repo


def reset_repository(repo: Path) -> None:
    """Back to the first commit: no drafts (cms/ branches), no published changes."""
    git(repo, "checkout", "-q", "-f", "main")
    first = git(repo, "rev-list", "--max-parents=0", "HEAD").strip()
    git(repo, "reset", "-q", "--hard", first)
    git(repo, "clean", "-q", "-fdx")
    for branch in git(repo, "branch", "--format=%(refname:short)").split():
        if branch.startswith("cms/"):
            git(repo, "branch", "-q", "-D", branch)
            git(repo, "config", "--remove-section", f"branch.{branch}")


def admin_site(folder: Path, decap_port: int) -> Path:
    """A site folder with the built /admin, its config.yml made for decap-server on that port."""
    built = BUILD_SITE / "admin"
    if not (built / "index.html").exists():
        pytest.fail("build/site/admin is missing; run `make build`.", pytrace=False)
    site = folder / "site"
    shutil.copytree(built, site / "admin")
    subprocess.run(
        [sys.executable, "-m", "generator", "cms-config", "--content", str(ROOT / "content"),
         "--local-port", str(decap_port), "--out", str(site / "admin" / "config.yml")],
        cwd=ROOT, check=True, capture_output=True, timeout=120,
    )
    return site


@dataclass
class DecapServer:
    """A running decap-server, behind its guard, on one loopback port."""

    server: Server  # its name, URL and log, reported with the services' logs on failure
    port: int

    def stop(self) -> None:
        """Stop the process started for the tests."""
        process = self.server.process
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def start_decap_server(repo: Path, port: int, workdir: Path, site_origin: str,
                       mode: str = "git") -> DecapServer:
    """Start decap-server behind its guard on 127.0.0.1:`port` over `repo`, for the editor at
    `site_origin`/admin, and wait until it answers.

    Mode "git" has the editorial workflow (a draft branch per save); "fs" writes files
    straight into the folder, as `make admin` does.
    """
    if not DECAP_SERVER.exists():
        pytest.fail(f"{DECAP_SERVER} is missing; run `make install-dev`.", pytrace=False)
    url = f"http://127.0.0.1:{port}/api/v1"
    server = Server(name="decap-server", url=url, civic_now=None,
                    log_path=workdir / "decap-server.log")
    env = {**_clean_env(), "PORT": str(port), "SITE_ORIGIN": site_origin, "MODE": mode,
           "GIT_REPO_DIRECTORY": str(repo), "LOG_LEVEL": "info"}
    with server.log_path.open("ab") as log:
        # Its working directory holds no .env (decap-server reads one from there).
        server.process = subprocess.Popen(["node", str(LOCAL_BACKEND)], cwd=workdir, env=env,
                                          stdout=log, stderr=subprocess.STDOUT)
    decap = DecapServer(server, port)
    deadline = time.monotonic() + START_SECONDS
    request = urllib.request.Request(url, data=json.dumps({"action": "info"}).encode(),
                                     headers={"Content-Type": "application/json"})
    while True:
        try:
            with urllib.request.urlopen(request, timeout=2) as response:
                modes = json.loads(response.read())["publish_modes"]
                if ("editorial_workflow" in modes) == (mode == "git"):
                    return decap
        except (urllib.error.URLError, OSError, ValueError, KeyError):
            pass
        if server.process.poll() is not None or time.monotonic() > deadline:
            decap.stop()
            pytest.fail(f"decap-server did not answer on {url}:\n{server.log_tail()}",
                        pytrace=False)
        time.sleep(0.2)


@dataclass
class Editor:
    """The web editor under test: /admin on `server`, saving into `repo` through `decap`."""

    repo: Path
    decap: DecapServer
    server: Server


def check(content: Path) -> subprocess.CompletedProcess[str]:
    """`python -m generator check` on a content folder, as `make check` runs it."""
    return subprocess.run([sys.executable, "-m", "generator", "check", "--content", str(content)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
