"""Whether a request comes from the site's own pages: the one rule the refresh cookie's
endpoints and the HTML forms share (against CSRF and login CSRF).

Browsers send Origin on every POST; when it is missing, Sec-Fetch-Site still tells a cross-site
request apart. Clients that send neither are not browsers and carry no ambient cookie risk.
"""

from __future__ import annotations

from collections.abc import Set

from starlette.requests import Request

# Sec-Fetch-Site of a request from our own page (or typed in the address bar).
OWN_SITE = frozenset({"same-origin", "none"})


def from_own_site(request: Request, origins: Set[str], *, null_origin: bool = False) -> bool:
    """Whether the request's Origin is one of `origins`, or, without one, Sec-Fetch-Site is ours.

    `null_origin`: an `Origin: null` counts as none, so Sec-Fetch-Site decides. The site's
    Referrer-Policy (no-referrer) makes browsers send it with a plain form's POST.
    """
    origin = request.headers.get("origin")
    if origin is not None and not (null_origin and origin == "null"):
        return origin.lower() in origins
    return request.headers.get("sec-fetch-site", "same-origin") in OWN_SITE
