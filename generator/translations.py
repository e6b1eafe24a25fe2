"""Translations: which fields are prose (marked models.TRANSLATABLE), the model a translation file
is checked against, how it compares with its English file, and merging it over the English."""

from __future__ import annotations

import functools
import types
import typing
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, Field, create_model
from pydantic.fields import FieldInfo

from generator.models import LANGUAGE_FOLDER, TRANSLATABLE, Content

M = TypeVar("M", bound=BaseModel)
Loc = tuple[Any, ...]
# How a field holds prose: text or a list of texts (replaced whole), or models holding some.
Shape = tuple[Literal["text", "texts", "model", "models", "mapping"], type[BaseModel] | None]


def misplaced(path: Path) -> str | None:
    """Where a file named like a translation beside its English file (<name>.es.yaml) belongs,
    as a sentence, or None for any other name."""
    name, _, language = path.stem.rpartition(".")
    if not name or not LANGUAGE_FOLDER.fullmatch(language):
        return None
    return (f"A translation goes in a folder named for its language beside the English file: "
            f"move it to {language}/{name}.yaml.")


def _marked(annotation: Any) -> bool:
    if typing.get_origin(annotation) is Annotated:
        base, *metadata = typing.get_args(annotation)
        return TRANSLATABLE in metadata or _marked(base)
    return False


def _without_none(annotation: Any) -> Any:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kept = [a for a in typing.get_args(annotation) if a is not type(None)]
        return kept[0] if len(kept) == 1 else annotation
    return annotation


def _model(annotation: Any) -> type[BaseModel] | None:
    """The model an annotation is, if it is one that holds prose."""
    annotation = _without_none(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation if translation_model(annotation) is not None else None
    return None


def shape(info: FieldInfo) -> Shape | None:
    """How a field holds prose, or None when it holds none (names, links, dates...)."""
    if TRANSLATABLE in info.metadata or _marked(_without_none(info.annotation)):
        return ("text", None)
    annotation = _without_none(info.annotation)
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is list and args and _marked(args[0]):
        return ("texts", None)
    if origin is list and args and (inner := _model(args[0])):
        return ("models", inner)
    if origin is dict and len(args) == 2 and (inner := _model(args[1])):
        return ("mapping", inner)
    if inner := _model(annotation):
        return ("model", inner)
    return None


@functools.cache
def translation_model(model: type[BaseModel]) -> type[BaseModel] | None:
    """The model of a translation of `model`: its prose fields only, each optional; None if
    it has none. Lists of models come without their length limits: they must match English."""
    fields: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        held = shape(info)
        if held is None:
            continue
        kind, inner = held
        sub = translation_model(inner) if inner is not None else None
        annotation: Any = {
            "model": sub, "models": list[sub],  # type: ignore[valid-type]
            "mapping": dict[str, sub],  # type: ignore[valid-type]
        }.get(kind) or (Annotated[(info.annotation, *info.metadata)] if info.metadata
                        else info.annotation)
        fields[name] = (annotation | None, Field(default=None, description=info.description))
    if not fields:
        return None
    made: type[BaseModel] = create_model(
        f"{model.__name__}Translation", __base__=Content,
        __doc__=f"A translation of {model.__name__}: its prose only.", **fields)
    return made


@functools.cache
def prose_fields(model: type[BaseModel]) -> dict[str, Shape]:
    """The fields of a model that translations may give, with how each holds its prose."""
    return {name: held for name, info in model.model_fields.items()
            if (held := shape(info)) is not None}


def not_prose(data: Any, model: type[BaseModel], loc: Loc = ()
              ) -> list[tuple[Loc, list[str]]]:
    """Where a translation file's raw data gives a field of the English model that is no prose
    (an address, a link, a date): the same in every language, so never translated. Each with
    the fields of prose beside it."""
    if not isinstance(data, dict):
        return []
    found: list[tuple[Loc, list[str]]] = []
    prose = prose_fields(model)
    written = {info.alias or name for name, info in model.model_fields.items()}
    for key, value in data.items():
        if key in written and key not in prose:
            found.append(((*loc, key), list(prose)))
            continue
        kind, inner = prose.get(key, ("text", None))
        if inner is None:
            continue
        if kind == "model":
            found += not_prose(value, inner, (*loc, key))
        elif kind in ("models", "mapping") and isinstance(value, list | dict):
            items = enumerate(value) if isinstance(value, list) else value.items()
            for index, item in items:
                found += not_prose(item, inner, (*loc, key, index))
    return found


def without(data: Any, places: list[Loc]) -> Any:
    """A copy of raw data without the fields at `places`."""
    if not places:
        return data
    if isinstance(data, dict):
        return {key: without(value, [p[1:] for p in places if p[:1] == (key,) and len(p) > 1])
                for key, value in data.items() if (key,) not in places}
    if isinstance(data, list):
        return [without(item, [p[1:] for p in places if p[:1] == (index,) and len(p) > 1])
                for index, item in enumerate(data)]
    return data


def _items(count: int) -> str:
    return f"{count} item{'s' if count != 1 else ''}"


def conflicts(english: BaseModel, translation: BaseModel, loc: Loc = ()
              ) -> list[tuple[Loc, str, str, str]]:
    """Where a translation does not fit its English file, with what was expected and found and
    what to do: a list of items of another length (at the list), a key or a field the English
    has not (at the key: the location ends in "")."""
    found: list[tuple[Loc, str, str, str]] = []
    for name, (kind, _) in prose_fields(type(english)).items():
        value, given, here = getattr(english, name), getattr(translation, name), (*loc, name)
        if given is None:
            continue
        if value is None or value == [] or value == {}:
            found.append(((*here, ""), "only fields the English file has",
                          f"`{name}`, which it has not",
                          "Write it in the English file first, or remove it here."))
        elif kind == "model":
            found += conflicts(value, given, here)
        elif kind == "models":
            if len(given) != len(value):
                found.append((here, f"{_items(len(value))}, as in the English file",
                              f"a list of {_items(len(given))}",
                              "Translate every item of the English list, in its order."))
                continue
            for index, (item, other) in enumerate(zip(value, given, strict=True)):
                found += conflicts(item, other, (*here, index))
        elif kind == "mapping":
            for key, other in given.items():
                if key not in value:
                    found.append(((*here, key, ""), "one of the English file's keys: "
                                  + ", ".join(value), repr(key),
                                  "Use the key the English file has, or remove this entry."))
                else:
                    found += conflicts(value[key], other, (*here, key))
    return found


def merge(english: M, translation: BaseModel | None, loc: Loc = ()) -> tuple[M, list[Loc]]:
    """The English model with the translation's prose over it, and where prose stayed English."""
    update: dict[str, Any] = {}
    english_left: list[Loc] = []
    for name, (kind, _) in prose_fields(type(english)).items():
        value, here = getattr(english, name), (*loc, name)
        given = getattr(translation, name) if translation is not None else None
        if value is None or value == [] or value == {}:
            continue
        if kind in ("text", "texts"):
            if given is None:
                english_left.append(here)
            else:
                update[name] = given
            continue
        if kind == "model":
            update[name], left = merge(value, given, here)
        elif kind == "models":
            parts = [merge(item, given[i] if given and i < len(given) else None, (*here, i))
                     for i, item in enumerate(value)]
            update[name], left = [p[0] for p in parts], [g for p in parts for g in p[1]]
        else:
            pairs = {key: merge(item, (given or {}).get(key), (*here, key))
                     for key, item in value.items()}
            update[name] = {key: p[0] for key, p in pairs.items()}
            left = [g for p in pairs.values() for g in p[1]]
        english_left += left
    return (english.model_copy(update=update) if update else english), english_left
