"""Result rows, the printed table, and bench/results/latest.md + latest.json."""

from __future__ import annotations

import json
import os
import platform
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results"


@dataclass
class Row:
    """One line of the table: what was measured, against which target, and whether it passed.

    `ok` is None for figures reported without a target (context for the ratios). A failed
    `gate` row (a page-weight budget, a lost RSVP) makes `python -m bench` exit non-zero;
    a missed speed target is only reported, since speed depends on the machine.
    """

    benchmark: str
    measured: str
    target: str = ""
    ok: bool | None = None
    data: dict[str, Any] = field(default_factory=dict)
    gate: bool = False
    # Per-route rows go to the Details section of latest.md; the summary rows carry the verdict.
    detail: bool = False

    @property
    def verdict(self) -> str:
        """PASS, FAIL or a dash for a figure without a target."""
        return {True: "PASS", False: "FAIL", None: "-"}[self.ok]


def listing(items: list[str], shown: int = 6) -> str:
    """A comma-separated list cut to its first few items, saying how many more there are."""
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return ", ".join(items[:shown]) + more


def failed(benchmark: str, reason: str, target: str = "", *, gate: bool = False) -> Row:
    """A row for a benchmark that could not produce its figure."""
    return Row(benchmark, f"failed: {reason}", target, False, {"error": reason}, gate)


def _table(rows: list[Row]) -> list[list[str]]:
    return [[r.benchmark, r.measured, r.target, r.verdict] for r in rows]


def text_table(rows: list[Row]) -> str:
    """A fixed-width table of the summary rows, for the terminal."""
    header = ["benchmark", "measured", "target", "result"]
    body = _table([r for r in rows if not r.detail])
    widths = [max(len(line[i]) for line in [header, *body]) for i in range(4)]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(line, widths, strict=True)).rstrip()
             for line in [header, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def markdown(rows: list[Row], meta: dict[str, Any]) -> str:
    """The table as Markdown, with the machine and options it was measured with."""
    lines = [
        "# CivicSTL benchmark results",
        "",
        f"Measured {meta['finished']} on {meta['machine']} ({meta['cpus']} CPUs) with "
        f"`python -m bench {' '.join(meta['argv'])}`".rstrip() + f" in {meta['seconds']:.0f} s.",
        "Ratios are measured side by side in the same run; absolute figures vary with the machine.",
        "",
        "| benchmark | measured | target | result |",
        "| --- | --- | --- | --- |",
    ]
    summary = [r for r in rows if not r.detail]
    lines += ["| " + " | ".join(_md_cell(c) for c in line) + " |" for line in _table(summary)]
    passed = sum(r.ok is True for r in summary)
    failed_rows = sum(r.ok is False for r in summary)
    lines += ["", f"{passed} targets met, {failed_rows} missed.", ""]
    details = [r for r in rows if r.detail]
    if details:
        lines += ["## Details", "", "| benchmark | measured | target | result |",
                  "| --- | --- | --- | --- |"]
        lines += ["| " + " | ".join(_md_cell(c) for c in line) + " |" for line in _table(details)]
        lines.append("")
    return "\n".join(lines)


def machine() -> dict[str, Any]:
    """What the figures were measured on."""
    system = f"{platform.system()} {platform.machine()}, Python {platform.python_version()}"
    return {"machine": system, "cpus": os.cpu_count()}


def write(rows: list[Row], meta: dict[str, Any], folder: Path = RESULTS) -> Path:
    """Write latest.md and latest.json (raw figures included) and return the Markdown path."""
    folder.mkdir(parents=True, exist_ok=True)
    meta = {**meta, "finished": time.strftime("%Y-%m-%d %H:%M %Z")}
    (folder / "latest.md").write_text(markdown(rows, meta), encoding="utf-8")
    payload = {"meta": meta, "rows": [{**asdict(r), "result": r.verdict} for r in rows]}
    (folder / "latest.json").write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return folder / "latest.md"
