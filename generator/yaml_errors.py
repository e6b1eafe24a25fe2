"""Explain a YAML syntax error in plain words, at the line an editor has to change.

The parser's own words ("found character that cannot start any token", "mapping values are not
allowed here") name its internals, not the mistake. Here the file is parsed again with the
pure-Python safe loader (same messages with or without libyaml) and the source lines around its
marks are read to recognise what people actually get wrong: a tab, an unclosed quote, a colon
inside unquoted text, a bracket never closed, a line indented out of step.
"""

from __future__ import annotations

import re

import yaml

from generator.errors import ContentError
from generator.value_hints import quoted

# `key:` or `- key:` at the start of a line, then where its value starts.
_KEY = re.compile(
    r"^(?P<indent> *)(?P<dash>- +)?(?P<key>[^\s#'\"\-\[\]{}][^:#]*?|'[^']*'|\"[^\"]*\"):(?: +|$)"
)
_ITEM = re.compile(r"^(?P<indent> *)- +")
# What comes before the text of a line: spaces, and the dashes of list items.
_INDENT = re.compile(r"^[ \t]*(?:-[ \t]+)*")


def explain(text: str, display: str, refused: yaml.YAMLError) -> ContentError:
    """Return the one error that stops `text` from parsing; `refused` is the loader's own."""
    try:
        yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        return _explain(text.splitlines(), display, exc)
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line, column = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        return ContentError(
            display, line, column, "", "plain text",
            f"an invisible control character (code {code})",
            "Delete it: retype the text around this spot, or paste it again as plain text.",
        )
    except yaml.YAMLError:
        pass
    # The pure-Python parser accepted what libyaml refused (they differ on a few tab and
    # indentation cases): look for the usual mistakes in the whole file, else use libyaml's mark.
    lines = text.splitlines()
    found = _quoting_mistake(lines, len(lines), display) or _tab(lines, len(lines), display)
    if found:
        return found
    mark = getattr(refused, "problem_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = (getattr(refused, "problem", None) or str(refused)).removeprefix("found ")
    return _unreadable(display, line, column, "", problem)


def _unreadable(display: str, line: int, column: int, key: str, problem: str) -> ContentError:
    """The parser's own words, for mistakes not recognised above."""
    return ContentError(
        display, line, column, key, "valid YAML",
        f"something YAML cannot read here ({' '.join(problem.split()) or 'invalid YAML'})",
        "Check the indentation, colons and quotes on this line and the one before it.",
    )


def _key(line: str) -> str:
    match = _KEY.match(line)
    return match["key"].strip("'\"") if match else ""


def _value_start(line: str) -> int | None:
    """0-based column where the value of a `key: value` or `- value` line starts, if any."""
    match = _KEY.match(line)
    if match and match.end() < len(line):
        return match.end()
    item = _ITEM.match(line)
    if item and not match:
        return item.end()
    return None


def _quote_end(line: str, start: int) -> int | None:
    """0-based column of the quote closing the one opened at `start`, or None."""
    quote, i = line[start], start + 1
    while i < len(line):
        char = line[i]
        if quote == '"' and char == "\\":
            i += 2
            continue
        if char == quote:
            if quote == "'" and line[i + 1:i + 2] == "'":
                i += 2
                continue
            return i
        i += 1
    return None


def _unclosed(display: str, number: int, start: int, line: str) -> ContentError:
    quote = line[start]
    name = "double" if quote == '"' else "single"
    return ContentError(
        display, number, start + 1, _key(line), f"a closing {name} quote ({quote}) on line "
        f"{number}", f"a {name} quote that opens on line {number} and is never closed",
        f"Add {quote} at the end of the text on line {number}.",
    )


def quote_running_on(text: str, display: str) -> ContentError | None:
    """A quote left open that a quote on a later line closed: YAML then reads the lines between
    as part of the text, and the fields on them go missing or into the text, with no syntax
    error. The error is the quote's own line (a quoted text that really spans lines, with no
    `key:` line after its first, is left alone)."""
    lines = text.splitlines()
    for number, line in enumerate(lines, start=1):
        start = _value_start(line)
        if start is None or line[start] not in "'\"" or _quote_end(line, start) is not None:
            continue
        following = next((later for later in lines[number:] if later.strip()), "")
        if _KEY.match(following):
            return _unclosed(display, number, start, line)
    return None


def _quoting_mistake(lines: list[str], last: int, display: str) -> ContentError | None:
    """A quote opened and never closed on its line, or text going on after the closing quote."""
    for number, line in enumerate(lines[:last], start=1):
        start = _value_start(line)
        if start is None or line[start] not in "'\"":
            continue
        quote, end = line[start], _quote_end(line, start)
        if end is None:
            return _unclosed(display, number, start, line)
        rest = line[end + 1:].strip()
        if rest and not rest.startswith("#"):
            whole = f"{quote}{line[start + 1:end]} {rest}{quote}"
            return ContentError(
                display, number, line.index(rest, end + 1) + 1, _key(line),
                "the end of the line after the closing quote", f"more text after it: {rest!r}",
                f"Put the whole text inside the quotes: {whole}, or remove the quotes.",
            )
    return None


def _tab(lines: list[str], last: int, display: str) -> ContentError | None:
    """The first line up to `last` indented with a tab."""
    for number, line in enumerate(lines[:last], start=1):
        match = _INDENT.match(line)
        indent = match[0] if match else ""
        if "\t" in indent:
            return ContentError(
                display, number, indent.index("\t") + 1, _key(line.lstrip(" \t")),
                "spaces at the start of the line", "a tab",
                f"Line {number} is indented with a tab; use spaces (as many as the lines around "
                "it; set your editor to insert spaces for the Tab key).",
            )
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _explain(lines: list[str], display: str, exc: yaml.MarkedYAMLError) -> ContentError:
    problem = exc.problem or ""
    mark = exc.problem_mark or exc.context_mark
    line_no, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    last = min(line_no, len(lines))
    line = lines[last - 1] if lines else ""

    if exc.context == "while scanning a quoted scalar" and exc.context_mark is not None:
        # Unclosed: the scanner ran to the end of the file; report where the quote opened.
        last = exc.context_mark.line + 1
    found = _quoting_mistake(lines, last, display) or _tab(lines, last, display)
    if found:
        return found

    if problem.startswith("mapping values are not allowed"):
        match = _KEY.match(line)
        if match and match.end() <= column - 1:
            # A second `: ` after the line's own key: the colon is part of the text.
            value = line[match.end():].rstrip()
            fixed = line[:match.end()] + quoted(value)
            return ContentError(
                display, line_no, column, _key(line),
                "a colon followed by a space only after the field name",
                f"another one inside the text {value!r}",
                "YAML reads a colon and a space as the start of a new field unless the text is in "
                f"quotes. Wrap the text in quotes: {fixed.strip()}",
            )
        above = next((n for n in range(last - 1, 0, -1) if lines[n - 1].strip()
                      and not lines[n - 1].lstrip().startswith("#")), None)
        if above is not None and _indent(line) > _indent(lines[above - 1]):
            return ContentError(
                display, line_no, _indent(line) + 1, _key(line),
                f"`{_key(line)}` lined up with `{_key(lines[above - 1])}` on line {above}",
                f"it indented {_indent(line) - _indent(lines[above - 1])} more spaces",
                f"Line {line_no} is indented further than line {above}; remove the extra spaces, "
                "or, if it belongs to the line above, make that line a `key:` with nothing after "
                "the colon.",
            )

    if exc.context in ("while parsing a flow sequence", "while parsing a flow mapping") \
            and exc.context_mark is not None:
        opened = exc.context_mark.line + 1
        bracket, closing, what = (("[", "]", "list") if "sequence" in exc.context
                                  else ("{", "}", "fields"))
        return ContentError(
            display, opened, exc.context_mark.column + 1, _key(lines[opened - 1]),
            f"a closing {closing} on line {opened}",
            f"a {bracket} that opens on line {opened} and is never closed",
            f"Add {closing} at the end of the {what} on line {opened}, or write the items on their "
            "own lines starting with `- ` instead.",
        )

    if problem.startswith("expected <block end>") and lines and line.strip():
        return ContentError(
            display, line_no, column, _key(line.lstrip()),
            "this line to line up with the fields of a block above it",
            f"it indented by {_indent(line)} space{'s' if _indent(line) != 1 else ''}",
            f"Line {line_no} does not line up with the lines above; indent it with the same "
            "number of spaces as the other fields of its block.",
        )

    if exc.context == "expected a single document in the stream":
        return ContentError(
            display, line_no, column, "", "one document per file",
            f"a second document starting on line {line_no}",
            "Remove the `---` line: each file holds one organization, event or page.",
        )
    key = _key(line.lstrip())
    return _unreadable(display, line_no, column, key, problem.removeprefix("found "))
