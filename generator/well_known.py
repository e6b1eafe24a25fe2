"""Files browsers and crawlers ask for at fixed addresses: security.txt, the icons, the manifest.

- /.well-known/security.txt (RFC 9116): where to report a vulnerability; it expires half a year
  after the build (the RFC asks for less than a year), so a site left unbuilt stops vouching
  for an address nobody may read any more, and the nightly rebuild renews it.
- /icon.svg, /favicon.ico (16, 32 and 48 px), /apple-touch-icon.png (180 px, opaque: iOS
  rounds the corners itself) and the manifest's 192 and 512 px PNGs: one drawing, a rounded
  square of the brand colour, drawn by Pillow at four times the size and scaled down.
- /manifest.webmanifest: the site's name, colours and icons.
"""

from __future__ import annotations

import datetime as dt
import functools
import io
import json

from PIL import Image, ImageDraw

from generator.models import Site

# The header's colour (site/src/styles.css --brand), the pages' theme-color.
THEME_COLOR = "#1d4e89"
BACKGROUND_COLOR = "#ffffff"
# The drawing, in the SVG's 16-unit square: its corner radius.
SIDE, RADIUS = 16, 3
ICON_SVG = (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {SIDE} {SIDE}'>"
            f"<rect width='{SIDE}' height='{SIDE}' rx='{RADIUS}' fill='{THEME_COLOR}'/></svg>\n")
FAVICON_SIZES = (16, 32, 48)
TOUCH_ICON = 180
MANIFEST_ICONS = (192, 512)
SECURITY_TXT_DAYS = 182
OVERSAMPLE = 4


def _square(size: int, *, rounded: bool) -> Image.Image:
    """The icon at `size` pixels; without rounding, the full square (for iOS's own mask)."""
    big = size * OVERSAMPLE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    radius = big * RADIUS // SIDE if rounded else 0
    ImageDraw.Draw(image).rounded_rectangle((0, 0, big - 1, big - 1), radius, fill=THEME_COLOR)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


# Drawn once per process: the icons follow the code alone, and `build --watch` rebuilds in one
# process.
@functools.cache
def icons() -> dict[str, bytes]:
    """The icon files, as {path under public/: bytes}."""
    ico = io.BytesIO()
    largest = max(FAVICON_SIZES)
    _square(largest, rounded=True).save(ico, format="ICO",
                                        sizes=[(s, s) for s in FAVICON_SIZES])
    files = {
        "public/icon.svg": ICON_SVG.encode(),
        "public/favicon.ico": ico.getvalue(),
        "public/apple-touch-icon.png": _png(_square(TOUCH_ICON, rounded=False).convert("RGB")),
    }
    for size in MANIFEST_ICONS:
        files[f"public/icon-{size}.png"] = _png(_square(size, rounded=True))
    return files


def manifest(site: Site) -> bytes:
    """/manifest.webmanifest: what a browser shows when the site is added to a home screen."""
    data = {
        "name": site.name,
        "short_name": site.name,
        "description": site.description,
        "start_url": "/",
        "display": "browser",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": "/icon.svg", "type": "image/svg+xml", "sizes": "any"},
            *({"src": f"/icon-{s}.png", "type": "image/png", "sizes": f"{s}x{s}"}
              for s in MANIFEST_ICONS),
        ],
    }
    return (json.dumps(data, indent=2) + "\n").encode()


def security_txt(site: Site, now: dt.datetime) -> bytes | None:
    """/.well-known/security.txt, or None when the site names no security contact."""
    if site.security_contact is None:
        return None
    base = site.url.rstrip("/")
    # At a day's start: builds on one day write the same file.
    expires = dt.datetime.combine((now + dt.timedelta(days=SECURITY_TXT_DAYS)).astimezone(
        dt.UTC).date(), dt.time(), dt.UTC)
    lines = [
        f"Contact: mailto:{site.security_contact}",
        f"Expires: {expires.isoformat().replace('+00:00', 'Z')}",
        "Preferred-Languages: en",
        f"Canonical: {base}/.well-known/security.txt",
    ]
    return ("\n".join(lines) + "\n").encode()


def files(site: Site, now: dt.datetime) -> dict[str, bytes]:
    """Every fixed-address file, as {path under public/: bytes}."""
    made = {**icons(), "public/manifest.webmanifest": manifest(site)}
    security = security_txt(site, now)
    if security is not None:
        made["public/.well-known/security.txt"] = security
    return made
