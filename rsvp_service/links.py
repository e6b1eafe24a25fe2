"""Absolute links to the site and its API: every one is built here, from SITE_URL.

`site` normalizes SITE_URL once (no trailing slash); `link` joins it to a fixed path and
percent-encodes every value it carries, with one rule: `quote(value, safe="")`, so a value can
never add a path segment, a parameter or a fragment of its own.

Where a token travels:

- In the fragment, by default: secrets whose page needs JavaScript anyway (reset a password, open
  follow preferences). Browsers never send a fragment to a server, nor in a Referer, so it stays
  out of access logs.
- In the query, where a server must read it from the URL itself:
  - links whose page must work without JavaScript: cancel an RSVP (/cancel?token=), answer a
    consent request (/consent?token=), answer an hours request (/hours-request?token=&act=),
    confirm follows and unsubscribe (/follows?confirm=,
    /follows?unsubscribe=). Their page's form has no action, so it posts to its own URL and the
    service reads the token there; a GET still acts on nothing (mail scanners prefetch links).
    Referrer-Policy is no-referrer site-wide, so no Referer carries the token away, and the
    access log redacts these paths' queries (web/access_log.py). Links mailed before, with the
    token in the fragment, keep working: the pages' scripts still read it there.
  - the List-Unsubscribe URL (RFC 8058 mail clients POST to it as it stands), the Google
    callback's hand-off to the site's /auth/callback (a redirect from the API), and the email
    verification link (the site's /verify page reads it; the access log redacts it).
- In the path, only public codes meant to be shared and printed: hours records' codes.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import quote

from rsvp_service.settings import Settings


def site(settings: Settings) -> str:
    """SITE_URL without its trailing slash: the base of every link and the site's own name."""
    return settings.site_url.rstrip("/")


def _pairs(values: Mapping[str, str]) -> str:
    return "&".join(f"{quote(name, safe='')}={quote(value, safe='')}"
                    for name, value in values.items())


def link(settings: Settings, path: str, *segments: str, query: Mapping[str, str] | None = None,
         fragment: Mapping[str, str] | None = None) -> str:
    """The absolute link to `path` (fixed, from `/`), its `segments`, query and fragment quoted."""
    url = site(settings) + path + "".join(f"/{quote(segment, safe='')}" for segment in segments)
    if query:
        url += f"?{_pairs(query)}"
    if fragment:
        url += f"#{_pairs(fragment)}"
    return url
