"""Absolute links to the site and its API: every one is built here, from SITE_URL.

`site` normalizes SITE_URL once (no trailing slash); `link` joins it to a fixed path and
percent-encodes every value it carries, with one rule: `quote(value, safe="")`, so a value can
never add a path segment, a parameter or a fragment of its own.

Where a token travels:

- In the fragment, by default: every secret that acts (cancel an RSVP, answer a consent request,
  reset a password, confirm follows, open follow preferences, the unsubscribe page). Browsers
  never send a fragment to a server, nor in a Referer, so it stays out of access logs.
- In the query, only where a server must read it from the URL itself: the List-Unsubscribe URL
  (RFC 8058 mail clients POST to it as it stands), the Google callback's hand-off to the site's
  /auth/callback (a redirect from the API), and the email verification link (links already
  mailed carry it there and the site's /verify page reads it; the access log redacts it).
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
