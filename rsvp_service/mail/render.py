"""Rendering email bodies (plain text and HTML) from jinja2 templates."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape


@cache
def _environment() -> Environment:
    # Built once per process; templates are read-only package data.
    return Environment(
        loader=PackageLoader("rsvp_service.mail", "templates"),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Templates ship with the code; checking their mtime on every render is wasted work.
        auto_reload=False,
    )


def render(name: str, **context: Any) -> tuple[str, str]:
    """Render mail/templates/<name>.txt and <name>.html; return (text, html)."""
    environment = _environment()
    text = environment.get_template(f"{name}.txt").render(**context)
    html = environment.get_template(f"{name}.html").render(**context)
    return text, html
