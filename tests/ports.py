"""Free loopback ports for the servers the tests start (services, SMTP, Caddy, decap-server).

A port the kernel hands out for `bind(("127.0.0.1", 0))` lies in its ephemeral range (32768-60999
on Linux), which every outgoing connection (a database client, an HTTP client, the browser) also
draws from: between our pick and the server's own bind, a connection could take it ("address
already in use", seen once in CI). So ports come from below that range instead, each pytest-xdist
worker from its own block, in turn, so that two workers never pick the same port and one worker
does not pick a port again soon after it last served.
"""

from __future__ import annotations

import itertools
import os
import socket

FIRST = 20000
EPHEMERAL = 32768


def _worker() -> int:
    number = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    return int(number) if number.isdigit() else 0


# The ports below the ephemeral range, shared out among the workers xdist started.
BLOCK = (EPHEMERAL - FIRST) // max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
_START = FIRST + _worker() * BLOCK
_TURN = itertools.cycle(range(_START, _START + BLOCK))


def free_port() -> int:
    """Return a TCP port on loopback that nothing listens on right now, from this worker's block."""
    for _ in range(BLOCK):
        port = next(_TURN)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"every port of {_START}-{_START + BLOCK - 1} is taken on 127.0.0.1")
