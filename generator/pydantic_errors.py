"""Turn pydantic validation errors into content errors an editor can act on."""

from __future__ import annotations

import difflib
import types
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from generator.errors import ContentError, field_path
from generator.loaders import Document
from generator.value_hints import bad_date, not_text


def _show(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, str):
        if not value.strip():
            return "an empty value"
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, dict):
        return "a block of fields"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, bool):
        return f"the yes/no value {str(value).lower()}"
    return f"{type(value).__name__} {value!r}"


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """Find the model class inside list[...] / X | None / Annotated[...] wrappers."""
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _model_of(typing.get_args(annotation)[0])
    if origin in (list, typing.Union, types.UnionType, dict):
        for arg in typing.get_args(annotation):
            found = _model_of(arg)
            if found:
                return found
        return None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    return None


def _walk(model: type[BaseModel], loc: tuple[Any, ...]) -> tuple[type[BaseModel], FieldInfo | None]:
    """Return the innermost model along `loc` and the field info of the last named field."""
    current, info = model, None
    for part in loc:
        by_alias = {i.alias: n for n, i in current.model_fields.items() if i.alias}
        part = by_alias.get(part, part) if isinstance(part, str) else part
        if isinstance(part, str) and part in current.model_fields:
            info = current.model_fields[part]
            inner = _model_of(info.annotation)
            if inner is not None:
                current = inner
    return current, info


def _length_bounds(info: FieldInfo | None) -> tuple[int | None, int | None]:
    low = high = None
    for meta in info.metadata if info else ():
        low = getattr(meta, "min_length", low)
        high = getattr(meta, "max_length", high)
    return low, high


def _count_phrase(low: int | None, high: int | None) -> str:
    if low is not None and low == high:
        return f"exactly {low} item{'s' if low != 1 else ''}"
    if high is None:
        return f"at least {low} item{'s' if low != 1 else ''}"
    if low in (None, 0):
        return f"at most {high} item{'s' if high != 1 else ''}"
    return f"between {low} and {high} items"


def _names(model: type[BaseModel]) -> list[str]:
    """The model's fields as editors write them (`except`, not `except_`)."""
    return sorted(info.alias or name for name, info in model.model_fields.items())


def missing(name: str) -> tuple[str, str, str]:
    """What the check says of a required field left out: expected, found and what to do."""
    return (f"the required field `{name}`", "no such field in this block",
            f"Add `{name}:` here (see content/README.md for what it holds).")


def _typos(model: type[BaseModel], raw: list[Any]) -> set[tuple[Any, ...]]:
    """Where a required field is missing because it is there misspelled: one message, not two."""
    meant = set()
    for err in raw:
        loc = tuple(p for p in err["loc"] if isinstance(p, int | str))
        if err["type"] == "extra_forbidden" and loc:
            owner, _ = _walk(model, loc[:-1])
            guess = difflib.get_close_matches(str(loc[-1]), _names(owner), n=1)
            if guess:
                meant.add((*loc[:-1], guess[0]))
    return meant


def translate(doc: Document, model: type[BaseModel], exc: ValidationError) -> list[ContentError]:
    """Map every error of one failed validation to the line and column it came from."""
    errors = []
    raw = exc.errors(include_url=False)
    misspelled = _typos(model, raw)
    for err in raw:
        loc = tuple(p for p in err["loc"] if isinstance(p, int | str))
        if err["type"] == "missing" and loc in misspelled:
            continue
        kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
        path = field_path(loc)
        line, column = doc.mark(loc)
        if kind == "content":
            expected, found, hint = ctx["expected"], ctx["found"], ctx["hint"]
        elif kind == "missing":
            line, column = doc.mark(loc[:-1])
            expected, found, hint = missing(str(loc[-1]))
        elif kind == "extra_forbidden":
            line, column = doc.mark(loc, key=True)
            owner, _ = _walk(model, loc[:-1])
            allowed = _names(owner)
            guess = difflib.get_close_matches(str(loc[-1]), allowed, n=1)
            expected = "one of the fields " + ", ".join(allowed)
            found = f"the unknown field `{loc[-1]}`"
            hint = (f"Did you mean `{guess[0]}`? " if guess else "") + (
                "Rename or remove it; unknown fields are refused so typos never vanish silently."
            )
        elif kind in ("too_short", "too_long"):
            _, info = _walk(model, loc)
            low, high = _length_bounds(info)
            low = ctx.get("min_length", low) if kind == "too_short" else low
            high = ctx.get("max_length", high) if kind == "too_long" else high
            expected = _count_phrase(low, high)
            found = _show(value)
            hint = "Add or remove entries so the count fits."
        elif kind == "string_too_short":
            expected, found = "some text", "an empty value"
            hint = "Write the text, or delete the line if the field is optional."
        elif kind == "string_too_long":
            expected = f"at most {ctx.get('max_length')} characters"
            found = f"{len(value)} characters"
            hint = "Shorten it."
        elif kind == "string_type":
            key_line = doc.source_line(doc.mark(loc, key=True)[0])
            expected, found, hint = not_text(loc[-1] if loc else "", value, key_line,
                                             doc.source_line(line), column)
        elif kind == "list_type":
            name = str(loc[-1]) if loc else "items"
            expected, found = "a list (lines starting with `- `)", _show(value)
            example = f"[{value}]" if isinstance(value, str) and value.strip() else "[one, two]"
            hint = (f"Write the entries in square brackets, for example `{name}: {example}`, or "
                    f"each on its own line under `{name}:` starting with `- `.")
        elif kind in ("model_type", "model_attributes_type", "dict_type"):
            owner, _ = _walk(model, loc)
            name = str(loc[-1]) if loc else "the file"
            expected, found = "a block of `key: value` lines", _show(value)
            fields = [f for f, info in owner.model_fields.items() if info.is_required()]
            hint = (f"Write `{name}:` alone on its line and its fields "
                    f"({', '.join(fields) or 'see content/README.md'}) on the lines below it, "
                    "each indented by two more spaces.")
        elif kind in ("literal_error", "enum"):
            expected = f"one of {ctx.get('expected')}"
            found = _show(value)
            hint = "Use one of the allowed values exactly as written."
        elif kind in ("bool_parsing", "bool_type"):
            expected, found = "true or false", _show(value)
            hint = "Write true or false without quotes, or remove the line if it is optional."
        elif kind.startswith("date"):
            expected, found, hint = bad_date(value)
        elif kind == "string_pattern_mismatch":
            expected = "a slug made of letters, digits and dashes"
            found = _show(value)
            hint = "Use the file name (without .yaml) of the thing you mean."
        elif kind.startswith("int") or kind.startswith("greater_than"):
            expected = err["msg"].removeprefix("Input should be ").rstrip(".")
            found = _show(value)
            hint = "Write a whole number without quotes."
        else:
            expected = err["msg"].removeprefix("Input should be ").rstrip(".")
            found = _show(value)
            hint = "Fix the value."
        errors.append(ContentError(doc.display, line, column, path, expected, found, hint))
    return errors
