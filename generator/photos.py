"""Photos (JPEG, PNG, WebP): size checks, and responsive variants without metadata.

Each photo is published only as re-encoded variants, never as the original file, so its EXIF
data (GPS position, camera serial) never leaves the editor's upload. Variants are named after
the original: photo-1.jpg gives photo-1-480.webp, photo-1-960.webp, photo-1-1600.webp (the widths
up to the original's) and a JPEG fallback photo-1-960.jpg. Encoding is slow, so variants are
cached by the original's content hash and reused while the file does not change.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageOps, UnidentifiedImageError

FORMATS = {".jpg": "JPEG", ".jpeg": "JPEG", ".png": "PNG", ".webp": "WEBP"}
WIDTHS = (480, 960, 1600)
FALLBACK_WIDTH = 960
MAX_BYTES = 10 * 1024 * 1024
MAX_SIDE = 8000
# (width, height) at least: a photo fills a column; a logo is drawn at about 64 px.
MIN_PHOTO = (480, 270)
MIN_LOGO = (64, 64)
# Bump when the encoding settings change, so cached variants are made again.
_ENCODING = "webp-q80-jpeg-q82-v1"


@dataclass(frozen=True)
class Variant:
    """One re-encoded file: its path beside the original, width, height and bytes."""

    src: str
    width: int
    height: int
    data: bytes


def is_photo(path: Path) -> bool:
    """Whether the file is a raster format this module handles (by its extension)."""
    return path.suffix.lower() in FORMATS


def problem(path: Path, minimum: tuple[int, int]) -> tuple[str, str, str] | None:
    """What is wrong with a photo file as (expected, found, hint), or None when it is usable."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        return (f"an image file of at most {MAX_BYTES // 1024 // 1024} MB",
                f"{size / 1024 / 1024:.1f} MB ({size:,} bytes)",
                "Export it smaller (2000 pixels wide is plenty); the site makes its own sizes.")
    try:
        with Image.open(path) as image:
            kind, (width, height) = image.format, image.size
    except (UnidentifiedImageError, OSError):
        return (f"a {FORMATS[path.suffix.lower()]} image", "a file that is not one",
                "Export the picture again as JPEG, PNG or WebP.")
    if kind != FORMATS[path.suffix.lower()]:
        return (f"a {FORMATS[path.suffix.lower()]} image, as its name says", f"a {kind} image",
                f"Rename the file to end in .{str(kind).lower()}, or export it again.")
    if width > MAX_SIDE or height > MAX_SIDE:
        return (f"an image at most {MAX_SIDE}×{MAX_SIDE} pixels", f"{width}×{height} pixels",
                "Export it smaller (2000 pixels wide is plenty).")
    if width < minimum[0] or height < minimum[1]:
        return (f"an image at least {minimum[0]}×{minimum[1]} pixels", f"{width}×{height} pixels",
                "Use a larger original; small pictures look blurry on the site.")
    return None


def size_of(path: Path) -> tuple[int, int]:
    """(width, height) as displayed, after the EXIF orientation is applied."""
    with Image.open(path) as image:
        width, height = image.size
        if image.getexif().get(0x0112) in (5, 6, 7, 8):  # rotated a quarter turn
            return height, width
        return width, height


def _encode(data: bytes) -> dict[str, bytes]:
    """Every variant of one original, by file suffix (-480.webp, ..., -960.jpg)."""
    with Image.open(io.BytesIO(data)) as opened:
        image = ImageOps.exif_transpose(opened)
        has_alpha = image.mode in ("RGBA", "LA") or "transparency" in image.info
        image = image.convert("RGBA" if has_alpha else "RGB")
    result: dict[str, bytes] = {}
    widths = [w for w in WIDTHS if w <= image.width] or [image.width]
    for width in widths:
        height = round(image.height * width / image.width)
        resized = (image if width == image.width
                   else image.resize((width, height), Image.Resampling.LANCZOS))
        out = io.BytesIO()
        resized.save(out, "WEBP", quality=80, method=4)  # no exif= argument: metadata dropped
        result[f"-{width}.webp"] = out.getvalue()
        if width == min(FALLBACK_WIDTH, widths[-1]):
            flat = resized.convert("RGB")
            if has_alpha:
                flat = Image.new("RGB", resized.size, "white")
                flat.paste(resized, mask=resized.getchannel("A"))
            out = io.BytesIO()
            flat.save(out, "JPEG", quality=82, optimize=True, progressive=True)
            result[f"-{width}.jpg"] = out.getvalue()
    return result


def variants(path: Path, src: str, cache: Path) -> list[Variant]:
    """The published files for one photo, from the cache when the original has not changed."""
    data = path.read_bytes()
    key = hashlib.sha256(data + _ENCODING.encode()).hexdigest()
    folder = cache / key[:2] / key
    if folder.is_dir():
        encoded = {p.name: p.read_bytes() for p in sorted(folder.iterdir())}
    else:
        encoded = _encode(data)
        staging = folder.with_name(f".{key}.tmp")
        staging.mkdir(parents=True, exist_ok=True)
        for suffix, blob in encoded.items():
            (staging / suffix).write_bytes(blob)
        staging.replace(folder)
    stem = src.rsplit(".", 1)[0]
    result = []
    def order(suffix: str) -> tuple[str, int]:  # "-480.webp" -> ("webp", 480)
        width, kind = suffix[1:].split(".")
        return kind, int(width)

    for suffix, blob in sorted(encoded.items(), key=lambda kv: order(kv[0])):
        with Image.open(io.BytesIO(blob)) as image:
            width, height = image.size
        result.append(Variant(stem + suffix, width, height, blob))
    return result
