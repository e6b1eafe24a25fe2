"""What the build leaves on disk, as the service serves it: the paged build's files.

Issue 39: the build wrote the generator's images and feeds a second time into the site, and an
index.pageContext.json beside every HTML-only page, which no client ever fetches.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _routes(content: Path) -> list[dict[str, str]]:
    routes: list[dict[str, str]] = json.loads((content / "routes.json").read_text("utf-8"))
    return routes


def _folder(site: Path, path: str) -> Path:
    return site if path == "/" else site / path.lstrip("/")


def test_html_only_pages_have_no_page_context_file(paged_build: tuple[Path, Path]) -> None:
    """Profiles (and the other content pages), the Event Feed and the event pages load no
    framework, so a link to one is a plain page load: no pageContext.json is written for them.
    The app's pages keep theirs, which the client router fetches when it navigates to them."""
    site, content = paged_build
    routes = _routes(content)
    profiles = [r["path"] for r in routes if r["kind"] == "profile"]
    events = [r["path"] for r in routes if r["path"].startswith("/events/")]
    assert len(profiles) > 100 and events
    for path in [*profiles, *events, "/", "/about", "/features"]:
        assert (_folder(site, path) / "index.html").is_file(), path
        assert not (_folder(site, path) / "index.pageContext.json").exists(), path
    for path in ("/login", "/dashboard"):
        assert (_folder(site, path) / "index.pageContext.json").is_file(), path


def test_the_generators_public_files_are_linked_not_copied(paged_build: tuple[Path, Path]) -> None:
    """Every image, share card, feed and icon of the generator's public/ is the same file in
    the site (one write, not two), byte for byte what the service then serves."""
    site, content = paged_build
    public = content / "public"
    files = [p for p in public.rglob("*") if p.is_file()]
    assert len(files) > 100
    for source in files:
        served = site / source.relative_to(public)
        assert served.samefile(source), served


def test_the_build_leaves_no_pointer_to_itself_in_node_modules(
    paged_build: tuple[Path, Path],
) -> None:
    """node_modules is shared by every copy of site/ (the tests' and the bench's copies, other
    worktrees): a build that recorded its server entry there (Vike's server-entry plugin's auto
    importer) made another copy's prerender import this build's entry and render its pages."""
    site, _ = paged_build
    source = site.parent / "site-src"
    assert (source / "dist" / "server" / "entry.mjs").is_file()
    runtime = ROOT / "site/node_modules/@brillout/vite-plugin-server-entry/dist/esm/runtime"
    assert str(source) not in (runtime / "autoImporter.js").read_text(encoding="utf-8")


def test_the_web_editor_is_in_the_site(paged_build: tuple[Path, Path]) -> None:
    """The editor's script, bundled beside the generator (`npm run bundle`), is in /admin with its
    page, Decap CMS and the generator's configuration."""
    site, content = paged_build
    admin = site / "admin"
    bundled = site.parent / "site-src" / "dist" / "admin" / "civicstl-cms.js"
    assert (admin / "civicstl-cms.js").read_bytes() == bundled.read_bytes()
    assert bundled.stat().st_size > 10_000
    assert '<script src="/admin/civicstl-cms.js"></script>' in (admin / "index.html").read_text()
    assert (admin / "decap-cms.js").stat().st_size > 100_000
    assert (admin / "config.yml").samefile(content / "public" / "admin" / "config.yml")
