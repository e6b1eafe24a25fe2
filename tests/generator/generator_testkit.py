"""The generator tests' fixture content and what they read back from a build."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"
VALID = FIXTURES / "valid"
# When every build of the tests is made (2025-04-01 12:00 UTC): the calendars' DTSTAMP.
BUILT_AT = 1743508800


def profile(out: Path, slug: str) -> dict[str, Any]:
    """One organization's built profile, found as the site finds it: through its route."""
    routes = json.loads((out / "routes.json").read_text())
    route = next(r for r in routes if r["kind"] == "profile" and r["slug"] == slug)
    profiles: dict[str, dict[str, Any]] = json.loads((out / route["data"]).read_text())
    return profiles[slug]
