"""Synthetic content trees of N organizations, made from the real content/ as templates.

A tree of size N holds the 28 real organizations plus N - 28 copies of a few real ones under
new slugs, and events in the real proportion (2 events per 28 organizations). Site, pages and
images are the real ones, so every tree passes `python -m generator check`.

A series-heavy tree (`--series OCCURRENCES`) gives instead every synthetic organization one
weekly series with an excepted date, so that the tree holds about OCCURRENCES dated events
(each with its own page, slots and calendar entries).

Run alone: `python -m bench.synth 1000 /tmp/content-1000`, or
`python -m bench.synth 4000 /tmp/series --series 20000`.
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
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


def _organization(template: dict[str, Any], number: int) -> dict[str, Any]:
    org = dict(template)
    org["name"] = f"{template['name']} {number:05d}"
    # Old URLs must be unique across organizations; copies have none.
    org.pop("legacy_paths", None)
    return org


def _series(number: int, host: str, occurrences: int) -> dict[str, Any]:
    """A weekly series of `occurrences` dates (plus one excepted date) from a Saturday in 2027."""
    first = dt.date(2027, 1, 2) + dt.timedelta(weeks=number % 40)
    return {
        "title": f"Weekly Volunteer Shift {number:05d}",
        "host": host,
        "date": first,
        "repeat": "FREQ=WEEKLY;BYDAY=SA",
        "count": occurrences + 1,
        "except": [first + dt.timedelta(weeks=1)],
        "location": "St. Louis, MO",
        "description": "A synthetic benchmark series: volunteers meet every week, help out.",
        "rsvp": "account",
        "capacity": 10,
        "slots": [{"time": t} for t in SLOT_TIMES[: 1 + number % 2]],
    }


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


def make_content(size: int, out: Path, source: Path = CONTENT, *,
                 series_occurrences: int = 0) -> Path:
    """Write a content tree of `size` organizations (at least the 28 real ones) to `out`.

    With `series_occurrences`, each synthetic organization hosts one weekly series instead, the
    series together holding about that many occurrences.
    """
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
    if series_occurrences:
        per_series = max(1, round(series_occurrences / max(1, extra)))
        for i in range(extra):
            slug = f"synthetic-org-{i:05d}"
            _dump(events / f"synthetic-series-{i:05d}.yaml", _series(i, slug, per_series))
            _dump(orgs / f"{slug}.yaml", _organization(templates[i % len(templates)], i))
        return out
    event_count = max(0, round(size * EVENTS_PER_ORG) - len(list(events.glob("*.yaml"))))
    # Spread the hosted events evenly over the synthetic organizations.
    step = max(1, extra // event_count) if event_count else 0
    made_events = 0
    for i in range(extra):
        slug = f"synthetic-org-{i:05d}"
        if step and i % step == 0 and made_events < event_count:
            _dump(events / f"synthetic-event-{made_events:05d}.yaml", _event(made_events, slug))
            made_events += 1
        _dump(orgs / f"{slug}.yaml", _organization(templates[i % len(templates)], i))
    return out


def main(argv: list[str] | None = None) -> int:
    """`python -m bench.synth SIZE OUT [--series OCCURRENCES]`: write one synthetic tree."""
    parser = argparse.ArgumentParser(prog="python -m bench.synth", description=__doc__)
    parser.add_argument("size", type=int)
    parser.add_argument("out", type=Path)
    parser.add_argument("--series", type=int, default=0, metavar="OCCURRENCES",
                        help="one weekly series per organization, about this many dates in all")
    args = parser.parse_args(argv)
    make_content(args.size, args.out, series_occurrences=args.series)
    kind = f" with series of about {args.series} occurrences" if args.series else ""
    print(f"Wrote {args.size} organizations{kind} to {args.out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
