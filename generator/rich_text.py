"""Descriptions in a small Markdown subset: paragraphs, bold, italic, links and lists.

Rendered at build time by markdown-it-py with raw HTML disabled, so `<script>` in a description is
shown as text, never run; the site shows only this output as HTML. parse() names the HTML tags it
showed as text, for the check's warning. Headings, quotes, code and tables are not enabled: their
Markdown stays plain text. Images are parsed only to be named (the check refuses them), never
rendered. Places that take no HTML (meta descriptions, JSON-LD, calendar files) get its `text`
from the same parse: the text a reader sees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

_RULES = ["emphasis", "link", "list", "newline", "escape", "entity"]
# Parses every link, even the javascript: ones markdown-it drops, so that the checker reports them,
# and images, so that the checker names them as pictures rather than as links after a "!".
_PARSE = MarkdownIt("zero", {"html": False}).enable([*_RULES, "image"])
_PARSE.validateLink = lambda url: True  # type: ignore[method-assign]
# markdown-it's own rules: only links they accept are rendered as links.
_SAFE = MarkdownIt("zero", {"html": False}).enable(_RULES)
_BLANK_LINES = re.compile(r"\n{3,}")
# An HTML tag as a person writes one (<b>, </p>, <br/>, <a href="...">), left as text.
_HTML_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")


@dataclass(frozen=True, slots=True)
class RichText:
    """A description parsed once: its HTML, its plain text, every link target and image as
    written (`![alt](src)`), and the HTML tags it shows as text."""

    html: str
    links: tuple[str, ...]
    text: str
    images: tuple[str, ...] = ()
    html_tags: tuple[str, ...] = ()


def parse(text: str) -> RichText:
    """Parse the text; HTML has <p>, <strong>, <em>, <a href>, <ul>/<ol>/<li> and <br> only."""
    tokens = _PARSE.parse(text)
    links = tuple(_of_type(tokens, "link_open"))
    images = tuple(_of_type(tokens, "image"))
    if not images and all(_SAFE.validateLink(href) for href in links):
        html = _PARSE.renderer.render(tokens, _PARSE.options, {})
    else:
        # A link markdown-it refuses stays text, an image a "!" and a link. The content check
        # reports both, so a build never writes this HTML; the fallback keeps parse() safe.
        html = _SAFE.render(text)
    tags = tuple(tag for piece in _of_type(tokens, "text") for tag in _HTML_TAG.findall(piece))
    return RichText(html, links, _plain(tokens), images, tags)


def _of_type(tokens: list[Token], kind: str) -> list[str]:
    """What the inline tokens of one kind hold, in order: a link's href, an image's whole
    Markdown, a text's words."""
    found: list[str] = []
    for token in tokens:
        if token.type == kind:
            found.append(_held(token))
        if token.children:
            found.extend(_of_type(token.children, kind))
    return found


def _held(token: Token) -> str:
    if token.type == "link_open":
        return str(token.attrGet("href") or "")
    if token.type == "image":
        return f"![{token.content}]({token.attrGet('src') or ''})"
    return token.content


def _plain(tokens: list[Token]) -> str:
    # Numbered items keep their number; paragraphs and lists stay apart by a blank line.
    out: list[str] = []
    for token in tokens:
        if token.type in ("bullet_list_open", "ordered_list_open") and out:
            out.append("\n")  # a list nested in an item starts on a line of its own
        elif token.type == "list_item_open" and token.markup in (".", ")"):
            out.append(f"{token.info}{token.markup} ")
        elif token.type == "inline":
            out.append("".join(_inline_text(token.children or [])))
        elif token.type == "paragraph_close" and not token.hidden:
            out.append("\n\n")
        elif token.type == "list_item_close" and not out[-1].endswith("\n"):
            out.append("\n")
        elif token.type in ("bullet_list_close", "ordered_list_close") and token.level == 0:
            out.append("\n")  # the blank line after a list
    return _BLANK_LINES.sub("\n\n", "".join(out)).strip("\n")


def _inline_text(children: list[Token]) -> list[str]:
    # Only text carries words: the open/close tokens of links and emphasis are the marks.
    breaks = {"softbreak": " ", "hardbreak": "\n"}
    return [child.content if child.type == "text" else breaks.get(child.type, "")
            for child in children]
