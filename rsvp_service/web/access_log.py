"""Keep secrets that travel in URLs (query strings, hours-record codes) out of the access log."""

from __future__ import annotations

import logging

ACCESS_LOGGER = "uvicorn.access"
# Paths whose query string carries a token: email verification (the site page and the API
# call it makes) and the access token Google sign-in hands the site.
# And the digest's one-click unsubscribe URL (RFC 8058 puts its token in the query).
# And the pages whose emailed links carry their token in the query so that their forms work
# without JavaScript (rsvp_service/links.py).
SECRET_QUERY_PATHS = frozenset({"/api/auth/verify", "/verify", "/auth/callback",
                                "/api/follows/unsubscribe", "/cancel", "/consent", "/follows",
                                "/hours-request"})
# Paths whose next segment is a service-hours record's code, which shows the owner's name.
SECRET_SEGMENT_PREFIXES = ("/verify-hours/", "/api/hours-records/", "/api/me/hours-records/")


def loggable(target: str) -> str:
    """Return a path (with its query string, if any) as it may be logged: without secrets."""
    path, separator, query = target.partition("?")
    if separator and path.rstrip("/") in SECRET_QUERY_PATHS:
        query = "[redacted]"
    prefix = next((p for p in SECRET_SEGMENT_PREFIXES if path.startswith(p)), None)
    if prefix is not None and path != prefix:
        path = f"{prefix}[redacted]"
    return path + separator + query


class SecretQueryFilter(logging.Filter):
    """Drop tokens from access-log lines: query strings of some paths, record codes of others."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's path argument in place; never suppress the line."""
        # uvicorn logs '%s - "%s %s HTTP/%s" %d' with (client, method, path?query, version, status).
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (args[0], args[1], loggable(args[2]), *args[3:])
        return True


def install_access_log_filter() -> None:
    """Attach the filter to uvicorn's access logger once per process."""
    logger = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(f, SecretQueryFilter) for f in logger.filters):
        logger.addFilter(SecretQueryFilter())
