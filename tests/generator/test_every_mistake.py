"""A copy of the real content/ with every mistake editors make: one check run reports them all,
each at its file:line:column, warnings among the errors, and the GitHub format gives one
annotation per error or warning on its line."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.placeholders import PLACEHOLDER_SVG

CONTENT = Path(__file__).resolve().parents[2] / "content"
ORG, EVT = "organizations", "events"
# A drawing of the tests' own: the copied profiles get photos from it, then mistakes in them.
DRAWING = Path(__file__).parent / "fixtures/valid/images/organizations/keenstl/photo-1.svg"


def _photos(slug: str) -> tuple[str, str, str]:
    """A mistake's setting: two SVG photos added to a profile that has none."""
    block = "".join(f"  - src: /images/{ORG}/{slug}/photo-{n}.svg\n    alt: A drawing\n"
                    for n in (1, 2))
    return f"{ORG}/{slug}.yaml", "\ncore_impact:", f"\nphotos:\n{block}core_impact:"


# (file, old, new): each injects one mistake into the copy.
MISTAKES = [
    _photos("Coca"), _photos("BrightsideSTL"), _photos("girlscouts"),
    (f"{ORG}/doorways.yaml", "tagline: Housing", "tagline: TODO Housing"),
    (f"{ORG}/pedal.yaml", "tagline: A St. Louis", "tagline: Lorem ipsum dolor. A St. Louis"),
    (f"{ORG}/pedal.yaml", "website: https://www.pedalthecause.org",
     "website: https://www.example.org"),
    (f"{EVT}/brightside-daffodil-planting.yaml", "\ntitle: ",
     "\nthank_you: Optional note shown after the event.\ntitle: "),
    (f"{EVT}/inclusive-sports-clinic.yaml", "host: keenstl", "host: KeenSTL"),
    (f"{EVT}/inclusive-sports-clinic.yaml", "rsvp: account", "rsvp: [account]"),
    (f"{EVT}/keen-sports-saturdays.yaml", "except: [2027-07-17]", "excpet: [2027-07-17]"),
    (f"{EVT}/garden-volunteer-mornings.yaml", "title: Garden", "tittle: Garden"),
    (f"{EVT}/english-conversation-partners.yaml", "until: 2027-05-25", "count: 10000"),
    (f"{EVT}/st-patrick-lunch-service.yaml", "repeat: FREQ=WEEKLY;BYDAY=WE",
     "repeat: FREQ=MINUTELY"),
    (f"{ORG}/Umsl.yaml", "causes: [education,", "causes: [Youth Programs, education,"),
    (f"{ORG}/Umsl.yaml", "initials: UMSL", "initials: 1$"),
    (f"{ORG}/girlscouts.yaml", "girlscouts/photo-1.svg", "girlscouts/photo-1.gif"),
    (f"{ORG}/washu.yaml", '  primary: "#a51417"', '  primary: "#a51417'),
    ("site.yaml", "timezone: America/Chicago", "timezone: America/Chicgo"),
    # The night clocks spring forward: 2:30 AM never happens.
    (f"{EVT}/girl-scouts-service-day.yaml", "date: 2027-04-24", "date: 2027-03-14"),
    (f"{EVT}/girl-scouts-service-day.yaml", "time: 9:00-11:30 AM", "time: 2:30-4:00 AM"),
    (f"{EVT}/forest-park-cleanup.yaml", "Gloves and bags are provided.",
     "Gloves and bags are provided. ![Volunteers in the park](/images/park.jpg)"),
    (f"{EVT}/forest-park-volunteer-days.yaml", "repeat: FREQ=MONTHLY;BYDAY=2SA",
     "repeat: FREQ=WEEKY;BYDAY=SAT"),
    # Natural input the check accepts: minutes left out on the hour.
    (f"{EVT}/doorways-welcome-kits.yaml", "time: 10:00-11:30 AM", "time: 9-11 AM"),
    # Build, but are worth fixing: warnings, shown with the errors.
    ("pages/home.yaml", "featured: brightside-daffodil-planting", "featured: forest-park-cleanup"),
    (f"{ORG}/keenstl.yaml", "for an hour of movement", "for an <b>hour</b> of movement"),
]
# (file, text on the line, column, field, words the message holds)
EXPECTED = [
    (f"{ORG}/Coca.yaml", "Coca/photo-1.svg", 10, "photos[0].src", "a <script> element on line 1"),
    (f"{ORG}/BrightsideSTL.yaml", "BrightsideSTL/photo-1.svg", 10, "photos[0].src",
     "the event handler onload= on <svg>"),
    # Every problem of one SVG, each with its own line in the picture.
    (f"{ORG}/BrightsideSTL.yaml", "BrightsideSTL/photo-1.svg", 10, "photos[0].src",
     'found a <set> element that sets an event handler (attributeName="onmouseover") on line 2 '
     "of content/images/organizations/BrightsideSTL/photo-1.svg. Delete the <set> element: an "
     "animation may change how the drawing looks, never its event handlers or links."),
    (f"{ORG}/BrightsideSTL.yaml", "BrightsideSTL/photo-1.svg", 10, "photos[0].src",
     'found an <animate> element that sets an event handler (attributeName="onbegin") on line 3'),
    (f"{ORG}/Coca.yaml", "Coca/photo-2.svg", 10, "photos[1].src",
     "the scaffold's grey placeholder picture"),
    (f"{ORG}/doorways.yaml", "tagline: TODO", 10, "tagline", "the to-do note 'TODO'"),
    (f"{ORG}/pedal.yaml", "tagline: Lorem", 10, "tagline", "dummy text 'Lorem ipsum'"),
    (f"{ORG}/pedal.yaml", "website: https://www.example.org", 22, "website",
     "the example address 'example.org'"),
    (f"{EVT}/brightside-daffodil-planting.yaml", "thank_you: Optional", 12, "thank_you",
     "the guide's sample text"),
    (f"{EVT}/doorways-welcome-kits.yaml", "", 1, "(whole file)",
     "differs from Doorways-Welcome-Kits.yaml only in letter case"),
    (f"{EVT}/inclusive-sports-clinic.yaml", "host: KeenSTL", 7, "host", "Did you mean keenstl?"),
    (f"{EVT}/inclusive-sports-clinic.yaml", "rsvp: [account]", 7, "rsvp", "found a list of 1"),
    (f"{EVT}/keen-sports-saturdays.yaml", "excpet:", 1, "excpet", "Did you mean `except`?"),
    (f"{EVT}/garden-volunteer-mornings.yaml", "tittle:", 1, "tittle", "Did you mean `title`?"),
    (f"{EVT}/english-conversation-partners.yaml", "count: 10000", 8, "count",
     "which makes 10,000 dates. The limit is 400"),
    (f"{EVT}/st-patrick-lunch-service.yaml", "repeat:", 9, "repeat",
     "FREQ=MINUTELY repeats every minute"),
    (f"{ORG}/Umsl.yaml", "causes:", 10, "causes[0]", "Write it in lower case: youth programs."),
    (f"{ORG}/Umsl.yaml", "initials:", 11, "initials", "expected 1 to 4 letters"),
    (f"{ORG}/girlscouts.yaml", "photo-1.gif", 10, "photos[0].src",
     "expected a JPEG, PNG, WebP or SVG file"),
    (f"{ORG}/washu.yaml", "primary:", 12, "primary", 'a closing double quote (") on line 6'),
    ("site.yaml", "timezone:", 11, "timezone", "Did you mean America/Chicago?"),
    (f"{EVT}/girl-scouts-service-day.yaml", "2:30-4:00 AM", 11, "slots[0].time",
     "2:30 AM on Sunday, March 14, 2027, which does not exist in America/Chicago: clocks jump "
     "from 2:00 to 3:00 AM. Pick a time before 2:00 AM or from 3:00 AM."),
    (f"{EVT}/forest-park-cleanup.yaml", "![Volunteers", 96, "description",
     "expected text, links and lists (a description shows no pictures), found the picture "
     "![Volunteers in the park](/images/park.jpg). Remove the picture from the text and add it "
     "to `gallery:` with its `src` and `alt`."),
    (f"{EVT}/forest-park-volunteer-days.yaml", "repeat:", 9, "repeat",
     "found 'FREQ=WEEKY;BYDAY=SAT' (invalid 'FREQ': WEEKY). Did you mean FREQ=WEEKLY? Write "
     "FREQ=DAILY, WEEKLY, MONTHLY or YEARLY"),
]
# (file, text on the line): lines the check accepts as written.
ACCEPTED = [(f"{EVT}/doorways-welcome-kits.yaml", "time: 9-11 AM")]
# The same, for warnings: (file, text on the line, column, the whole message after the field).
WARNINGS = [
    ("pages/home.yaml", "featured:", 11, "featured",
     "'forest-park-cleanup' ended on 2025-04-27; the home page's button names the next "
     "upcoming event instead. Name an upcoming event or series, or remove `featured:`."),
    (f"{ORG}/keenstl.yaml", "<b>hour", 10, "description",
     "the HTML tag <b> and one more will be shown as typed, not as formatting: descriptions "
     "take Markdown, not HTML. Write **bold**, *italic*, [words](https://...) or a list with - "
     "instead, or remove the tags."),
]


def _line_of(path: Path, text: str) -> int:
    if not text:  # the file's first line after its comments, where its fields start
        lines = path.read_text(encoding="utf-8").splitlines()
        return next(i for i, line in enumerate(lines, 1) if not line.startswith("#"))
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text in line)


def test_every_mistake_is_reported_in_one_run_at_its_place(
    tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    root = tmp_path / "content"
    shutil.copytree(CONTENT, root)
    for file, old, new in MISTAKES:
        path = root / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    images = root / "images" / ORG
    for slug in ("Coca", "BrightsideSTL", "girlscouts"):
        (images / slug).mkdir(parents=True)
        for n in (1, 2):
            shutil.copy(DRAWING, images / slug / f"photo-{n}.svg")
    coca = images / "Coca" / "photo-1.svg"
    coca.write_text(coca.read_text().replace("</svg>", "<script>alert(1)</script></svg>"))
    (images / "Coca" / "photo-2.svg").write_text(PLACEHOLDER_SVG)
    brightside = images / "BrightsideSTL" / "photo-1.svg"
    brightside.write_text(brightside.read_text().replace("<svg ", '<svg onload="alert(1)" ', 1)
                          .replace("</svg>", '\n<set attributeName="onmouseover" to="alert(2)"/>'
                                   '\n<animate attributeName="onbegin" values="alert(3)"/></svg>'))
    kits = root / EVT / "doorways-welcome-kits.yaml"
    shutil.copy(kits, kits.with_name("Doorways-Welcome-Kits.yaml"))

    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run_cli("check", "--format", "github", "--content", "content")

    assert status == 1
    lines = stderr.splitlines()
    errors = [line for line in lines if line.startswith("content/")]
    annotations = stdout.splitlines()
    for file, text, column, field, words in EXPECTED:
        where = f"content/{file}:{_line_of(root / file, text)}:{column}: {field}: "
        assert any(e.startswith(where) and words in e for e in errors), (where, words, errors)
    for file, text in ACCEPTED:
        where = f"content/{file}:{_line_of(root / file, text)}:"
        assert not any(e.startswith(where) for e in errors), where
    for file, text, column, field, message in WARNINGS:
        where = f"content/{file}:{_line_of(root / file, text)}:{column}"
        assert f"{where}: warning: {field}: {message}" in errors
    # Warnings come with the errors, in file order, and the summary after them counts both.
    assert lines[-1] == (f"{len(errors) - len(WARNINGS)} problems and {len(WARNINGS)} warnings "
                         "found in content/. Nothing was written; fix the lines above and run "
                         "the command again.")
    # A misspelled field is one message, not also a "missing" one.
    assert not any("the required field `title`" in e for e in errors)
    # One annotation per error and warning, on its own file, line and column.
    assert len(annotations) == len(errors)
    for error, annotation in zip(errors, annotations, strict=True):
        file, line, column = re.match(r"(\S+?):(\d+):(\d+): ", error).groups()  # type: ignore[union-attr]
        level = "warning" if ": warning: " in error else "error"
        assert annotation.startswith(f"::{level} file={file},line={line},col={column},")
