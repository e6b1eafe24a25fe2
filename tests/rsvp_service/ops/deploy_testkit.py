"""Helpers of the deploy tests: the loopback name Caddy serves, and waiting for a port."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

import httpx

NAME = "civicstl.localhost"


class LoopbackName(httpx.AsyncHTTPTransport):
    """Connect to 127.0.0.1 for NAME, keeping NAME for TLS (SNI, certificate) and Host."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Send a copy of the request to loopback (cookies stay with the original URL)."""
        copy = httpx.Request(request.method, request.url.copy_with(host="127.0.0.1"),
                             headers=request.headers, content=request.content,
                             extensions={**request.extensions, "sni_hostname": request.url.host})
        return await super().handle_async_request(copy)


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"caddy did not start:\n{log.read_text(errors='replace')}")
