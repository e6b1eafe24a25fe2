"""Share cards: the 1200×630 picture a shared link shows when its page has no photo of its own.

A card names the page (an event's title, date and host; an organization's name and tagline) in
the site's colours, set in DejaVu Sans (generator/fonts, its license beside it). Text is wrapped
to the card and shrunk or cut with an ellipsis, so it never runs off the edge. Drawing and encoding
every card is a large share of a cold build's CPU, so cards are cached by what they show, like
photo variants, and a rebuild of unchanged content draws none.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 1200, 630
MARGIN_X, MARGIN_Y = 80, 64
FONTS = Path(__file__).parent / "fonts"
# The site's palette (site/src/styles.css): brand blue ground, white text, the accent as a rule.
BRAND = (0x1D, 0x4E, 0x89)
BRAND_DARK = (0x16, 0x3A, 0x66)
ACCENT = (0xF0, 0xA5, 0x00)  # the focus ring's amber: the red accent is too dark on the blue
WHITE = (0xFF, 0xFF, 0xFF)
SOFT = (0xD9, 0xE4, 0xF2)
# Title sizes tried from the largest down; the smallest cuts the title after TITLE_LINES lines.
TITLE_SIZES = (68, 60, 52, 46)
TITLE_LINES = 3
DETAIL_SIZE, DETAIL_LINES = 34, 2
LABEL_SIZE = 28
LINE_SPACING = 1.22
ELLIPSIS = "…"
# Bump when the drawing changes, so cached cards are drawn again.
_VERSION = "share-card-v2"


@dataclass(frozen=True)
class Card:
    """What a card shows: a label above the title, the title, detail lines, and a footer."""

    label: str
    title: str
    details: tuple[str, ...]
    footer: str


@dataclass(frozen=True)
class Placed:
    """One line of text as drawn: its text, font, colour and bounding box on the card."""

    text: str
    bold: bool
    size: int
    color: tuple[int, int, int]
    box: tuple[int, int, int, int]  # left, top, right, bottom in pixels


@cache
def _font(bold: bool, size: int) -> ImageFont.FreeTypeFont:
    # The basic layout engine: the same pixels wherever Pillow runs, whatever libraqm it has.
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size, layout_engine=ImageFont.Layout.BASIC)


def _width(text: str, font: ImageFont.FreeTypeFont) -> float:
    return font.getlength(text)


def _split_word(word: str, font: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """Break a word wider than the card (a long URL or name) into pieces that fit."""
    pieces, current = [], ""
    for char in word:
        if current and _width(current + char, font) > room:
            pieces.append(current)
            current = char
        else:
            current += char
    return [*pieces, current] if current else pieces


def _wrap_exact(text: str, font: ImageFont.FreeTypeFont, room: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in [word for word in text.split(" ") if word]:
        candidate = f"{current} {word}" if current else word
        if _width(candidate, font) <= room:
            current = candidate
            continue
        if current:
            lines.append(current)
        pieces = _split_word(word, font, room) if _width(word, font) > room else [word]
        lines += pieces[:-1]
        current = pieces[-1]
    if current:
        lines.append(current)
    return lines


def wrap(text: str, font: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """Wrap text into lines no wider than `room` pixels, breaking words only when they must.

    Lines are measured as the sum of their words and spaces (a line measured whole costs a call
    per candidate: most of a card's time), then each line once as a whole; should kerning across
    a space ever make one too wide, the text is wrapped again measuring every candidate.
    """
    # Split at plain spaces only: a no-break space keeps "10:30\u00a0AM" on one line.
    words = [word for word in text.split(" ") if word]
    width = {word: _width(word, font) for word in set(words)}
    space = _width(" ", font)
    lines: list[str] = []
    current: list[str] = []
    used = 0.0
    for word in words:
        if current and used + space + width[word] <= room:
            current.append(word)
            used += space + width[word]
            continue
        if current:
            lines.append(" ".join(current))
        if width[word] > room:
            *whole, rest = _split_word(word, font, room)
            lines += whole
            current, used = [rest], _width(rest, font)
        else:
            current, used = [word], width[word]
    if current:
        lines.append(" ".join(current))
    if any(_width(line, font) > room for line in lines):
        return _wrap_exact(text, font, room)
    return lines


def _clip(lines: list[str], most: int, font: ImageFont.FreeTypeFont, room: float) -> list[str]:
    """Keep at most `most` lines; the last one kept ends in an ellipsis when text was cut."""
    if len(lines) <= most:
        return lines
    kept = lines[:most]
    last = kept[-1]
    # Whole words go first, then (for a single long word) characters.
    while " " in last and _width(last + ELLIPSIS, font) > room:
        last = last.rsplit(" ", 1)[0]
    while last and _width(last + ELLIPSIS, font) > room:
        last = last[:-1]
    kept[-1] = last.rstrip(" ,;:·-–") + ELLIPSIS
    return kept


def _title_lines(title: str, room: float) -> tuple[int, list[str]]:
    for size in TITLE_SIZES:
        lines = wrap(title, _font(True, size), room)
        if len(lines) <= TITLE_LINES:
            return size, lines
    size = TITLE_SIZES[-1]
    return size, _clip(wrap(title, _font(True, size), room), TITLE_LINES, _font(True, size), room)


def layout(card: Card) -> list[Placed]:
    """Place every line of the card: label at the top, footer at the bottom, the rest between."""
    room = WIDTH - 2 * MARGIN_X
    placed: list[Placed] = []

    def put(text: str, bold: bool, size: int, color: tuple[int, int, int], top: int) -> int:
        font = _font(bold, size)
        left, _, right, _ = font.getbbox(text)
        ascent, descent = font.getmetrics()
        box = (MARGIN_X + int(left), top, MARGIN_X + int(right), top + ascent + descent)
        placed.append(Placed(text, bold, size, color, box))
        return top + round(size * LINE_SPACING)

    label_font = _font(True, LABEL_SIZE)
    label = _clip(wrap(card.label, label_font, room), 1, label_font, room)
    top = put(label[0], True, LABEL_SIZE, ACCENT, MARGIN_Y) + 24 if label else MARGIN_Y
    size, title = _title_lines(card.title, room)
    for line in title:
        top = put(line, True, size, WHITE, top)
    top += 18
    detail_font = _font(False, DETAIL_SIZE)
    footer_top = HEIGHT - MARGIN_Y - sum(_font(False, LABEL_SIZE).getmetrics())
    for detail in card.details:
        lines = _clip(wrap(detail, detail_font, room), DETAIL_LINES, detail_font, room)
        # A detail that would reach the footer is left out whole rather than cut mid-line.
        if top + len(lines) * round(DETAIL_SIZE * LINE_SPACING) > footer_top - 16:
            break
        for line in lines:
            top = put(line, False, DETAIL_SIZE, SOFT, top)
        top += 6
    footer_font = _font(False, LABEL_SIZE)
    footer = _clip(wrap(card.footer, footer_font, room), 1, footer_font, room)
    if footer:
        put(footer[0], False, LABEL_SIZE, SOFT, footer_top)
    return placed


# Text is drawn as a grey mask, then each pixel's coverage picks one of LEVELS blends between the
# ground and the line's colour: a palette PNG, a third of the bytes to compress and store
# of a full-colour one, with edges as smooth to the eye.
LEVELS = 16
_TEXT_COLORS = (WHITE, SOFT, ACCENT)


def _palette() -> tuple[list[int], dict[tuple[int, int, int], int]]:
    palette = [*BRAND, *BRAND_DARK, *ACCENT]  # 0 ground, 1 bottom band, 2 side rule
    first: dict[tuple[int, int, int], int] = {}
    for color in _TEXT_COLORS:
        first[color] = len(palette) // 3
        for level in range(1, LEVELS + 1):
            palette += [round(g + (c - g) * level / LEVELS) for g, c in zip(BRAND, color,
                                                                            strict=True)]
    return palette, first


_PALETTE, _FIRST = _palette()
# Coverage 1-255 to the colour's blends first..first+LEVELS-1; no coverage stays the ground (0).
_LUTS = {color: [0] + [first + (v * LEVELS - 1) // 255 for v in range(1, 256)]
         for color, first in _FIRST.items()}


def _tile(line: Placed) -> Image.Image:
    """One line as palette indices: its colour's blend for each pixel's coverage, 0 elsewhere."""
    left, top, right, bottom = line.box
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((MARGIN_X - left, 0), line.text, font=_font(line.bold, line.size),
                              fill=255)
    return mask.point(_LUTS[line.color])


def draw(card: Card) -> bytes:
    """Draw the card as a PNG (no metadata: the same card gives the same bytes)."""
    index = Image.new("L", (WIDTH, HEIGHT), 0)
    pen = ImageDraw.Draw(index)
    pen.rectangle((0, HEIGHT - 20, WIDTH, HEIGHT), fill=1)
    pen.rectangle((0, 0, 15, HEIGHT), fill=2)
    # Each line is drawn in a tile of its own box and pasted whole: lines never overlap (line
    # spacing exceeds a line's ascent and descent), and the ground under them is index 0.
    for line in layout(card):
        index.paste(_tile(line), line.box[:2])
    card_image = Image.frombytes("P", (WIDTH, HEIGHT), index.tobytes())
    card_image.putpalette(_PALETTE)
    out = io.BytesIO()
    # Level 3: far faster than levels 6 and 9, for a card a little larger.
    card_image.save(out, "PNG", compress_level=3)
    return out.getvalue()


def key(card: Card) -> str:
    """A digest of what the card shows and how it is drawn: its cache key and file-name tag."""
    parts = [_VERSION, card.label, card.title, *card.details, card.footer]
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def cached(card: Card, cache_dir: Path) -> bytes:
    """The card's PNG from the cache, drawn and stored there the first time."""
    digest = key(card)
    path = cache_dir / "share-cards" / digest[:2] / f"{digest}.png"
    if path.is_file():
        return path.read_bytes()
    data = draw(card)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_bytes(data)
    temporary.replace(path)
    return data
