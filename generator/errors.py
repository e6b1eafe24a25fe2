"""Content errors: what went wrong, where, and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def field_path(loc: tuple[Any, ...]) -> str:
    """Render a location like ('core_impact', 2, 'title') as core_impact[2].title."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


@dataclass(frozen=True, order=True)
class ContentError:
    """One problem in one content file, pointing at the line an editor must change."""

    file: str
    line: int
    column: int
    field: str
    expected: str
    found: str
    hint: str

    def sentence(self) -> str:
        """The error without its place: field, what was expected and found, what to do."""
        field = self.field or "(whole file)"
        return f"{field}: expected {self.expected}, found {self.found}. {self.hint}"

    def format(self) -> str:
        """Render the error as one line that editors and CI annotations can read."""
        return f"{self.file}:{self.line}:{self.column}: {self.sentence()}"

    def annotation(self, file: str) -> str:
        """Render the error as a GitHub Actions workflow command, shown on the line in the diff.

        `file` is the path from the repository root (the job's working directory).
        """
        props = {"file": file, "line": self.line, "col": self.column,
                 "title": f"Content error in {self.field or 'the file'}"}
        rendered = ",".join(f"{key}={_escape_property(str(value))}" for key, value in props.items())
        return f"::error {rendered}::{_escape_data(self.sentence())}"


@dataclass(frozen=True, order=True)
class ContentWarning:
    """Something worth fixing that still builds: where it is, what it does and what to do."""

    file: str
    line: int
    column: int
    field: str
    message: str

    def format(self) -> str:
        """Render the warning as one line, beside the errors: file:line:col: warning: field: ...

        A warning about a whole folder (line 0) names the folder alone.
        """
        place = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{place}: warning: {self.field}: {self.message}"

    def annotation(self, file: str) -> str:
        """Render the warning as a GitHub Actions `::warning` command, like an error's."""
        props: dict[str, object] = {"file": file, "line": self.line, "col": self.column} \
            if self.line else {"file": file}
        props["title"] = f"Content warning in {self.field}"
        rendered = ",".join(f"{key}={_escape_property(str(value))}" for key, value in props.items())
        return f"::warning {rendered}::{_escape_data(f'{self.field}: {self.message}')}"


def _escape_data(text: str) -> str:
    """Escape a workflow command's message as the Actions toolkit does (% first)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """Escape a workflow command's property value: the message's escapes, plus `:` and `,`."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class ContentInvalid(Exception):
    """Raised when validation finds errors; carries every error and warning from the run."""

    def __init__(self, errors: list[ContentError],
                 warnings: list[ContentWarning] | None = None) -> None:
        self.errors = sorted(errors)
        self.warnings = sorted(warnings or [])
        super().__init__(f"{len(self.errors)} content error(s)")
