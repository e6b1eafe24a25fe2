"""Descriptions in a small Markdown subset: paragraphs, bold, italic, links and lists.

Rendered at build time by markdown-it-py with raw HTML disabled, so `<script>` in a description is
shown as text, never run; the site shows only this output as HTML. Headings, quotes, code, images
and tables are not enabled: their Markdown stays plain text.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

_RULES = ["emphasis", "link", "list", "newline", "escape", "entity"]
_RENDER = MarkdownIt("zero", {"html": False}).enable(_RULES)
# The checker sees every link, even javascript: ones the renderer would drop, to report them.
_CHECK = MarkdownIt("zero", {"html": False}).enable(_RULES)
_CHECK.validateLink = lambda url: True  # type: ignore[method-assign]


def to_html(text: str) -> str:
    """The description as HTML: <p>, <strong>, <em>, <a href>, <ul>/<ol>/<li> and <br> only."""
    return _RENDER.render(text)


def links(text: str) -> list[str]:
    """Every link target written in the text, in order, as written."""
    found: list[str] = []

    def walk(tokens: list[Token]) -> None:
        for token in tokens:
            if token.type == "link_open":
                found.append(str(token.attrGet("href") or ""))
            if token.children:
                walk(token.children)

    walk(_CHECK.parse(text))
    return found
