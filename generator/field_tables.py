"""The editors' guide's field tables, written from the models' descriptions so they cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from generator.schemas import CONTENT_MODELS

# content/README.md marks each generated table: <!-- fields: organization --> ... <!-- /fields -->
_BLOCK = re.compile(r"(<!-- fields: ([a-z-]+) -->\n)(.*?)(<!-- /fields -->)", re.DOTALL)


def field_table(model: type[BaseModel]) -> str:
    """A Markdown table: one row per field, in the model's order, with its description."""
    rows = ["| Field | What it holds |", "|---|---|"]
    for name, info in model.model_fields.items():
        rows.append(f"| `{info.alias or name}` | {info.description} |")
    return "\n".join(rows) + "\n"


def refresh(guide: str) -> str:
    """The guide's text with every marked table rewritten from its model."""
    return _BLOCK.sub(
        lambda m: m.group(1) + field_table(CONTENT_MODELS[m.group(2)]) + m.group(4), guide
    )


def write(path: Path) -> bool:
    """Rewrite the guide's tables in place; True when something changed."""
    text = path.read_text(encoding="utf-8")
    new = refresh(text)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text
