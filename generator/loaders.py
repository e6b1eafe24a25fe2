"""Load content YAML files, keeping the line and column of every key and item."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from generator.errors import ContentError

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
    """A parsed content file: its data, the positions of its nodes, and its display path."""

    path: Path
    display: str
    data: Any
    positions: Positions | None

    def mark(self, loc: tuple[Any, ...], *, key: bool = False) -> Mark:
        """Return the source mark for a field path in this document."""
        if self.positions is None:
            reparsed, _ = load_document(self.path, self.display)
            if reparsed is None:
                return (1, 1)
            self.data, self.positions = reparsed.data, reparsed.positions
        assert self.positions is not None
        return self.positions.locate(self.data, loc, key=key)

    def __getstate__(self) -> dict[str, Any]:
        # Positions are keyed by object identity, which pickling does not keep: send the path
        # only and re-read the file if an error ever needs a line number.
        return {"path": self.path, "display": self.display, "data": None, "positions": None}


def _mark(node: yaml.Node) -> Mark:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


class _PositionLoader(_BaseLoader):
    """A safe loader that records node positions and refuses duplicate keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.positions = Positions()
        self.duplicates: list[tuple[str, Mark]] = []

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
                self.duplicates.append((str(key), _mark(key_node)))
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


_PositionLoader.add_constructor("tag:yaml.org,2002:map", _PositionLoader.construct_yaml_map)
_PositionLoader.add_constructor("tag:yaml.org,2002:seq", _PositionLoader.construct_yaml_seq)


def load_document(path: Path, display: str) -> tuple[Document | None, list[ContentError]]:
    """Parse one YAML file; return the document, or the syntax errors that stopped it."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        return None, [
            ContentError(
                display, 1, 1, "", "a UTF-8 text file", f"a byte that is not UTF-8 ({exc.reason})",
                "Save the file as UTF-8 in your editor.",
            )
        ]
    loader = _PositionLoader(text)
    try:
        data = loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = (exc.problem or "invalid YAML").strip()
        return None, [
            ContentError(
                display, line, column, "", "valid YAML", problem,
                "Check indentation, colons and quotes on this line and the one before it.",
            )
        ]
    except yaml.YAMLError as exc:
        return None, [
            ContentError(display, 1, 1, "", "valid YAML", str(exc), "Fix the YAML syntax.")
        ]
    finally:
        loader.dispose()
    errors = [
        ContentError(
            display, line, column, key, "each key once per block", f"`{key}` a second time",
            "Delete one of the two entries; YAML would silently keep only the last.",
        )
        for key, (line, column) in loader.duplicates
    ]
    if data is None:
        data = {}
    return Document(path, display, data, loader.positions), errors
