"""What every benchmark shares: options, the repo paths, a scratch folder and synthetic trees."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from bench.measure import Measured
from bench.synth import make_content

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


@dataclass
class Context:
    """Options of this run and the files benchmarks hand to each other."""

    quick: bool
    scratch: Path
    root: Path = ROOT
    # size -> generator output folder and its timed run, filled by the generator benchmark and
    # reused by the full build.
    built: dict[int, Path] = field(default_factory=dict)
    generator_runs: dict[int, Measured] = field(default_factory=dict)
    _trees: dict[int, Path] = field(default_factory=dict)

    @property
    def site_dir(self) -> Path:
        """The real built site (`make build`)."""
        return self.root / "build" / "site"

    @property
    def content_dir(self) -> Path:
        """The real generator output (`make build`)."""
        return self.root / "build" / "content"

    @property
    def python_env(self) -> dict[str, str]:
        """Environment for the Python processes benchmarks start: with a bytecode cache.

        This sandbox sets PYTHONDONTWRITEBYTECODE=1, so every process would recompile pydantic
        and the rest from source (~0.6 s each). Any normal installation caches bytecode, so the
        benchmark does too, in its scratch folder rather than in the venv or the repo.
        """
        return {"PYTHONDONTWRITEBYTECODE": "", "PYTHONPYCACHEPREFIX": str(self.scratch / "pyc")}

    def tree(self, size: int) -> Path:
        """A synthetic content tree of `size` organizations, made once per run."""
        if size not in self._trees:
            self._trees[size] = make_content(size, self.scratch / f"content-{size}",
                                             self.root / "content")
        return self._trees[size]
