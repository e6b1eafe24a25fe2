"""The web editor's local backend (`make admin`) from the attacker's side: a web page elsewhere.

decap-server answers whoever reaches 127.0.0.1: a page whose name rebinds to 127.0.0.1 (DNS
rebinding) or another site in the same browser. Its guard (admin/local-backend.mjs) answers only
requests naming it by a loopback Host, from the site serving /admin (Origin), and reads and
writes only inside content/; and it writes nothing the content check refuses. Plain HTTP against
the real guard and decap-server processes, over a git repository holding content/.
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.e2e.editor import DecapServer, check, make_repository, start_decap_server
from tests.e2e.helpers import ROOT

pytestmark = pytest.mark.slow

SITE_ORIGIN = "http://127.0.0.1:8000"
ORGANIZATION = "name: Probe Crew\n"


@pytest.fixture
def backend(tmp_path: Path) -> Iterator[tuple[Path, DecapServer]]:
    """The guarded backend in file mode, as `make admin` runs it, over a repository copy."""
    repo = make_repository(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    decap = start_decap_server(repo, port, tmp_path, SITE_ORIGIN, mode="fs")
    try:
        yield repo, decap
    finally:
        decap.stop()


def _post(decap: DecapServer, body: Any, headers: dict[str, str] | None = None,
          path: str = "/api/v1") -> tuple[int, Any]:
    """POST `body` as JSON with these headers (Host included); return (status, JSON)."""
    connection = http.client.HTTPConnection("127.0.0.1", decap.port, timeout=15)
    try:
        connection.request("POST", path, body=json.dumps(body), headers={
            "Host": f"localhost:{decap.port}", "Content-Type": "application/json",
            **(headers or {})})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def _persist(path: str, raw: str = ORGANIZATION, **extra: Any) -> dict[str, Any]:
    """Decap's save of one file (persistEntry), as the editor sends it."""
    data_file = {"slug": Path(path).stem, "path": path, "raw": raw, **extra}
    return {"action": "persistEntry", "params": {
        "branch": "main", "dataFiles": [data_file], "assets": [],
        "options": {"commitMessage": "probe", "useWorkflow": False, "status": "draft"}}}


def _media(path: str) -> dict[str, Any]:
    """Decap's upload of one picture (persistMedia)."""
    return {"action": "persistMedia", "params": {
        "branch": "main", "options": {"commitMessage": "probe"},
        "asset": {"path": path, "content": base64.b64encode(b"#!/bin/sh\n").decode(),
                  "encoding": "base64"}}}


def _tree(repo: Path) -> dict[str, bytes]:
    """Every file in the repository (.git included) with its bytes; symlinks by their target."""
    files: dict[str, bytes] = {}
    for folder, _, names in os.walk(repo):
        for name in names:
            path = Path(folder, name)
            key = str(path.relative_to(repo))
            files[key] = os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
    return files


def test_a_rebinding_page_or_another_site_is_refused(
    backend: tuple[Path, DecapServer],
) -> None:
    repo, decap = backend
    config = "content/organizations/keenstl.yaml"
    read = {"action": "getEntry", "params": {"branch": "main", "path": config}}
    before = _tree(repo)

    # The editor at SITE_ORIGIN/admin, on either loopback name, reads the file.
    for origin in (SITE_ORIGIN, "http://localhost:8000"):
        status, entry = _post(decap, read, {"Origin": origin})
        assert (status, entry["data"]) == (200, (repo / config).read_text())
    # A page at rebind.evil.example, its name now resolving to 127.0.0.1: same-origin for the
    # browser, and its Host says so.
    rebound = f"rebind.evil.example:{decap.port}"
    for origin in (None, f"http://{rebound}"):
        status, body = _post(decap, _persist("content/organizations/probe.yml"),
                             {"Host": rebound, **({"Origin": origin} if origin else {})})
        assert status == 403
        assert body["error"].endswith("open the editor from this computer.")
    # Another site, or another port of this machine, calling localhost across origins.
    for origin in ("http://evil.example", "http://localhost:8001", "null"):
        status, body = _post(decap, read, {"Origin": origin})
        assert (status, body["error"]) == (403, "This editor backend answers only the web "
                                           f"editor at {SITE_ORIGIN}/admin; open it there.")
    assert _tree(repo) == before


def test_reads_and_writes_outside_content_are_refused_and_nothing_is_written(
    backend: tuple[Path, DecapServer],
) -> None:
    repo, decap = backend
    # A symlink inside content/ to the hooks: decap-server alone follows it (still in the repo).
    os.symlink("../../.git/hooks", repo / "content" / "organizations" / "hooks")
    before = _tree(repo)
    outside = [".git/hooks/probe-hook", "Makefile", "content/../.git/config",
               "content/organizations/../../.git/hooks/x", "./content/../Makefile",
               "content/organizations/hooks/pre-commit", str(repo / "content" / "x.yml"),
               "content/.git/config", ""]
    refused = "The web editor may read and write files only inside content/;"
    attempts = [
        *(_persist(path) for path in outside),
        *(_media(path) for path in outside),
        # A save inside content/ that moves the file out, or carries a picture out.
        _persist("content/organizations/keenstl.yaml", newPath=".git/hooks/post-checkout"),
        {**_persist("content/organizations/probe.yml"),
         "params": {**_persist("content/organizations/probe.yml")["params"],
                    "assets": [_media(".git/hooks/pre-push")["params"]["asset"]]}},
        {"action": "deleteFile", "params": {"branch": "main", "path": "Makefile",
                                            "options": {"commitMessage": "probe"}}},
        {"action": "deleteFiles", "params": {"branch": "main", "options": {"commitMessage": "p"},
                                             "paths": ["content/events/x.yml", "README.md"]}},
        *({"action": "getEntry", "params": {"branch": "main", "path": path}}
          for path in (".git/config", "content/../.git/config")),
        {"action": "getMediaFile", "params": {"branch": "main", "path": ".git/config"}},
        {"action": "entriesByFolder", "params": {"branch": "main", "folder": ".git",
                                                 "extension": "", "depth": 3}},
        {"action": "getMedia", "params": {"branch": "main", "mediaFolder": ".git/hooks"}},
        {"action": "entriesByFiles", "params": {"branch": "main", "files": [
            {"path": "content/organizations/keenstl.yaml"}, {"path": ".git/config"}]}},
    ]
    answers = [_post(decap, attempt, {"Origin": SITE_ORIGIN}) for attempt in attempts]
    # The same spelled as /API/V1/, which express would also route to decap-server.
    odd_path = _post(decap, _persist(".git/hooks/x"), {"Origin": SITE_ORIGIN}, path="/API/V1/")
    unknown = _post(decap, {"action": "runShell", "params": {"path": "content/x"}})

    assert [status for status, _ in answers] == [403] * len(attempts)
    assert all(body["error"].startswith(refused) for _, body in answers)
    assert "[core]" not in json.dumps(answers)
    assert odd_path[0] == 404 and unknown[0] == 403
    assert unknown[1]["error"].endswith("nothing was changed.")
    assert _tree(repo) == before


def test_the_editor_saves_into_content(backend: tuple[Path, DecapServer]) -> None:
    repo, decap = backend
    path = "content/organizations/keenstl.yaml"
    before = (repo / path).read_text()
    tagline = yaml.safe_load(before)["tagline"]
    raw = before.replace(f"tagline: {tagline}\n", "tagline: Probe Crew.\n")
    picture = "content/images/organizations/probe/probe-1.jpg"

    saved = _post(decap, _persist(path, raw), {"Origin": SITE_ORIGIN})
    uploaded = _post(decap, _media(picture), {"Origin": SITE_ORIGIN})

    assert saved == (200, {"message": "entry persisted"})
    assert uploaded[0] == 200
    assert raw != before
    assert (repo / path).read_text() == raw
    assert (repo / picture).read_bytes() == b"#!/bin/sh\n"


def test_a_save_the_content_check_refuses_writes_nothing(
    backend: tuple[Path, DecapServer],
) -> None:
    """An organization with a name alone: refused with the check's own sentences, unwritten."""
    repo, decap = backend
    path = "content/organizations/probe.yaml"
    before = _tree(repo)

    status, body = _post(decap, _persist(path), {"Origin": SITE_ORIGIN})

    folder = repo.parent / "checked"
    shutil.copytree(repo / "content", folder / "content")
    (folder / path).write_text(ORGANIZATION)
    result = check(folder / "content")
    sentences = [line.split(": ", 1)[1] for line in result.stderr.splitlines()
                 if line.startswith(f"{path}:")]
    assert status == 422 and len(sentences) > 1, (status, body, result.stderr)
    assert body == {"error": "Not saved, because the content check refuses it: "
                             + " ".join(sentences)}
    assert _tree(repo) == before


def test_make_admin_starts_the_guard_for_its_own_site() -> None:
    """`make admin` (its commands, printed by make -n) runs decap-server only behind the guard."""
    printed = subprocess.run(
        ["make", "-n", "-o", "install", "-o", "admin/node_modules/.installed", "-o", "build",
         "-o", "migrate", "admin", "HOST=127.0.0.1", "PORT=8123", "CMS_LOCAL_PORT=8124"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=True).stdout

    assert "PORT=8124 SITE_ORIGIN=http://127.0.0.1:8123 MODE=fs" in printed
    assert "node admin/local-backend.mjs" in printed
    assert ".bin/decap-server" not in printed
