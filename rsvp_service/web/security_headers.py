"""Which security headers a response gets, by path (for the middleware and the 500 handler)."""

from __future__ import annotations

from functools import cache

# JSON answers never need to load anything.
API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
# The static site loads its own scripts, styles, images and calls its own API.
SITE_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)
# The web editor (/admin, Decap CMS) needs more, and only it gets more: its bundle compiles its
# configuration's validators at run time ('unsafe-eval'), shows uploads as blob: URLs and saves
# through GitHub's API. Its GitHub sign-in runs in a popup that reports back to this window, so
# the opener is kept for the popups it opens (same-origin-allow-popups) where the site severs it.
ADMIN_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob: https://avatars.githubusercontent.com; font-src 'self' data:; "
    "connect-src 'self' blob: https://api.github.com{local}; "
    "frame-src 'self' blob:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
# Outside production (`make admin`), it also saves through the local backend on this machine
# (admin/local-backend.mjs, on CMS_LOCAL_PORT); a production page has no business there.
LOCAL_BACKEND_SOURCES = " http://localhost:* http://127.0.0.1:*"
# Decided by the file served, not the path asked for (`/admin%2f..%2findex.html` is the home
# page): the site's file server sets these on files under its admin/ folder.
ADMIN_FOLDER = "admin"


@cache
def admin_headers(*, local_backend: bool) -> tuple[tuple[str, str], ...]:
    """Return the web editor's headers; with local_backend, it may call this machine's ports."""
    policy = ADMIN_CSP.format(local=LOCAL_BACKEND_SOURCES if local_backend else "")
    return (("content-security-policy", policy),
            ("cross-origin-opener-policy", "same-origin-allow-popups"))


# An SVG opened on its own is a document of this origin: it gets to run nothing and load nothing
# (the check refuses scripts in content SVGs; this holds even for one that slipped through).
# Like the editor's, it goes with the file served (an .svg file), whatever the path asked for.
IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
HSTS = "max-age=63072000; includeSubDomains"
# Every API answer may carry someone's data (an address, a session, a list of RSVPs), and the
# Google callback carries a token: no browser or proxy cache keeps them.
PRIVATE_PREFIXES = ("/api/", "/auth/")


@cache
def _headers(is_api: bool, private: bool, https: bool) -> tuple[tuple[str, str], ...]:
    headers = [
        ("content-security-policy", API_CSP if is_api else SITE_CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("x-frame-options", "DENY"),
        ("cross-origin-opener-policy", "same-origin"),
    ]
    if private:
        headers.append(("cache-control", "no-store"))
    if https:
        headers.append(("strict-transport-security", HSTS))
    return tuple(headers)


def security_headers(path: str, *, https: bool) -> tuple[tuple[str, str], ...]:
    """Return the headers a response on this path needs (none already set is overridden)."""
    return _headers(path.startswith("/api"), path.startswith(PRIVATE_PREFIXES), https)
