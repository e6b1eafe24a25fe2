"""Dated pages: a page whose news ages (models.DatedPage) stays in the header's navigation until its
`review_by` day, judged by the build's clock; after it, the page is still built and reachable."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from pydantic import BaseModel

from generator.models import DatedPage, Link


def navigation(nav: list[Link], pages: Mapping[str, BaseModel], today: dt.date) -> list[Link]:
    """The header's links on `today`: the site's own, less the dated pages past their review."""
    # A fixed page pages/<name>.yaml lives at /<name>.
    stale = {f"/{name}" for name, page in pages.items()
             if isinstance(page, DatedPage) and today > page.review_by}
    return [link for link in nav if link.href not in stale]
