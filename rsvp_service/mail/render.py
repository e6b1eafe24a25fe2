"""Rendering email bodies (plain text and HTML) from jinja2 templates, in the email's language.

Templates hold their sentences in `{% trans %}` blocks (jinja2.ext.i18n); `make i18n` extracts
them. A line ending in `{% endtrans %}` is followed by an empty line: trim_blocks eats the
newline after a block tag.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from rsvp_service.i18n import current, gettext, ngettext


@cache
def _environment() -> Environment:
    # Built once per process; templates are read-only package data.
    environment = Environment(
        loader=PackageLoader("rsvp_service.mail", "templates"),
        extensions=["jinja2.ext.i18n"],
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=False),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Templates ship with the code; checking their mtime on every render is wasted work.
        auto_reload=False,
    )
    # The callables read the language of the work at hand: build_email sets the row's.
    environment.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    return environment


def render(name: str, **context: Any) -> tuple[str, str]:
    """Render mail/templates/<name>.txt and <name>.html; return (text, html)."""
    environment = _environment()
    context["language"] = current()
    text = environment.get_template(f"{name}.txt").render(**context)
    html = environment.get_template(f"{name}.html").render(**context)
    return text, html
