"""Load content YAML files; find the line and column of any key or item when an error needs it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ContentError, field_path
from generator.yaml_errors import explain, quote_running_on

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# A mark is a 1-based (line, column) pair.
Mark = tuple[int, int]


@dataclass
class Positions:
    """Where each mapping key, mapping value and list item of one file sits in the source."""

    # id(container) -> {key or index: (key mark, value mark)}; "" holds the container's own mark.
    marks: dict[int, dict[Any, tuple[Mark, Mark]]] = field(default_factory=dict)

    def locate(self, data: Any, loc: tuple[Any, ...], *, key: bool = False) -> Mark:
        """Return the mark of the deepest node along `loc` that exists in `data`."""
        root = self.marks.get(id(data))
        best: Mark = root[""][1] if root else (1, 1)
        node = data
        for i, part in enumerate(loc):
            entries = self.marks.get(id(node))
            if entries is None:
                break
            best = entries[""][1]
            if part not in entries:
                break
            key_mark, value_mark = entries[part]
            last = i == len(loc) - 1
            best = key_mark if (last and key) else value_mark
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                break
        return best


@dataclass
class Document:
    """A parsed content file: its data, display path, and node positions once errors need them."""

    path: Path
    display: str
    data: Any
    positions: Positions | None

    def mark(self, loc: tuple[Any, ...], *, key: bool = False) -> Mark:
        """Return the source mark for a field path in this document."""
        if self.positions is None:
            # Loaded by the fast path, or released: read the file again, recording positions.
            reparsed, _ = _load_with_positions(self.path, self.display)
            if reparsed is None:
                return (1, 1)
            self.data, self.positions = reparsed.data, reparsed.positions
        assert self.positions is not None
        return self.positions.locate(self.data, loc, key=key)

    def source_line(self, number: int) -> str:
        """The text of one line (1-based) of the file, as the editor wrote it; "" past the end."""
        lines = self.path.read_text(encoding="utf-8").splitlines()
        return lines[number - 1] if 0 < number <= len(lines) else ""

    def release(self) -> None:
        """Drop the parsed data and positions; mark() reads the file again if it needs them."""
        self.data = self.positions = None


def _mark(node: yaml.Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _PositionLoader(_BaseLoader):
    """A safe loader that records node positions and refuses duplicate keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.positions = Positions()
        # (the mapping, key, line of its first entry, mark of the repeat)
        self.duplicates: list[tuple[dict[Any, Any], str, int, Mark]] = []

    def construct_yaml_map(self, node: yaml.MappingNode) -> Iterator[dict[Any, Any]]:
        data: dict[Any, Any] = {}
        yield data
        entries: dict[Any, tuple[Mark, Mark]] = {"": (_mark(node), _mark(node))}
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            try:
                hash(key)
            except TypeError:
                key = str(key)
            if key in entries:
                self.duplicates.append((data, str(key), entries[key][0][0], _mark(key_node)))
            entries[key] = (_mark(key_node), _mark(value_node))
            data[key] = self.construct_object(value_node, deep=True)
        self.positions.marks[id(data)] = entries

    def construct_yaml_seq(self, node: yaml.SequenceNode) -> Iterator[list[Any]]:
        data: list[Any] = []
        yield data
        entries: dict[Any, tuple[Mark, Mark]] = {"": (_mark(node), _mark(node))}
        for index, child in enumerate(node.value):
            entries[index] = (_mark(child), _mark(child))
            data.append(self.construct_object(child, deep=True))
        self.positions.marks[id(data)] = entries


_TAG = "tag:yaml.org,2002:"
_safe_timestamp = yaml.SafeLoader.yaml_constructors[_TAG + "timestamp"]


def _timestamp(loader: Any, node: yaml.ScalarNode) -> Any:
    """A date or time, or its text when it is no real one (2025-13-01) for validation to report."""
    try:
        return _safe_timestamp(loader, node)
    except ValueError:
        return node.value


_PositionLoader.add_constructor(_TAG + "map", _PositionLoader.construct_yaml_map)
_PositionLoader.add_constructor(_TAG + "seq", _PositionLoader.construct_yaml_seq)
_PositionLoader.add_constructor(_TAG + "timestamp", _timestamp)

_STR, _MAP, _SEQ = _TAG + "str", _TAG + "map", _TAG + "seq"
# Scalar tags whose safe constructors are plain functions of one node (no generators, no state).
# The C and pure-Python safe loaders share these tables.
_SCALARS = {
    **{
        _TAG + name: yaml.SafeLoader.yaml_constructors[_TAG + name]
        for name in ("null", "bool", "int", "float")
    },
    _TAG + "timestamp": _timestamp,
}
_KIND_TAGS = {yaml.ScalarNode: _STR, yaml.SequenceNode: _SEQ, yaml.MappingNode: _MAP}
_ANY_START: list[Any] = yaml.SafeLoader.yaml_implicit_resolvers.get(None) or []
# Implicit resolvers by a scalar's first character, as the safe loader's resolve() looks them up.
_IMPLICIT = {
    start: [*(resolvers or []), *_ANY_START]
    for start, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items() if start is not None
}


class _FastLoader(_BaseLoader):
    """The safe loader, with the tag lookup it makes for every node trimmed to what it uses."""

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: tuple[bool, bool]) -> str:
        """Same tags as the safe loader's, which also checks path resolvers (it has none)."""
        if kind is yaml.ScalarNode and implicit[0]:
            for tag, pattern in _IMPLICIT.get(value[:1], _ANY_START):
                if pattern.match(value):
                    return str(tag)
        return _KIND_TAGS[kind]


class _Unusual(Exception):
    """Raised by the fast path for YAML it leaves to the position-recording loader."""


def _fast_data(text: str) -> Any:
    """Parse `text` without recording positions, or raise _Unusual or a YAMLError.

    It builds the same data as _PositionLoader for plain maps, lists and scalars, in about half
    the time; explicit tags, merge keys, non-string, empty or duplicate keys are _Unusual.
    """
    loader = _FastLoader(text)
    try:
        root = loader.get_single_node()
        return None if root is None else _build(root, loader, {})
    finally:
        loader.dispose()


_QUOTES = ("'", '"')


def _build(node: yaml.Node, loader: Any, made: dict[yaml.Node, Any]) -> Any:
    """Construct the value of one node; `made` holds anchored nodes, which may appear twice."""
    kind = type(node)
    if kind is yaml.ScalarNode:
        if getattr(node, "style", None) in _QUOTES and node.end_mark.line != node.start_mark.line:
            raise _Unusual  # a quote left open may have swallowed the lines after it
        if node.tag == _STR:
            return node.value
        construct = _SCALARS.get(node.tag)
        if construct is None:
            raise _Unusual
        return construct(loader, node)
    if node in made:
        return made[node]
    if kind is yaml.MappingNode and node.tag == _MAP:
        mapping: dict[str, Any] = {}
        made[node] = mapping
        for key_node, value_node in node.value:
            key = key_node.value
            # "" is where _PositionLoader keeps a block's own mark, so it counts it as a
            # duplicate; leave it, like real duplicates, to that loader's error.
            if type(key_node) is not yaml.ScalarNode or key_node.tag != _STR or not key \
                    or key in mapping:
                raise _Unusual
            mapping[key] = _build(value_node, loader, made)
        return mapping
    if kind is yaml.SequenceNode and node.tag == _SEQ:
        items: list[Any] = []
        made[node] = items
        items.extend(_build(child, loader, made) for child in node.value)
        return items
    raise _Unusual


def _read(path: Path, display: str) -> tuple[str | None, list[ContentError]]:
    try:
        return path.read_text(encoding="utf-8"), []
    except UnicodeDecodeError as exc:
        return None, [
            ContentError(
                display, 1, 1, "", "a UTF-8 text file", f"a byte that is not UTF-8 ({exc.reason})",
                "Save the file as UTF-8 in your editor.",
            )
        ]


def load_document(path: Path, display: str) -> tuple[Document | None, list[ContentError]]:
    """Parse one YAML file; return the document, or the errors that stopped it."""
    text, errors = _read(path, display)
    if text is None:
        return None, errors
    try:
        data = _fast_data(text)
    except (_Unusual, yaml.YAMLError):
        # Anything odd, broken YAML included, gets the loader that can say where it is.
        return _load_with_positions(path, display, text)
    return Document(path, display, {} if data is None else data, None), []


def _path_to(root: Any, target: Any, seen: set[int] | None = None) -> tuple[Any, ...]:
    """The keys and indexes that lead from `root` to the container `target` (LookupError if none).

    `seen` stops at containers met before: YAML aliases can make a value contain itself.
    """
    if root is target:
        return ()
    seen = set() if seen is None else seen
    seen.add(id(root))
    children = root.items() if isinstance(root, dict) else (
        enumerate(root) if isinstance(root, list) else ())
    for key, child in children:
        if isinstance(child, dict | list) and id(child) not in seen:
            try:
                return (key, *_path_to(child, target, seen))
            except LookupError:
                continue
    raise LookupError


def _load_with_positions(path: Path, display: str, text: str | None = None
                         ) -> tuple[Document | None, list[ContentError]]:
    """Parse one YAML file recording every node's position; report syntax errors and duplicates."""
    if text is None:
        text, errors = _read(path, display)
        if text is None:
            return None, errors
    loader = _PositionLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.YAMLError as exc:
        return None, [explain(text, display, exc)]
    finally:
        loader.dispose()
    if quote := quote_running_on(text, display):
        return None, [quote]
    errors = [
        ContentError(
            display, line, column, field_path((*_path_to(data, block), key)),
            "each key once per block",
            f"`{key}` a second time on line {line} (it is already on line {first})",
            f"Keep one of lines {first} and {line} and delete the other; "
            "YAML would silently keep only the last.",
        )
        for block, key, first, (line, column) in loader.duplicates
    ]
    if data is None:
        data = {}
    return Document(path, display, data, loader.positions), errors
