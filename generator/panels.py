"""Photo panels: what a profile shows in a photo's place when the partner has given no photo.

A panel is large type (the organization's name, or its tagline) on one of the organization's own
colours. Its text colour is white or the site's ink, whichever reads better, and only when that
reaches the 4.5:1 contrast WCAG asks of text; a colour neither reaches it on gives way to the
site's brand blue with white text.
"""

from __future__ import annotations

from typing import Literal

from generator import outputs
from generator.models import Colours

# The site's own colours (site/src/styles.css: --brand, --ink).
WHITE = "#ffffff"
INK = "#1a1f29"
BRAND = "#1d4e89"
# WCAG 2 AA for normal text; panels hold large text too, but their smallest line is body size.
MIN_CONTRAST = 4.5
# The places in order: the first shows the name on the primary colour, the second the tagline on
# the accent, so the two differ at a glance.
PLACES: tuple[Literal["name", "tagline"], ...] = ("name", "tagline")


def luminance(colour: str) -> float:
    """The WCAG 2 relative luminance of a #rrggbb colour (0 black, 1 white)."""
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The WCAG 2 contrast ratio of two #rrggbb colours, from 1 to 21."""
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(background: str) -> tuple[str, str]:
    """(background, text colour) with text at least MIN_CONTRAST:1 on the background."""
    text = max((WHITE, INK), key=lambda candidate: contrast(background, candidate))
    if contrast(background, text) >= MIN_CONTRAST:
        return background.lower(), text
    return BRAND, WHITE


def panels(colours: Colours, photo_count: int) -> list[outputs.PanelOut]:
    """The panels for the places that have no photo, after the photos given."""
    result = []
    for place in PLACES[photo_count:]:
        background, text = readable(colours.primary if place == "name" else colours.accent)
        result.append(outputs.PanelOut(shows=place, background=background, color=text))
    return result
