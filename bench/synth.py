"""Synthetic content trees of N organizations, made from the real content/ as templates.

A tree of size N holds the 28 real organizations plus N - 28 copies of a few real ones under
new slugs, and events in the real proportion (2 events per 28 organizations). Site, pages and
images are the real ones, so every tree passes `python -m generator check`.

Run alone: `python -m bench.synth 1000 /tmp/content-1000`.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

import yaml

SIZES = (28, 1_000, 4_000, 25_000)
CONTENT = Path("content")
# Templates with different shapes: events card + CTA, social links, plain.
TEMPLATES = ("keenstl", "girlscouts", "botanical", "washu", "Coca", "stpatrick")
EVENTS_PER_ORG = 2 / 28
SLOT_TIMES = ("9:00-10:30 AM", "11:00 AM-12:30 PM", "1:00-2:30 PM")
_Dumper: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    return data


def _dump(path: Path, data: dict[str, Any]) -> None:
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(text, encoding="utf-8")


def _organization(template: dict[str, Any], number: int, event: str | None) -> dict[str, Any]:
    org = dict(template)
    org["name"] = f"{template['name']} {number:05d}"
    # Old URLs must be unique across organizations; copies have none.
    org.pop("legacy_paths", None)
    org.pop("events", None)
    if event is not None:
        org["events"] = [event]
    return org


def _event(number: int, host: str) -> dict[str, Any]:
    month, day = 1 + number % 12, 1 + number % 28
    return {
        "title": f"Community Volunteer Day {number:05d}",
        "host": host,
        "date": f"2026-{month:02d}-{day:02d}",
        "location": "St. Louis, MO",
        "description": "A synthetic benchmark event: volunteers meet, help out and go home.",
        "rsvp": "account",
        "slots": [{"time": t} for t in SLOT_TIMES[: 1 + number % len(SLOT_TIMES)]],
    }


def make_content(size: int, out: Path, source: Path = CONTENT) -> Path:
    """Write a content tree of `size` organizations (at least the 28 real ones) to `out`."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy2(source / "site.yaml", out / "site.yaml")
    for folder in ("pages", "events", "images", "schemas"):
        if (source / folder).is_dir():
            shutil.copytree(source / folder, out / folder)
    orgs = out / "organizations"
    shutil.copytree(source / "organizations", orgs)
    real = len(list(orgs.glob("*.yaml")))
    extra = max(0, size - real)
    templates = [_load(source / "organizations" / f"{slug}.yaml") for slug in TEMPLATES]
    events = out / "events"
    event_count = max(0, round(size * EVENTS_PER_ORG) - len(list(events.glob("*.yaml"))))
    # Spread the hosted events evenly over the synthetic organizations.
    step = max(1, extra // event_count) if event_count else 0
    made_events = 0
    for i in range(extra):
        slug = f"synthetic-org-{i:05d}"
        event = None
        if step and i % step == 0 and made_events < event_count:
            event = f"synthetic-event-{made_events:05d}"
            _dump(events / f"{event}.yaml", _event(made_events, slug))
            made_events += 1
        _dump(orgs / f"{slug}.yaml", _organization(templates[i % len(templates)], i, event))
    return out


def main(argv: list[str]) -> int:
    """`python -m bench.synth SIZE OUT`: write one synthetic content tree."""
    size, out = int(argv[0]), Path(argv[1])
    make_content(size, out)
    print(f"Wrote {size} organizations to {out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
