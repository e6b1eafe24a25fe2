"""Images: reading an SVG's intrinsic size, and drawing monogram logos."""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from string import Formatter
from urllib.parse import quote

_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE | re.DOTALL)
_ATTR = re.compile(rb"""\b(width|height|viewBox)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)

MONOGRAM_SIZE = 160


def svg_size(path: Path) -> tuple[int, int] | None:
    """Return (width, height) from an SVG's root element, or None when it has neither."""
    head = path.read_bytes()[:4096]
    tag = _SVG_TAG.search(head)
    if not tag:
        return None
    attrs = {name.decode().lower(): value.decode() for name, value in _ATTR.findall(tag.group())}
    try:
        if "width" in attrs and "height" in attrs:
            return int(float(attrs["width"].removesuffix("px"))), int(
                float(attrs["height"].removesuffix("px"))
            )
        if "viewbox" in attrs:
            _, _, w, h = (float(v) for v in re.split(r"[\s,]+", attrs["viewbox"].strip()))
            return int(w), int(h)
    except ValueError:
        return None
    return None


def is_supported(path: Path) -> bool:
    """Whether the file is an SVG (photos in other formats are generator.photos' job)."""
    return path.suffix.lower() == ".svg"


def initials_of(name: str) -> str:
    """Initials for a monogram: the first letter of up to three significant words."""
    words = [w for w in re.split(r"[\s\-–]+", name) if w and w[0].isalnum()]
    skip = {"of", "the", "and", "for", "in", "at", "st.", "st"}
    significant = [w for w in words if w.lower() not in skip] or words
    return "".join(w[0].upper() for w in significant[:3])


# The round monogram: white initials on the primary colour, ringed in the accent.
_MONOGRAM = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
    'viewBox="0 0 {size} {size}" role="img">'
    "<title>{label}</title>"
    '<circle cx="80" cy="80" r="76" fill="{accent}"/>'
    '<circle cx="80" cy="80" r="66" fill="{primary}"/>'
    '<text x="80" y="80" dy="0.35em" text-anchor="middle" fill="#ffffff" '
    'font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="{font}">'
    "{initials}</text></svg>"
)
# Characters a data: URI may keep as they are; the rest are percent-encoded.
_URI_SAFE = " :/=\"',;.()-_"
# Percent-encoding works byte by byte, so the template's fixed text is encoded once here and
# only the fields are encoded per logo (quoting each whole SVG cost 40 us a logo).
_MONOGRAM_PARTS = [(quote(literal, safe=_URI_SAFE), name)
                   for literal, name, _, _ in Formatter().parse(_MONOGRAM)]


def monogram_uri(initials: str, primary: str, accent: str, label: str) -> str:
    """Draw a round monogram logo as a percent-encoded `data:image/svg+xml,` URI."""
    font = {1: 72, 2: 60, 3: 46, 4: 36}.get(len(initials), 36)
    # Numbers need no encoding; text and colours (#) do.
    fields = {
        "size": str(MONOGRAM_SIZE), "font": str(font),
        "label": quote(escape(label), safe=_URI_SAFE),
        "initials": quote(escape(initials), safe=_URI_SAFE),
        "accent": quote(accent, safe=_URI_SAFE), "primary": quote(primary, safe=_URI_SAFE),
    }
    return "data:image/svg+xml," + "".join(
        literal + fields[name] if name else literal for literal, name in _MONOGRAM_PARTS
    )
