"""Photo panels: text that reads on the organization's colours, in the places photos leave."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator import panels
from generator.models import Colours

CONTENT = Path(__file__).resolve().parents[2] / "content"


@pytest.mark.parametrize(("one", "other", "ratio"), [
    ("#ffffff", "#000000", 21.0),
    ("#000000", "#000000", 1.0),
    ("#767676", "#ffffff", 4.54),  # the lightest grey that passes AA on white
    ("#777777", "#ffffff", 4.48),  # the classic grey that just fails AA
])
def test_contrast_is_the_wcag_ratio(one: str, other: str, ratio: float) -> None:
    assert panels.contrast(one, other) == pytest.approx(ratio, abs=0.01)
    assert panels.contrast(other, one) == pytest.approx(ratio, abs=0.01)


@pytest.mark.parametrize(("background", "expected"), [
    ("#1F4E8C", ("#1f4e8c", panels.WHITE)),  # dark blue: white text
    ("#f2b705", ("#f2b705", panels.INK)),  # yellow: ink text
    ("#ffffff", ("#ffffff", panels.INK)),
    # Mid grey reaches 4.5:1 with neither white (4.48) nor the ink: the brand's colours instead.
    ("#777777", (panels.BRAND, panels.WHITE)),
    ("#808080", (panels.BRAND, panels.WHITE)),
])
def test_readable_picks_white_or_ink_else_the_brand(background: str,
                                                     expected: tuple[str, str]) -> None:
    assert panels.readable(background) == expected
    assert panels.contrast(*panels.readable(background)) >= panels.MIN_CONTRAST


def test_panels_fill_the_places_after_the_photos() -> None:
    colours = Colours(primary="#1f4e8c", accent="#f2b705")
    shown = [[(p.shows, p.background, p.color) for p in panels.panels(colours, n)]
             for n in (0, 1, 2)]
    assert shown == [
        [("name", "#1f4e8c", panels.WHITE), ("tagline", "#f2b705", panels.INK)],
        [("tagline", "#f2b705", panels.INK)],
        [],
    ]


@pytest.mark.parametrize("path", sorted((CONTENT / "organizations").glob("*.yaml")),
                         ids=lambda p: p.stem)
def test_every_partners_colours_give_readable_panels(path: Path) -> None:
    colours = Colours(**yaml.safe_load(path.read_text(encoding="utf-8"))["colors"])
    for panel in panels.panels(colours, 0):
        assert panels.contrast(panel.background, panel.color) >= panels.MIN_CONTRAST
