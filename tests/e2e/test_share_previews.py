"""Shared links: every built page names a preview picture (og:image, twitter:image) by an absolute
URL of a file the build holds, with its alt text and size: event, series date, series and profile
pages their own, every other page the site's card.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from PIL import Image

from tests.e2e.helpers import BUILD_CONTENT, BUILD_SITE


class _Meta(HTMLParser):
    """Every <meta property|name=... content=...> of a page, by its property or name."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        key = found.get("property") or found.get("name")
        if tag == "meta" and key and found.get("content") is not None:
            self.tags.setdefault(key, []).append(str(found["content"]))


def _meta(path: str) -> dict[str, str]:
    parser = _Meta()
    parser.feed((BUILD_SITE / path.lstrip("/") / "index.html").read_text(encoding="utf-8"))
    # Open Graph's one list: the page's other languages (issue 41), checked by test_languages.py.
    alternates = parser.tags.pop("og:locale:alternate", [])
    assert len(alternates) == 2, f"{path} names {alternates} as its other languages"
    repeated = {key: values for key, values in parser.tags.items() if len(values) > 1}
    assert not repeated, f"{path} repeats {sorted(repeated)}"
    return {key: values[0] for key, values in parser.tags.items()}


def _pages(routes: list[dict[str, Any]], events: dict[str, Any]) -> dict[str, str]:
    """One page of each kind: a one-day event, a date of a series, a series, a profile."""
    by_path = {e["path"]: e for e in events["events"]}
    kinds = {r["path"]: r["kind"] for r in routes}
    return {
        "event": next(p for p, k in kinds.items() if k == "event" and not by_path[p]["series"]),
        "series date": next(p for p, k in kinds.items() if k == "event" and by_path[p]["series"]),
        "series": next(p for p, k in kinds.items() if k == "series"),
        "profile": next(p for p, k in kinds.items() if k == "profile"),
    }


@pytest.mark.parametrize("kind", ["event", "series date", "series", "profile"])
def test_a_shared_page_names_its_preview_by_an_absolute_url_of_a_built_file(
        kind: str, routes: list[dict[str, Any]], events: dict[str, Any]) -> None:
    path = _pages(routes, events)[kind]
    site_url = json.loads((BUILD_CONTENT / "site.json").read_text())["url"]
    tags = _meta(path)
    image_url = tags["og:image"]
    assert tags["twitter:image"] == image_url
    assert image_url.startswith(site_url.rstrip("/") + "/"), image_url
    assert tags["og:url"] == site_url.rstrip("/") + path
    file: Path = BUILD_SITE / urlsplit(image_url).path.lstrip("/")
    assert file.is_file(), f"{path}: og:image {image_url} is not in build/site"
    with Image.open(file) as picture:
        size = picture.size
        mime = Image.MIME[str(picture.format)]
    assert (int(tags["og:image:width"]), int(tags["og:image:height"])) == size
    assert tags["og:image:type"] == mime
    assert tags["og:image:alt"] and tags["twitter:image:alt"] == tags["og:image:alt"]
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:locale"] == "en_US"


@pytest.mark.parametrize("path", ["/", "/about", "/features", "/organizations", "/login"])
def test_a_page_without_a_picture_of_its_own_shares_the_site_card(path: str) -> None:
    tags = _meta(path)
    home = _meta("/")
    assert tags["og:image"] == home["og:image"] == tags["twitter:image"]
    assert urlsplit(tags["og:image"]).path.startswith("/share/site/")
    assert (BUILD_SITE / urlsplit(tags["og:image"]).path.lstrip("/")).is_file()
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    assert tags["og:image:alt"]
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:locale"] == "en_US"


def test_every_page_of_the_site_names_a_preview(routes: list[dict[str, Any]]) -> None:
    missing = [r["path"] for r in routes if "og:image" not in _meta(r["path"])]
    assert not missing, missing
