"""Share cards and link previews: card size, text that fits, same bytes each time, cached cards."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from generator import share_cards
from generator.share_cards import HEIGHT, MARGIN_X, WIDTH, Card, draw, layout
from tests.generator.generator_testkit import VALID

PLAIN = Card(label="CivicSTL · Volunteer event", title="Lunch Service at St. Patrick Center",
             details=("Wednesday, December 2, 2026 · 10:30\u00a0AM-1:00\u00a0PM",
                      "Hosted by St. Patrick Center"),
             footer="civicstl.org")
# Everything too long at once: a title of 60 words, a word wider than the card, four details of
# several lines each, a label and a footer that cannot fit on one line.
HOSTILE = Card(
    label="CivicSTL · " + "Volunteer event " * 12,
    title=" ".join(["Neighborhood"] * 60),
    details=tuple("Hosted by " + "W" * 90 + " and friends " * 20 for _ in range(4)),
    footer="civicstl.org/" + "x" * 200,
)
# Pixels drawn only in the side rule and the bottom band, besides the ground (palette 0-2).
_GROUND = {0, 1, 2}


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _indices(image: Image.Image) -> set[int]:
    """The palette indices a (palette) image uses."""
    return {int(index) for _, index in image.getcolors(256) or []}


@pytest.mark.parametrize("card", [PLAIN, HOSTILE], ids=["plain", "hostile"])
def test_a_card_is_a_1200_by_630_png(card: Card) -> None:
    image = _image(draw(card))
    assert (image.format, image.mode, image.size) == ("PNG", "P", (WIDTH, HEIGHT))
    assert not image.info, "a card carries no metadata"


@pytest.mark.parametrize("card", [PLAIN, HOSTILE], ids=["plain", "hostile"])
def test_every_line_fits_inside_the_margins_without_overlapping(card: Card) -> None:
    placed = layout(card)
    assert placed, "nothing placed"
    for line in placed:
        left, top, right, bottom = line.box
        assert left >= MARGIN_X - 4 and right <= WIDTH - MARGIN_X + 4, line
        assert top >= 0 and bottom <= HEIGHT - 24, line  # above the bottom band
    boxes = sorted(line.box for line in placed)
    for above, below in zip(sorted(boxes, key=lambda b: b[1]),
                            sorted(boxes, key=lambda b: b[1])[1:], strict=False):
        assert above[3] <= below[1] + 2, (above, below)  # no line runs into the next


def test_no_text_is_drawn_in_the_right_margin_or_the_bottom_band() -> None:
    # The pixels themselves: the hostile card's text stops at its margin, whatever the boxes say.
    image = _image(draw(HOSTILE))
    right_margin = image.crop((WIDTH - MARGIN_X + 8, 0, WIDTH, HEIGHT))
    band = image.crop((0, HEIGHT - 24, WIDTH, HEIGHT))
    assert _indices(right_margin) <= _GROUND
    assert _indices(band) <= _GROUND
    assert _indices(image) - _GROUND, "no text drawn at all"


def test_too_long_text_is_cut_with_an_ellipsis_at_a_word() -> None:
    lines = [line for line in layout(HOSTILE) if line.size in share_cards.TITLE_SIZES]
    assert len(lines) == share_cards.TITLE_LINES
    assert lines[-1].size == share_cards.TITLE_SIZES[-1]
    assert lines[-1].text.endswith("Neighborhood…")


def test_a_word_wider_than_the_card_is_broken_and_a_time_stays_with_its_am() -> None:
    font = share_cards._font(False, share_cards.DETAIL_SIZE)
    room = WIDTH - 2 * MARGIN_X
    pieces = share_cards.wrap("W" * 90, font, room)
    assert len(pieces) > 1 and "".join(pieces) == "W" * 90
    assert all(font.getlength(p) <= room for p in pieces)
    lines = share_cards.wrap("x " * 33 + "10:30\u00a0AM-1:00\u00a0PM", font, room)
    assert any(line.endswith("10:30\u00a0AM-1:00\u00a0PM") for line in lines), lines


def test_the_same_card_gives_the_same_bytes_and_another_card_other_bytes() -> None:
    assert draw(PLAIN) == draw(PLAIN)
    other = Card(PLAIN.label, PLAIN.title, ("Thursday, December 3, 2026",), PLAIN.footer)
    assert draw(other) != draw(PLAIN)
    assert share_cards.key(other) != share_cards.key(PLAIN)


def test_a_cached_card_is_read_back_not_drawn_again(tmp_path: Path) -> None:
    first = share_cards.cached(PLAIN, tmp_path)
    assert first == draw(PLAIN)
    [stored] = (tmp_path / "share-cards").rglob("*.png")
    stored.write_bytes(b"from the cache")
    assert share_cards.cached(PLAIN, tmp_path) == b"from the cache"


def _build(run_cli: Callable[..., tuple[int, str, str]], out: Path) -> dict[str, dict[str, object]]:
    status, _, stderr = run_cli("build", "--content", str(VALID), "--out", str(out))
    assert status == 0, stderr
    share: dict[str, dict[str, object]] = json.loads((out / "share.json").read_text())
    return share


def test_every_page_has_a_preview_that_exists(
        run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path) -> None:
    out = tmp_path / "build" / "content"
    share = _build(run_cli, out)
    routes = json.loads((out / "routes.json").read_text())
    assert set(share) == {r["path"] for r in routes}
    for path, image in share.items():
        file = out / "public" / str(image["src"]).lstrip("/")
        with Image.open(file) as picture:
            assert picture.size == (image["width"], image["height"]), path
            assert Image.MIME[str(picture.format)] == image["type"], path
        assert image["alt"], path
    # Pages that are no event, series or profile show the site's card, which names the site.
    site = json.loads((out / "site.json").read_text())
    for path in ("/", "/about", "/features", "/organizations", "/login"):
        assert share[path]["src"].startswith("/share/site/"), path
        assert share[path]["alt"].startswith(site["tagline"]), path
    # A card names its page: title, date and host for an event date.
    event = json.loads((out / "events.json").read_text())["events"][0]
    preview = share[event["path"]]
    assert preview["type"] == "image/png"
    assert event["title"] in str(preview["alt"]) and event["date_text"] in str(preview["alt"])
    assert event["host"]["name"] in str(preview["alt"])


def test_a_profile_with_a_photo_shares_the_photo_s_jpeg(
        run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path,
        edit: Callable[[str, str, str], None], content: Path) -> None:
    edit("organizations/keenstl.yaml", "keenstl/photo-2.svg", "keenstl/photo-2.jpg")
    Image.new("RGB", (1600, 900), (40, 120, 60)).save(
        content / "images/organizations/keenstl/photo-2.jpg", quality=85)
    # keenstl's first photo is an SVG, which social sites do not show: the JPEG comes first.
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    preview = json.loads((out / "share.json").read_text())["/keenstl"]
    assert preview["src"] == "/images/organizations/keenstl/photo-2-960.jpg"
    assert (preview["width"], preview["height"], preview["type"]) == (960, 540, "image/jpeg")
    assert (out / "public/images/organizations/keenstl/photo-2-960.jpg").is_file()


def test_a_rebuild_of_unchanged_content_reads_its_cards_from_the_cache(
        run_cli: Callable[..., tuple[int, str, str]], tmp_path: Path) -> None:
    out = tmp_path / "build" / "content"
    first = _build(run_cli, out)
    cards = sorted((tmp_path / "build" / ".image-cache" / "share-cards").rglob("*.png"))
    assert len(cards) == len({i["src"] for i in first.values() if i["type"] == "image/png"})
    for card in cards:
        card.write_bytes(b"cached " + card.name.encode())
    second = _build(run_cli, out)
    assert second == first
    for image in second.values():
        if image["type"] == "image/png":
            data = (out / "public" / str(image["src"]).lstrip("/")).read_bytes()
            assert data.startswith(b"cached "), image["src"]
