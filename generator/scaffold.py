"""`new-org`: scaffold a valid, commented organization file for an editor to fill in."""

from __future__ import annotations

from pathlib import Path

from generator.validate import RESERVED_SEGMENTS, SLUG_PATTERN

TEMPLATE = """\
# yaml-language-server: $schema=../schemas/organization.schema.json
# Profile of {name}. The file name ({slug}.yaml) is the page address: /{slug}
# Every field below is explained in content/README.md. Replace each placeholder,
# then run `make check` to see any mistakes with their line numbers.

name: {name}
# One of: university, community_college, nonprofit, foundation
kind: nonprofit
# A few lowercase words, used for filtering and search.
causes: [community]
# Colours of the round monogram logo the site draws (white letters on `primary`).
colors:
  primary: "#1f4e8c"
  accent: "#f2b705"
# One short sentence shown under the name.
tagline: Placeholder tagline for {name}.
description: >-
  Two to four sentences on who {name} is and what it does in St. Louis.
future_goals:
  - A goal the organization is working toward.
programs:
  - A program people can join.
# Exactly two pictures. Put the files in content/images/organizations/{slug}/.
photos:
  - src: /images/organizations/{slug}/photo-1.svg
    alt: Describe what the first picture shows.
  - src: /images/organizations/{slug}/photo-2.svg
    alt: Describe what the second picture shows.
# Exactly four cards.
core_impact:
  - title: First impact
    text: One or two sentences.
  - title: Second impact
    text: One or two sentences.
  - title: Third impact
    text: One or two sentences.
  - title: Fourth impact
    text: One or two sentences.
# Only figures you can source. Quote numbers: "1992".
impact_numbers:
  - value: "1"
    label: replace with a real figure
# Optional: social links (https, on each platform's own site); delete the ones they lack.
social: {{}}
#  instagram: https://www.instagram.com/example
#  facebook: https://www.facebook.com/example
# Optional contact details:
# website: https://www.example.org
# email: info@example.org
# phone: "(314) 555-0100"
"""

PLACEHOLDER_SVG = """\
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img">\
<title>Placeholder picture</title><rect width="800" height="500" fill="#e5e7eb"/>\
<circle cx="400" cy="230" r="90" fill="#9ca3af"/><rect x="250" y="360" width="300" height="30" \
rx="15" fill="#9ca3af"/></svg>
"""


def new_org(content: Path, slug: str, name: str | None = None) -> Path:
    """Write content/organizations/<slug>.yaml and placeholder pictures; refuse to overwrite."""
    if not SLUG_PATTERN.match(slug):
        raise ValueError(
            f"The slug {slug!r} cannot be used: use letters, digits and dashes only, "
            "for example forestparkforever."
        )
    if slug.lower() in RESERVED_SEGMENTS:
        raise ValueError(f"The slug {slug!r} is a page of the site already; choose another.")
    folder = content / "organizations"
    clash = [p.name for p in folder.glob("*.yaml") if p.stem.lower() == slug.lower()]
    if clash:
        raise ValueError(
            f"An organization file with that name already exists ({clash[0]}); "
            "edit it instead, or choose another slug."
        )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.yaml"
    path.write_text(TEMPLATE.format(slug=slug, name=name or slug), encoding="utf-8")
    pictures = content / "images" / "organizations" / slug
    pictures.mkdir(parents=True, exist_ok=True)
    for n in (1, 2):
        picture = pictures / f"photo-{n}.svg"
        if not picture.exists():
            picture.write_text(PLACEHOLDER_SVG, encoding="utf-8")
    return path
