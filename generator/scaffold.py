"""`new-org`: scaffold a commented organization file whose placeholders the check refuses."""

from __future__ import annotations

from pathlib import Path

from generator.placeholders import MARKER
from generator.registry import ORGANIZATION
from generator.validate import RESERVED_SEGMENTS, SLUG_PATTERN

TEMPLATE = """\
{modeline}
# Profile of {name}. The file name ({slug}.yaml) is the page address: /{slug}
# Replace every text that starts with {marker} (the check refuses them until you do), then run
# `make check`. Lines starting with # are notes: to use an optional field, delete the # and the
# space after it. content/README.md explains each field and the basics of YAML.

# The organization's name as it appears on the site.
name: {name}
# What it is: university, community_college, nonprofit or foundation.
kind: nonprofit
# A few lowercase words used for filtering and search, one per line.
causes:
  - {marker} with a cause, such as youth
# Colours of the round monogram logo: white letters on `primary` (pick a dark one). Keep the quotes.
colors:
  primary: "#1f4e8c"
  accent: "#f2b705"
# Optional: 1-4 letters for the monogram (default: the first letters of the name).
# initials: {initials}
# Optional: the organization's own logo (an SVG under content/images/) instead of the monogram.
# logo:
#   src: /images/organizations/{slug}/logo.svg
#   alt: {name} logo
# One short sentence shown under the name.
tagline: {marker} with one short sentence on what {name} does.
# Two to four sentences; `>-` lets the text run over several lines, each indented by two spaces.
description: >-
  {marker} with two to four sentences on who {name} is and what it does in St. Louis.
# Goals the organization is working toward (the Future Goals card), one per line.
future_goals:
  - {marker} with a goal the organization is working toward.
# Programs people can join, one per line.
programs:
  - {marker} with a program people can join.
# Exactly two pictures in content/images/organizations/{slug}/ (replace the grey placeholders).
photos:
  - src: /images/organizations/{slug}/photo-1.svg
    alt: {marker} with what the first picture shows.
  - src: /images/organizations/{slug}/photo-2.svg
    alt: {marker} with what the second picture shows.
# Exactly four cards on what the organization achieves: a short title and a sentence or two each.
core_impact:
  - title: {marker} with a short title
    text: {marker} with one or two sentences.
  - title: {marker} with a short title
    text: {marker} with one or two sentences.
  - title: {marker} with a short title
    text: {marker} with one or two sentences.
  - title: {marker} with a short title
    text: {marker} with one or two sentences.
# Headline figures, only ones you can source; keep each value in quotes, like "79".
impact_numbers:
  - value: "{marker} with a figure"
    label: {marker} with what it counts, such as acres of garden
# Optional: social links, each an https:// address on the platform's own site.
# social:
#   instagram: https://www.instagram.com/example
#   facebook: https://www.facebook.com/example
# Optional: the website (https:// only).
# website: https://www.example.org
# Optional: a public contact email.
# email: info@example.org
# Optional: a public phone number, in quotes.
# phone: "(314) 555-0100"
# Optional: cards shown in the profile's Events card.
# events_card:
#   - title: Volunteer Orientation
#     text: Learn how to volunteer with us.
# Optional: a button to a page of this site.
# cta:
#   label: RSVP for Next Event
#   href: /features
# Optional: old addresses of this profile that should lead here.
# legacy_paths: [/organizations/{slug}]
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
    folder = content / ORGANIZATION.entries_folder
    clash = [p.name for p in folder.glob("*.yaml") if p.stem.lower() == slug.lower()]
    if clash:
        raise ValueError(
            f"An organization file with that name already exists ({clash[0]}); "
            "edit it instead, or choose another slug."
        )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.yaml"
    name = name or slug
    initials = "".join(word[0] for word in name.split() if word[:1].isalnum())[:4].upper()
    text = TEMPLATE.format(slug=slug, name=name, marker=MARKER, initials=initials or "AB",
                           modeline=ORGANIZATION.modeline)
    path.write_text(text, encoding="utf-8")
    pictures = content / "images" / "organizations" / slug
    pictures.mkdir(parents=True, exist_ok=True)
    for n in (1, 2):
        picture = pictures / f"photo-{n}.svg"
        if not picture.exists():
            picture.write_text(PLACEHOLDER_SVG, encoding="utf-8")
    return path
