"""Placeholders: the one list of texts and pictures that must never reach the site.

The scaffolds (`new-org`, `new-event`) write their texts from here, the editors' guide's sample
event uses the sample texts below (a test holds it to them), and the check refuses every one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel

# Every text a scaffold leaves for the editor to write starts with this word, so the check can
# tell a filled-in file from a scaffold, and an editor can search the file for it.
MARKER = "REPLACE"
# The guide's sample event says what goes in each field; copied unchanged, it is a placeholder.
SAMPLE_TEXTS = (
    "What volunteers will do, in a few sentences.",
    "Optional note shown after the event.",
    "What the picture shows.",
)
# The grey pictures earlier scaffolds put in place of photos (profiles need none now); files made
# then may still hold them, so the check refuses them by this title.
PICTURE_TITLE = "Placeholder picture"
PLACEHOLDER_SVG = f"""\
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img">\
<title>{PICTURE_TITLE}</title><rect width="800" height="500" fill="#e5e7eb"/>\
<circle cx="400" cy="230" r="90" fill="#9ca3af"/><rect x="250" y="360" width="300" height="30" \
rx="15" fill="#9ca3af"/></svg>
"""


@dataclass(frozen=True)
class Kind:
    """One kind of placeholder: how to spot it, what to call it, what to write instead."""

    pattern: re.Pattern[str]
    found: str  # {text} is the placeholder as written
    hint: str  # {field} is the field's path, {what} what the file holds
    whole: bool = True  # the whole text is the placeholder, else the part that matched


KINDS = (
    Kind(re.compile(rf"^{MARKER}\b"), "the placeholder {text} from the scaffold",
         "This {what} still has placeholder text in {field}: replace it (the words after "
         f"{MARKER} say what to write)."),
    Kind(re.compile(r"\b(?:TODO|TBD|FIXME)\b"), "the to-do note {text}",
         "Write the final text of {field}, or leave an optional field out until you have it.",
         whole=False),
    Kind(re.compile(r"\b(?i:lorem ipsum)\b"), "dummy text {text}",
         "Write the real text of {field}.", whole=False),
    Kind(re.compile("^(?:" + "|".join(re.escape(t) for t in SAMPLE_TEXTS) + ")$"),
         "{text}, the guide's sample text", "Write what {field} should say for this {what}."),
    Kind(re.compile(r"(?i:\bexample\.(?:org|com|net)\b)|://[^\s/]+/example/?(?=$|[\s)\"'])"),
         "the example address {text}",
         "Write the real address in {field}, or remove the line if the field is optional.",
         whole=False),
)
# Words one of which every placeholder holds: a model whose JSON (lower-cased) has none of them
# needs no walk. Substring tests are far cheaper than one case-insensitive regex a file.
_WORDS = (MARKER.lower(), "todo", "tbd", "fixme", "lorem ipsum", "example",
          *(t.lower() for t in SAMPLE_TEXTS))


def find(text: str) -> tuple[Kind, str] | None:
    """The kind of placeholder a text is or holds, and the placeholder as written, or None."""
    for kind in KINDS:
        if match := kind.pattern.search(text):
            return kind, text if kind.whole else match.group()
    return None


def is_placeholder_picture(path: Path) -> bool:
    """Whether an SVG file is still a scaffold's grey placeholder picture."""
    return f"<title>{PICTURE_TITLE}</title>".encode() in path.read_bytes()[:4096]


def placeholder_fields(model: BaseModel, *, complete: bool = True
                       ) -> list[tuple[tuple[Any, ...], str, Kind]]:
    """Every text inside a model (nested models and lists included) that is a placeholder.

    `complete` is False for a model salvaged from a file with errors: some fields are missing.
    """
    # Serialising (in Rust) is ~10x cheaper than walking the model in Python; walk only on a hit.
    if complete:
        text = model.model_dump_json().lower()
        if not any(word in text for word in _WORDS):
            return []
    return _walk(model, ())


def _walk(value: Any, loc: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], str, Kind]]:
    found: list[tuple[tuple[Any, ...], str, Kind]] = []
    if isinstance(value, str):
        if hit := find(value):
            found.append((loc, hit[1], hit[0]))
    elif isinstance(value, BaseModel):
        for name, info in type(value).model_fields.items():
            found += _walk(getattr(value, name, None), (*loc, info.alias or name))
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found += _walk(item, (*loc, i))
    elif isinstance(value, dict):
        for key, item in value.items():
            found += _walk(item, (*loc, key))
    return found
