"""Helpers of the deploy tests: the loopback name Caddy serves, and waiting for its https."""

from __future__ import annotations

import socket
import ssl
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


def wait_for_https(port: int, root_ca: Path, process: subprocess.Popen[bytes], log: Path) -> None:
    """Wait until Caddy completes a verified TLS handshake for NAME on `port`.

    Caddy listens before its internal CA has issued NAME's certificate; a handshake in that
    window fails with "tlsv1 alert internal error", so an open port is not enough."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        if root_ca.exists():
            context = ssl.create_default_context(cafile=str(root_ca))
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as raw, \
                        context.wrap_socket(raw, server_hostname=NAME):
                    return
            except (OSError, ssl.SSLError):
                pass
        time.sleep(0.1)
    output = log.read_text(errors="replace")
    raise AssertionError(f"caddy did not serve https for {NAME}:\n{output}")
