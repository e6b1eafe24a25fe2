"""The scaffold's placeholder marker, and the rule that keeps placeholder text from going live."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

# Every text `new-org` leaves for the editor to write starts with this word, so the check can
# tell a filled-in profile from a scaffold, and an editor can search the file for it.
MARKER = "REPLACE"


def is_placeholder(text: str) -> bool:
    """Whether a text is still the scaffold's placeholder."""
    return text.startswith(MARKER + " ") or text == MARKER


def placeholder_fields(model: BaseModel) -> list[tuple[tuple[Any, ...], str]]:
    """Every text inside a model (nested models and lists included) that is still a placeholder."""
    # Serialising (in Rust) is ~10x cheaper than walking the model in Python; walk only on a hit.
    if MARKER not in model.model_dump_json():
        return []
    return _walk(model, ())


def _walk(value: Any, loc: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], str]]:
    found: list[tuple[tuple[Any, ...], str]] = []
    if isinstance(value, str):
        if is_placeholder(value):
            found.append((loc, value))
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            found += _walk(getattr(value, name), (*loc, name))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += _walk(item, (*loc, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _walk(item, (*loc, key))
    return found
