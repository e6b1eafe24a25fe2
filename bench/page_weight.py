"""Page weight of every route of the built site: HTML bytes and first-visit JavaScript.

First-visit JavaScript is every `<script src>`, every `<link rel=modulepreload>` (or preload as
script), the modules those statically import, and inline scripts; raw and gzipped (level 9).
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

from bench.context import Context
from bench.report import Row, failed, listing

CONTENT_MAX_RAW = 2 * 1024
INTERACTIVE_MAX_GZIP = 110 * 1024
# The Event Feed and the event pages are HTML-only with a small enhancement of their forms
# (issue 39): their own budget of first-load JavaScript, and the feed's HTML holds its content once.
LIGHT_MAX_GZIP = 50 * 1024
LIGHT_FIRST_SEGMENTS = frozenset({"features", "events"})
HTML_MAX_RAW = {"/features": 80 * 1024}
TARGETS = {
    "content": "<= 2 KB JS, no framework",
    "light": "<= 50 KB JS gzipped",
    "interactive": "<= 110 KB JS gzipped",
}
# The app's client-rendered pages are the site's pages/(app)/<first segment>/ folders (events,
# the civic index's /organizations/page/N, /organize/...); everything else (/, /about, /tornado,
# profiles, 404) is content.
APP_PAGES = Path(__file__).resolve().parents[1] / "site" / "pages" / "(app)"
JS_TYPES = frozenset({"", "module", "text/javascript", "application/javascript"})
_STATIC_IMPORT = re.compile(
    rb"""(?:\bimport|\bexport)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']""")
# Framework code: any ES module (Vike's entries and chunks are modules) or React/Vike by their
# markers. The site's classic nav script (src/nav.js, hashed under /assets/) only counts against
# the 2 KB.
_FRAMEWORK = re.compile(rb"react\.production|react-dom|__reactContainer|vike-react|vike/client")


class _Scripts(HTMLParser):
    """Collects external script URLs and inline script bodies of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []
        self.inline: list[str] = []
        self.classic: set[str] = set()
        self._inline_js = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag == "script":
            is_js = a.get("type", "").lower() in JS_TYPES
            if is_js and a.get("src"):
                self.urls.append(a["src"])
                if a.get("type", "").lower() != "module":
                    self.classic.add(a["src"])
            self._inline_js = is_js and not a.get("src")
        elif tag == "link":
            rel = a.get("rel", "").lower().split()
            if "modulepreload" in rel or ("preload" in rel and a.get("as") == "script"):
                self.urls.append(a.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._inline_js = False

    def handle_data(self, data: str) -> None:
        if self._inline_js and data.strip():
            self.inline.append(data)


@dataclass
class Weight:
    """What one route costs on first visit."""

    path: str
    kind: str
    html_raw: int
    html_gzip: int
    js_raw: int = 0
    js_gzip: int = 0
    inline_raw: int = 0
    files: list[str] = field(default_factory=list)
    framework: bool = False
    modules: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        """Budget breaches, in words."""
        found = []
        if self.kind == "content":
            if self.framework:
                found.append(f"loads framework JS ({', '.join(self.modules) or 'by its content'})")
            if self.js_raw > CONTENT_MAX_RAW:
                found.append(f"{self.js_raw} B of JS > {CONTENT_MAX_RAW} B")
        elif self.kind == "light":
            if self.js_gzip > LIGHT_MAX_GZIP:
                found.append(f"{self.js_gzip / 1024:.1f} KB gzipped > 50 KB")
        elif self.js_gzip > INTERACTIVE_MAX_GZIP:
            found.append(f"{self.js_gzip / 1024:.1f} KB gzipped > 110 KB")
        html_max = HTML_MAX_RAW.get(self.path)
        if html_max is not None and self.html_raw > html_max:
            found.append(f"HTML {self.html_raw / 1024:.1f} KB > {html_max // 1024} KB")
        return found


def _gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def _asset(site: Path, url: str) -> Path:
    return site / url.split("?", 1)[0].split("#", 1)[0].lstrip("/")


def _module_graph(site: Path, urls: list[str]) -> list[str]:
    """The given script URLs plus every module they import statically, each once."""
    seen: list[str] = []
    todo = list(urls)
    while todo:
        url = todo.pop(0)
        if url in seen or url.startswith(("http:", "https:", "//")):
            continue
        seen.append(url)
        for spec in _STATIC_IMPORT.findall(_asset(site, url).read_bytes()):
            target = spec.decode()
            if target.startswith("."):
                target = str(PurePosixPath(url).parent / target)
                target = re.sub(r"/(?:\./)+", "/", target)
                while "/../" in target:
                    target = re.sub(r"/[^/]+/\.\./", "/", target, count=1)
            if target.startswith("/"):
                todo.append(target)
    return seen


def weigh(site: Path, path: str) -> Weight:
    """Measure one route of a built site."""
    name = "404.html" if path == "/404" else f"{path.strip('/')}/index.html".lstrip("/")
    html = (site / name).read_bytes()
    parser = _Scripts()
    parser.feed(html.decode())
    first = path.strip("/").split("/")[0]
    kind = ("light" if first in LIGHT_FIRST_SEGMENTS
            else "interactive" if first and (APP_PAGES / first).is_dir() else "content")
    w = Weight(path, kind, len(html), _gz(html))
    w.files = _module_graph(site, parser.urls)
    inline = "".join(parser.inline).encode()
    w.inline_raw = len(inline)
    w.js_raw, w.js_gzip = len(inline), _gz(inline) if inline else 0
    w.framework = bool(_FRAMEWORK.search(inline))
    for url in w.files:
        body = _asset(site, url).read_bytes()
        w.js_raw += len(body)
        w.js_gzip += _gz(body)
        if url not in parser.classic:
            w.modules.append(url)
        w.framework = w.framework or url not in parser.classic or bool(_FRAMEWORK.search(body))
    return w


def routes(ctx: Context) -> list[str]:
    """Every route of the real build (routes.json) plus the 404 page."""
    manifest = json.loads((ctx.content_dir / "routes.json").read_text(encoding="utf-8"))
    return [r["path"] for r in manifest] + ["/404"]


def run(ctx: Context) -> list[Row]:
    """Weigh every route; one row per route, a failed gate row for each breach."""
    if not (ctx.site_dir / "index.html").exists():
        return [failed("page weight", f"no built site at {ctx.site_dir} (run make build)",
                       gate=True)]
    rows = []
    for path in routes(ctx):
        try:
            w = weigh(ctx.site_dir, path)
        except (OSError, UnicodeDecodeError) as exc:
            rows.append(failed(f"page weight {path}", str(exc), gate=True))
            continue
        target = TARGETS[w.kind] + (f", HTML <= {HTML_MAX_RAW[path] // 1024} KB"
                                    if path in HTML_MAX_RAW else "")
        measured = (f"HTML {w.html_raw / 1024:.1f} KB ({w.html_gzip / 1024:.1f} gz), "
                    f"JS {w.js_raw / 1024:.1f} KB ({w.js_gzip / 1024:.1f} gz) in "
                    f"{len(w.files)} files" + (f" + {w.inline_raw} B inline" if w.inline_raw
                                               else ""))
        problems = w.problems()
        if problems:
            measured += "; " + "; ".join(problems)
        rows.append(Row(f"page weight {path} ({w.kind})", measured, target, not problems,
                        {**w.__dict__}, detail=True))
    return [*_summary(rows), *rows]


def _summary(rows: list[Row]) -> list[Row]:
    """One gate row per kind of page: the heaviest page against the budget."""
    summary = []
    for kind, key in (("content", "js_raw"), ("light", "js_gzip"), ("interactive", "js_gzip")):
        target = TARGETS[kind]
        mine = [r for r in rows if r.data.get("kind") == kind]
        broken = [r.data.get("path", r.benchmark) for r in rows
                  if r.ok is False and r.data.get("kind", kind) == kind]
        if not mine:
            continue
        heaviest = max(mine, key=lambda r: r.data[key])
        d = heaviest.data
        measured = (f"{len(mine)} pages; heaviest {d['path']}: JS {d['js_raw'] / 1024:.1f} KB "
                    f"({d['js_gzip'] / 1024:.1f} gz), HTML {d['html_raw'] / 1024:.1f} KB")
        if kind == "content":
            measured += ", framework on " + (
                listing([r.data["path"] for r in mine if r.data["framework"]]) or "none")
        if broken:
            measured += "; over budget: " + listing(broken)
        summary.append(Row(f"page weight, {kind} pages", measured, target, not broken,
                           {"pages": len(mine), "over_budget": broken}, gate=True))
    return summary
