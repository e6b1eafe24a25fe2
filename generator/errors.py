"""Content errors: what went wrong, where, and what to do about it."""

from __future__ import annotations

from dataclasses import dataclass


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

    def format(self) -> str:
        """Render the error as one line that editors and CI annotations can read."""
        where = f"{self.file}:{self.line}:{self.column}"
        field = self.field or "(whole file)"
        return f"{where}: {field}: expected {self.expected}, found {self.found}. {self.hint}"


class ContentInvalid(Exception):
    """Raised when validation finds errors; carries every error from the run."""

    def __init__(self, errors: list[ContentError]) -> None:
        self.errors = sorted(errors)
        super().__init__(f"{len(self.errors)} content error(s)")
