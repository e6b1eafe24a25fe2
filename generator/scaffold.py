"""`new-org` and `new-event`: scaffold commented files whose placeholders the check refuses."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from generator.checks.run import RESERVED_SEGMENTS, SLUG_PATTERN
from generator.placeholders import MARKER
from generator.registry import EVENT, ORGANIZATION

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
  - {marker} with a cause such as youth
# Colours of the round monogram logo: white letters on `primary` (pick a dark one). Keep the quotes.
colors:
  primary: "#1f4e8c"
  accent: "#f2b705"
# Optional: 1-4 letters for the monogram (default: the first letters of the name).
# initials: {initials}
# Optional: a logo file (JPEG, PNG, WebP or SVG) in images/organizations/{slug}/, not the monogram.
# logo:
#   src: /images/organizations/{slug}/logo.png
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
# Without photos the profile shows the name and tagline in large letters on the colours above.
# Optional: up to two photos (JPEG, PNG or WebP) in content/images/organizations/{slug}/.
# photos:
#   - src: /images/organizations/{slug}/photo-1.jpg
#     alt: {marker} with what the first photo shows.
#   - src: /images/organizations/{slug}/photo-2.jpg
#     alt: {marker} with what the second photo shows.
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
# Optional: who answers for volunteers' hours; use an address at the organization.
# volunteer_contact:
#   name: Dana Whitfield
#   role: Volunteer coordinator
#   email: volunteers@example.org
# Optional: true if the organization certifies the President's Volunteer Service Award.
# pvsa_certifying: true
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

EVENT_TEMPLATE = """\
{modeline}
# The event {heading}. The file name ({slug}.yaml) is its address: /events/{slug}
# Replace every text that starts with {marker} (the check refuses them until you do), then run
# `make check`. Lines starting with # are notes: to use an optional field, delete the # and the
# space after it. content/README.md explains each field and the basics of YAML.

# The event's name.
title: {title}
# The organization that runs it: its file name in organizations/, without .yaml.
host: {host}
# The day, year-month-day (for a series, its first date): change it to the real day.
date: {date}
# Optional: the kind of service, for service-hours records: tutoring, mentoring, environment,
# food_security, health, arts, civic or other (the default).
# service_type: environment
# Where it takes place.
location: {marker} with the place, such as Forest Park, St. Louis, MO
# What volunteers will do, in a few sentences; `>-` lets the text run over several lines, each
# indented by two spaces.
description: >-
  {marker} with what volunteers will do, in a few sentences.
# Optional: guests are welcome by default (anyone RSVPs with a name and an email). Only if you must
# know who comes before the day (a background check, work with children), make volunteers sign in:
# rsvp: account
# Optional: how many volunteers each slot takes (1 or more).
# capacity: 20
# The RSVP time slots, one per line: start-end with AM/PM. Do not change a slot's time once people
# have RSVP'd to it.
slots:
  - time: 10:00-11:50 AM
# Optional: make the event a series (content/README.md, "A series of events"). This rule repeats
# every {weekday}, the day of `date:`; end it with `until:` (the last possible date) or `count:`.
# `except:` lists dates of the series that do not take place.
# repeat: FREQ=WEEKLY;BYDAY={byday}
# until: {until}
# except: [{skipped}]
# Optional: a note shown after the event.
# thank_you: {marker} with a thank-you note for the volunteers.
# Optional: pictures shown after the event (JPEG, PNG, WebP or SVG files in
# content/images/events/{slug}/).
# gallery:
#   - src: /images/events/{slug}/photo-1.jpg
#     alt: {marker} with what the picture shows.
# Optional: what volunteers should know before signing up (content/README.md, "Before you go").
# Keep only the lines the host has told you, with their real answers.
# before_you_go:
#   wheelchair:
#     access: partly
#     note: {marker} with what is and is not step-free.
#   minimum_age: 16
#   guardian_consent: true
#   bring: [Closed-toe shoes, A water bottle]
#   parking: {marker} with where to park.
#   transit: {marker} with the bus or MetroLink stop.
#   setting: outdoor
"""


def _free_slug(folder: Path, slug: str, what: str) -> None:
    """Refuse a slug that is no file name, is a page of the site, or is taken in any case."""
    if not SLUG_PATTERN.match(slug):
        raise ValueError(
            f"The slug {slug!r} cannot be used: use letters, digits and dashes only, "
            "for example forestparkforever."
        )
    if what == "organization" and slug.lower() in RESERVED_SEGMENTS:
        raise ValueError(f"The slug {slug!r} is a page of the site already; choose another.")
    clash = [p.name for p in folder.glob("*.yaml") if p.stem.lower() == slug.lower()]
    if clash:
        raise ValueError(
            f"An {what} file with that name already exists ({clash[0]}); "
            "edit it instead, or choose another slug."
        )


def new_event(content: Path, slug: str, host: str, title: str | None = None,
              day: dt.date | None = None) -> Path:
    """Write content/events/<slug>.yaml for an event of `host`; refuse to overwrite."""
    folder = content / EVENT.entries_folder
    _free_slug(folder, slug, "event")
    if not (content / ORGANIZATION.entries_folder / f"{host}.yaml").is_file():
        raise ValueError(
            f"There is no organization file organizations/{host}.yaml: give HOST as the file "
            "name (without .yaml) of the organization that runs the event, such as keenstl."
        )
    day = day or dt.date.today() + dt.timedelta(days=14)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.yaml"
    path.write_text(EVENT_TEMPLATE.format(
        modeline=EVENT.modeline, slug=slug, host=host, marker=MARKER, date=day.isoformat(),
        title=title or f"{MARKER} with the event's name", heading=title or slug,
        weekday=f"{day:%A}", byday=f"{day:%a}"[:2].upper(),
        until=(day + dt.timedelta(weeks=8)).isoformat(),
        skipped=(day + dt.timedelta(weeks=1)).isoformat(),
    ), encoding="utf-8")
    return path


def new_org(content: Path, slug: str, name: str | None = None) -> Path:
    """Write content/organizations/<slug>.yaml; refuse to overwrite."""
    folder = content / ORGANIZATION.entries_folder
    _free_slug(folder, slug, "organization")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug}.yaml"
    name = name or slug
    initials = "".join(word[0] for word in name.split() if word[:1].isalnum())[:4].upper()
    text = TEMPLATE.format(slug=slug, name=name, marker=MARKER, initials=initials or "AB",
                           modeline=ORGANIZATION.modeline)
    path.write_text(text, encoding="utf-8")
    return path
