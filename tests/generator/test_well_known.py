"""security.txt, the icons and the web manifest: the files clients ask for at fixed addresses."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image

BUILT_AT = "2026-03-01T12:00:00-06:00"


def _build(run_cli: Callable[..., tuple[int, str, str]], content: Path, out: Path) -> Path:
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert status == 0, stderr
    return out / "public"


def _fields(text: str) -> dict[str, str]:
    pairs = [line.split(": ", 1) for line in text.splitlines() if line and not line.startswith("#")]
    return {name: value for name, value in pairs}


def test_security_txt_names_the_contact_and_expires_within_a_year_of_the_build(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", BUILT_AT)
    public = _build(run_cli, content, tmp_path / "out")

    fields = _fields((public / ".well-known/security.txt").read_text(encoding="utf-8"))
    assert fields["Contact"] == "mailto:security@civicstl.org"
    assert fields["Preferred-Languages"] == "en"
    assert fields["Canonical"] == "https://civicstl.org/.well-known/security.txt"
    # RFC 9116: an Internet date-time, in the future, less than a year ahead.
    expires = dt.datetime.fromisoformat(fields["Expires"].replace("Z", "+00:00"))
    built = dt.datetime.fromisoformat(BUILT_AT)
    assert built < expires < built + dt.timedelta(days=365)


def test_a_rebuild_later_moves_the_expiry_on(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CIVIC_NOW", BUILT_AT)
    first = _build(run_cli, content, tmp_path / "a") / ".well-known/security.txt"
    monkeypatch.setenv("CIVIC_NOW", "2026-09-01T12:00:00-05:00")
    later = _build(run_cli, content, tmp_path / "b") / ".well-known/security.txt"

    expiry = [_fields(p.read_text(encoding="utf-8"))["Expires"] for p in (first, later)]
    assert expiry[0] < expiry[1]
    assert expiry[1] > "2027-"


def test_without_a_security_contact_no_security_txt_is_published(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
    edit: Callable[[str, str, str], None],
) -> None:
    edit("site.yaml", "security_contact: security@civicstl.org\n", "")
    public = _build(run_cli, content, tmp_path / "out")

    assert not (public / ".well-known").exists()
    assert (public / "favicon.ico").is_file()


def test_the_icons_are_real_images_of_their_sizes(
    run_cli: Callable[..., tuple[int, str, str]], content: Path, tmp_path: Path,
) -> None:
    public = _build(run_cli, content, tmp_path / "out")

    with Image.open(public / "favicon.ico") as ico:
        assert ico.format == "ICO"
        assert sorted(ico.info["sizes"]) == [(16, 16), (32, 32), (48, 48)]
    with Image.open(public / "apple-touch-icon.png") as touch:
        assert (touch.format, touch.size, touch.mode) == ("PNG", (180, 180), "RGB")
        # Opaque to the corners (iOS rounds them), in the brand colour.
        assert touch.getpixel((0, 0)) == touch.getpixel((90, 90)) == (0x1D, 0x4E, 0x89)
    svg = (public / "icon.svg").read_text(encoding="utf-8")
    assert "fill='#1d4e89'" in svg

    manifest = json.loads((public / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "CivicSTL"
    assert manifest["theme_color"] == "#1d4e89"
    assert manifest["start_url"] == "/"
    for icon in manifest["icons"]:
        data = (public / icon["src"].lstrip("/")).read_bytes()
        if icon["type"] == "image/png":
            with Image.open(io.BytesIO(data)) as image:
                assert f"{image.width}x{image.height}" == icon["sizes"]
                # Rounded: the corner is transparent, the middle is not.
                assert image.getpixel((0, 0))[3] == 0
                assert image.getpixel((image.width // 2, image.height // 2))[3] == 255
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
