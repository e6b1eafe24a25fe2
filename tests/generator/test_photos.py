"""Photos: JPEG/PNG/WebP checked by size, published only as metadata-free responsive variants."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

from generator import photos
from tests.generator.generator_testkit import profile

KEEN = "content/organizations/keenstl.yaml"
PHOTO = "images/organizations/keenstl/photo-2"


def _jpeg_with_gps(path: Path, size: tuple[int, int] = (1700, 1000)) -> None:
    exif = Image.Exif()
    exif[0x010F] = "Test camera"
    exif.get_ifd(0x8825).update({1: "N", 2: (38.0, 38.0, 12.0), 3: "W", 4: (90.0, 17.0, 5.0)})
    Image.new("RGB", size, (40, 120, 60)).save(path, quality=85, exif=exif)


@pytest.fixture
def use_photo(content: Path, edit: Callable[[str, str, str], None]) -> Callable[[str], Path]:
    """Point keenstl's second photo at a new file with the given extension; return its path."""

    def apply(ext: str) -> Path:
        edit("organizations/keenstl.yaml", "keenstl/photo-2.svg", f"keenstl/photo-2{ext}")
        return content / f"{PHOTO}{ext}"

    return apply


def test_a_jpeg_becomes_webp_variants_and_a_jpeg_fallback_without_exif(
    content: Path, use_photo: Callable[[str], Path], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    _jpeg_with_gps(use_photo(".jpg"))
    out = tmp_path / "build" / "content"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    folder = out / "public" / "images" / "organizations" / "keenstl"
    assert sorted(p.name for p in folder.glob("photo-2*")) == [
        "photo-2-1600.webp", "photo-2-480.webp", "photo-2-960.jpg", "photo-2-960.webp"]
    for variant in folder.glob("photo-2*"):
        with Image.open(variant) as image:
            assert dict(image.getexif()) == {}, f"{variant.name} kept metadata"
            assert "exif" not in image.info
            assert image.width in (480, 960, 1600)
    org = profile(out, "keenstl")
    base = "/images/organizations/keenstl/photo-2"
    assert org["photos"][1] == {
        "src": f"{base}-960.jpg", "alt": org["photos"][1]["alt"], "width": 1600, "height": 941,
        "srcset": f"{base}-480.webp 480w, {base}-960.webp 960w, {base}-1600.webp 1600w",
    }


def test_unchanged_photos_are_not_encoded_again(
    content: Path, use_photo: Callable[[str], Path], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    _jpeg_with_gps(use_photo(".jpg"))
    first, second = tmp_path / "build" / "content", tmp_path / "build" / "again"
    assert run_cli("build", "--content", str(content), "--out", str(first))[0] == 0
    assert any((tmp_path / "build" / ".image-cache").rglob("-960.webp"))

    def refuse(data: bytes) -> dict[str, bytes]:
        raise AssertionError("an unchanged photo was encoded again")

    monkeypatch.setattr(photos, "_encode", refuse)
    assert run_cli("build", "--content", str(content), "--out", str(second))[0] == 0
    name = "public/images/organizations/keenstl/photo-2-960.webp"
    assert (first / name).read_bytes() == (second / name).read_bytes()


def test_a_png_with_transparency_gets_a_white_jpeg_fallback(
    content: Path, use_photo: Callable[[str], Path], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    Image.new("RGBA", (800, 500), (0, 0, 0, 0)).save(use_photo(".png"))
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(content), "--out", str(out))[0] == 0
    folder = out / "public" / "images" / "organizations" / "keenstl"
    names = sorted(p.name for p in folder.glob("photo-2*"))
    assert names == ["photo-2-480.jpg", "photo-2-480.webp"]
    with Image.open(folder / "photo-2-480.jpg") as fallback:
        assert fallback.getpixel((10, 10)) == (255, 255, 255)


@pytest.mark.parametrize(("ext", "make", "expected"), [
    (".jpg", lambda p: Image.new("RGB", (300, 200)).save(p),
     "expected an image at least 480×270 pixels, found 300×200 pixels. Use a larger original; "
     "small pictures look blurry on the site."),
    (".webp", lambda p: Image.new("RGB", (8001, 300)).save(p),
     "expected an image at most 8000×8000 pixels, found 8001×300 pixels. Export it smaller "
     "(2000 pixels wide is plenty)."),
    (".jpg", lambda p: Image.new("RGB", (800, 500)).save(p, "PNG"),
     "expected a JPEG image, as its name says, found a PNG image. Rename the file to end in "
     ".png, or export it again."),
    (".png", lambda p: p.write_bytes(b"not a picture"),
     "expected a PNG image, found a file that is not one. Export the picture again as JPEG, PNG "
     "or WebP."),
    (".jpg", lambda p: p.write_bytes(b"\xff" * (photos.MAX_BYTES + 1)),
     "expected an image file of at most 10 MB, found 10.0 MB (10,485,761 bytes). Export it "
     "smaller (2000 pixels wide is plenty); the site makes its own sizes."),
], ids=["tiny", "oversized", "wrong format", "not an image", "too many bytes"])
def test_unusable_photos_are_errors_with_the_numbers(
    ext: str, make: Callable[[Path], None], expected: str, content: Path,
    use_photo: Callable[[str], Path], run_cli: Callable[..., tuple[int, str, str]],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    make(use_photo(ext))
    monkeypatch.chdir(tmp_path)
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == f"{KEEN}:17:10: photos[1].src: {expected}"
