"""Free loopback ports for the servers the tests start (services, SMTP, Caddy, decap-server)."""

from __future__ import annotations

import socket


def free_port() -> int:
    """Return a TCP port on loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port
