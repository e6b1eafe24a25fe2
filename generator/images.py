"""Images: reading an SVG's intrinsic size, refusing SVGs that run code, drawing monograms."""

from __future__ import annotations

import re
import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from html import escape
from pathlib import Path
from string import Formatter
from typing import NamedTuple
from urllib.parse import quote

import defusedxml
import defusedxml.sax

_SVG_TAG = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE | re.DOTALL)
_ATTR = re.compile(rb"""\b(width|height|viewBox)\s*=\s*["']([^"']+)["']""", re.IGNORECASE)

MONOGRAM_SIZE = 160


def svg_size(path: Path) -> tuple[int, int] | None:
    """Return (width, height) from an SVG's root element, or None when it has neither."""
    head = path.read_bytes()[:4096]
    tag = _SVG_TAG.search(head)
    if not tag:
        return None
    attrs = {name.decode().lower(): value.decode() for name, value in _ATTR.findall(tag.group())}
    try:
        if "width" in attrs and "height" in attrs:
            return int(float(attrs["width"].removesuffix("px"))), int(
                float(attrs["height"].removesuffix("px"))
            )
        if "viewbox" in attrs:
            _, _, w, h = (float(v) for v in re.split(r"[\s,]+", attrs["viewbox"].strip()))
            return int(w), int(h)
    except ValueError:
        return None
    return None


def is_supported(path: Path) -> bool:
    """Whether the file is an SVG (photos in other formats are generator.photos' job)."""
    return path.suffix.lower() == ".svg"


# An SVG is published as it is, from the site's own origin, so it may hold only drawing: no
# script, no event handler, no javascript: URL, and nothing loaded from another file or site.
_ACTIVE_ELEMENTS = {"script", "foreignobject", "handler", "iframe", "embed", "object"}
# Animations set another attribute's value: aimed at an event handler or a link, they add one.
_ANIMATIONS = {"set", "animate", "animatetransform", "animatemotion", "animatecolor"}
_EXTERNAL_URL = re.compile(r"url\(\s*['\"]?\s*(?!#)|@import", re.IGNORECASE)
_SAFE_HREF = re.compile(r"#|data:image/(png|jpeg|gif|webp)[;,]", re.IGNORECASE)
_WHY = ("SVGs are published as they are, so they may hold only drawing; or export the picture "
        "as PNG or JPEG instead.")


def _a(word: str) -> str:
    """The article before a word: an <animate>, a <set>."""
    return "an" if word[:1].lower() in "aeiou" else "a"


class _Unsafe(NamedTuple):
    """One thing an SVG must not hold: what it is, on which line, and what to do."""

    what: str
    line: int
    hint: str


class _Inspector(xml.sax.handler.ContentHandler):
    """Walks an SVG's elements and notes every active or external part."""

    def __init__(self) -> None:
        super().__init__()
        self.locator: xml.sax.xmlreader.Locator | None = None
        self.in_style = False
        self.found: list[_Unsafe] = []
        # Inside an element already refused, whose deletion removes what is inside it too.
        self.refused_depth = 0

    def setDocumentLocator(self, locator: xml.sax.xmlreader.Locator) -> None:
        self.locator = locator

    def _note(self, what: str, hint: str) -> None:
        line = self.locator.getLineNumber() if self.locator else None
        self.found.append(_Unsafe(what, line or 1, hint))

    def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:
        local = name.rsplit(":", 1)[-1].lower()
        if self.refused_depth:
            self.refused_depth += 1
            return
        if local in _ACTIVE_ELEMENTS:
            self._note(f"{_a(name)} <{name}> element",
                       f"Delete the <{name}> element and everything inside it. {_WHY}")
            self.refused_depth = 1
            return
        self.in_style = local == "style"
        if local in _ANIMATIONS:
            self._animation(name, attrs)
        for attr, value in attrs.items():
            attr_local = attr.rsplit(":", 1)[-1].lower()
            compact = "".join(value.split()).lower()
            if attr_local.startswith("on"):
                self._note(f"the event handler {attr}= on <{name}>",
                           f"Delete the {attr}=\"...\" attribute. {_WHY}")
            elif "javascript:" in compact:
                self._note(f"a javascript: address in {attr}= on <{name}>",
                           f"Delete the {attr}=\"...\" attribute. {_WHY}")
            elif (attr_local == "href" and not _SAFE_HREF.match(value.strip())) or (
                    attr_local != "href" and _EXTERNAL_URL.search(value)):
                self._note(f"a reference to another file ({attr}=\"{value[:60]}\") on <{name}>",
                           f"Draw it in this SVG or embed the picture, instead of linking to "
                           f"{value[:60]!r}. {_WHY}")

    def _animation(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl) -> None:
        """An animation that sets an event handler or a link adds one the file does not show."""
        target = attrs.get("attributeName", "").strip()
        target_local = target.rsplit(":", 1)[-1].lower()
        if target_local.startswith("on") or target_local == "href":
            kind = "an event handler" if target_local.startswith("on") else "a link"
            self._note(f"{_a(name)} <{name}> element that sets {kind} "
                       f"(attributeName=\"{target[:40]}\")",
                       f"Delete the <{name}> element: an animation may change how the drawing "
                       f"looks, never its event handlers or links. {_WHY}")

    def endElement(self, name: str) -> None:
        self.in_style = False
        if self.refused_depth:
            self.refused_depth -= 1

    def characters(self, content: str) -> None:
        if self.in_style and not self.refused_depth and _EXTERNAL_URL.search(content):
            self._note("a stylesheet that loads another file (url() or @import) in <style>",
                       f"Remove the url(...) or @import from the <style>. {_WHY}")

    def processingInstruction(self, target: str, data: str) -> None:
        if target.lower() == "xml-stylesheet":
            self._note("an <?xml-stylesheet?> line, which loads another file",
                       f"Delete that line. {_WHY}")


def svg_problems(path: Path, shown: str) -> list[tuple[str, str, str]]:
    """Every reason an SVG cannot be published, each as (expected, found, hint); [] when safe.

    `shown` is the file's path as the messages name it.
    """
    expected = "an SVG that only draws: no scripts, event handlers or links to other files"
    inspector = _Inspector()
    try:
        defusedxml.sax.parseString(path.read_bytes(), inspector)
    except defusedxml.DefusedXmlException:
        return [(expected, f"an entity or external declaration in {shown}",
                 "Delete the <!DOCTYPE ...> and <!ENTITY ...> lines at the top of the file; "
                 "SVGs need neither.")]
    except xml.sax.SAXParseException as exc:
        return [("an SVG file that is well-formed XML",
                 f"{exc.getMessage()} on line {exc.getLineNumber()} of {shown}",
                 "Export the SVG again from your drawing program, or use a PNG or JPEG.")]
    return [(expected, f"{unsafe.what} on line {unsafe.line} of {shown}", unsafe.hint)
            for unsafe in inspector.found]


def initials_of(name: str) -> str:
    """Initials for a monogram: the first letter of up to three significant words."""
    words = [w for w in re.split(r"[\s\-–]+", name) if w and w[0].isalnum()]
    skip = {"of", "the", "and", "for", "in", "at", "st.", "st"}
    significant = [w for w in words if w.lower() not in skip] or words
    return "".join(w[0].upper() for w in significant[:3])


# The round monogram: white initials on the primary colour, ringed in the accent. Attributes are
# single-quoted: a double quote is no URL character, and the URI sits in a double-quoted attribute.
_MONOGRAM = (
    "<svg xmlns='http://www.w3.org/2000/svg' width='{size}' height='{size}' "
    "viewBox='0 0 {size} {size}' role='img'>"
    "<title>{label}</title>"
    "<circle cx='80' cy='80' r='76' fill='{accent}'/>"
    "<circle cx='80' cy='80' r='66' fill='{primary}'/>"
    "<text x='80' y='80' dy='0.35em' text-anchor='middle' fill='#ffffff' "
    "font-family='Helvetica, Arial, sans-serif' font-weight='700' font-size='{font}'>"
    "{initials}</text></svg>"
)
# Characters a data: URI may keep as they are (all URL code points); the rest, the space
# included, are percent-encoded, so the URI is a valid URL (the Nu Html Checker refuses a raw
# space or double quote in src).
_URI_SAFE = ":/=',;.()-_"
# Percent-encoding works byte by byte, so the template's fixed text is encoded once here and
# only the fields are encoded per logo (quoting each whole SVG cost 40 us a logo).
_MONOGRAM_PARTS = [(quote(literal, safe=_URI_SAFE), name)
                   for literal, name, _, _ in Formatter().parse(_MONOGRAM)]


def monogram_uri(initials: str, primary: str, accent: str, label: str) -> str:
    """Draw a round monogram logo as a percent-encoded `data:image/svg+xml,` URI."""
    font = {1: 72, 2: 60, 3: 46, 4: 36}.get(len(initials), 36)
    # Numbers need no encoding; text and colours (#) do.
    fields = {
        "size": str(MONOGRAM_SIZE), "font": str(font),
        "label": quote(escape(label), safe=_URI_SAFE),
        "initials": quote(escape(initials), safe=_URI_SAFE),
        "accent": quote(accent, safe=_URI_SAFE), "primary": quote(primary, safe=_URI_SAFE),
    }
    return "data:image/svg+xml," + "".join(
        literal + fields[name] if name else literal for literal, name in _MONOGRAM_PARTS
    )
