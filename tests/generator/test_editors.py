"""What a new editor gets wrong: unsafe pictures, placeholders, hidden errors, case clashes."""

from __future__ import annotations

import datetime as dt
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import placeholders
from generator.scaffold import new_event

KEEN = "content/organizations/keenstl.yaml"
CLINIC = "content/events/inclusive-sports-clinic.yaml"
SWIM = "content/events/keen-swim.yaml"
GUIDE = Path(__file__).resolve().parents[2] / "content" / "README.md"
ROOT = Path(__file__).resolve().parents[2]
Run = Callable[..., tuple[int, str, str]]
SVG_EXPECTED = "expected an SVG that only draws: no scripts, event handlers or links to other files"
PHOTO = "images/organizations/keenstl/photo-1.svg"


@pytest.mark.parametrize(("svg", "found", "hint"), [
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n'
     '<rect width="800" height="500"/>\n<script>alert(1)</script></svg>',
     "a <script> element on line 3", "Delete the <script> element and everything inside it."),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"\n onload="alert(1)">'
     '</svg>', "the event handler onload= on <svg> on line 1",
     'Delete the onload="..." attribute.'),
    ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
     'width="800" height="500">\n<a xlink:href="javascript:alert(1)"><rect/></a></svg>',
     "a javascript: address in xlink:href= on <a> on line 2",
     'Delete the xlink:href="..." attribute.'),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n\n'
     '<image href="https://tracker.example.net/pixel.png"/></svg>',
     'a reference to another file (href="https://tracker.example.net/pixel.png") on <image> '
     "on line 3", "Draw it in this SVG or embed the picture"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n'
     '<foreignObject width="10" height="10"><div/></foreignObject></svg>',
     "a <foreignObject> element on line 2", "Delete the <foreignObject> element"),
    ('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n'
     '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">&a;</svg>',
     "an entity or external declaration in content/" + PHOTO, "Delete the <!DOCTYPE ...>"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n'
     '<rect width="8" height="5"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>',
     'a <set> element that sets an event handler (attributeName="onmouseover") on line 2',
     "Delete the <set> element: an animation may change how the drawing looks, never its event "
     "handlers or links."),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n'
     '<animate attributeName="onbegin" values="alert(1)" dur="1s"/></svg>',
     'an <animate> element that sets an event handler (attributeName="onbegin") on line 2',
     "Delete the <animate> element"),
    ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500">\n<a>\n'
     '<set attributeName="xlink:href" to="https://tracker.example.net/"/></a></svg>',
     'a <set> element that sets a link (attributeName="xlink:href") on line 3',
     "Delete the <set> element"),
])
def test_an_svg_that_runs_code_or_loads_files_is_refused_naming_element_and_line(
    svg: str, found: str, hint: str, content: Path, run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (content / PHOTO).write_text(svg, encoding="utf-8")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    line = stderr.splitlines()[0]
    assert line.startswith(f"{KEEN}:15:10: photos[0].src: ")
    assert SVG_EXPECTED in line
    assert f"found {found}" in line
    assert hint in line
    assert "1 problem found" in stderr


def test_every_problem_of_an_svg_is_reported_in_one_run(
    content: Path, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (content / PHOTO).write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" onload="alert(1)">\n'
        '<script>alert(<![CDATA[<iframe/>]]>)</script>\n'
        '<foreignObject><iframe src="https://x.example.net/"/></foreignObject>\n'
        '<rect><set attributeName="onclick" to="alert(2)"/></rect></svg>', encoding="utf-8")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    found = [line.split(", found ", 1)[1].split(". ", 1)[0] for line in stderr.splitlines()
             if line.startswith(f"{KEEN}:15:10: photos[0].src: {SVG_EXPECTED}")]
    # The iframe goes with its foreignObject: deleting the one deletes the other.
    assert found == [
        f"a <foreignObject> element on line 3 of content/{PHOTO}",
        f"a <script> element on line 2 of content/{PHOTO}",
        f"a <set> element that sets an event handler (attributeName=\"onclick\") on line 4 of "
        f"content/{PHOTO}",
        f"the event handler onload= on <svg> on line 1 of content/{PHOTO}",
    ]
    assert stderr.splitlines()[-1].startswith("4 problems found")


def test_scaffold_placeholder_list_is_what_the_guide_and_scaffolds_use(
    content: Path, run: Run,
) -> None:
    # The guide's sample event holds exactly the sample texts of the list, which the check refuses.
    guide = GUIDE.read_text(encoding="utf-8")
    sample = guide.split("## Add an event", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    values = [v.split("#")[0].strip() for v in re.findall(r":\s(.+)$", sample, re.MULTILINE)]
    assert set(placeholders.SAMPLE_TEXTS) <= set(values)
    assert all(placeholders.find(text) for text in placeholders.SAMPLE_TEXTS)
    # The scaffolds write the list's marker, and no placeholder picture: photos are optional.
    path = new_event(content, "riverlink-homework-help", "keenstl", day=dt.date(2026, 3, 7))
    assert path.read_text().count(f"{placeholders.MARKER} with") == 8
    assert run("new-org", "--content", str(content), "riverlink")[0] == 0
    org = content / "organizations/riverlink.yaml"
    assert org.read_text().count(f"{placeholders.MARKER} with") == 17
    assert not (content / "images/organizations/riverlink").exists()


def test_guide_lists_every_kind_of_placeholder_and_only_placeholders() -> None:
    guide = GUIDE.read_text(encoding="utf-8")
    section = guide.split("### Nothing unfinished is published", 1)[1].split("\n#", 1)[0]
    listed = re.findall(r"`([^`]+)`", section) + re.findall(r'"([^"]+)"', section)
    assert all(placeholders.find(text) for text in listed), listed
    kinds = {placeholders.find(text)[0] for text in listed}  # type: ignore[index]
    assert kinds == set(placeholders.KINDS)
    assert set(placeholders.SAMPLE_TEXTS) <= set(listed)


def test_new_event_scaffold_is_refused_until_filled_in_and_its_series_example_is_valid(
    content: Path, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, stdout, _ = run("new-event", "--content", "content", "riverlink-homework-help",
                            "--host", "keenstl", "--title", "Homework Help")
    assert status == 0 and "riverlink-homework-help.yaml" in stdout
    path = content / "events/riverlink-homework-help.yaml"
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=../schemas/event.schema.json")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    errors = stderr.strip().splitlines()[:-2]
    assert [e.split(": ")[1] for e in errors] == ["location", "description"]
    # Filled in, with the commented series uncommented, it is a valid series.
    filled = text.replace("REPLACE with ", "")
    filled = re.sub(r"^# (repeat|until|except): ", r"\1: ", filled, flags=re.MULTILINE)
    assert "\nrepeat: FREQ=WEEKLY;BYDAY=" in filled and "\nuntil: " in filled
    # And so is its before-you-go example.
    head, block = filled.split("# before_you_go:", 1)
    filled = head + re.sub(r"^# ", "", "before_you_go:" + block, flags=re.MULTILINE)
    assert "\nbefore_you_go:\n  wheelchair:\n    access: partly\n" in filled
    path.write_text(filled)
    status, _, stderr = run("check", "--content", "content")
    assert (status, stderr) == (0, "")


def test_new_event_refuses_an_unknown_host_and_a_taken_slug(content: Path, run: Run) -> None:
    status, _, stderr = run("new-event", "--content", str(content), "x", "--host", "nobody")
    assert status == 1 and "There is no organization file organizations/nobody.yaml" in stderr
    status, _, stderr = run("new-event", "--content", str(content), "Keen-Swim",
                            "--host", "keenstl")
    assert status == 1 and "already exists (keen-swim.yaml)" in stderr


def test_a_file_with_a_type_error_still_gets_its_host_link_and_image_checks(
    content: Path, edit: Callable[[str, str, str], None], run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("events/inclusive-sports-clinic.yaml", "host: keenstl", "host: RiverLink")
    edit("events/inclusive-sports-clinic.yaml", "rsvp: account", "rsvp: [account]")
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: 7")
    edit("organizations/keenstl.yaml", "href: /features", "href: /featurs")
    edit("organizations/keenstl.yaml", "keenstl/photo-2.svg", "keenstl/photo-9.svg")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    lines = stderr.splitlines()
    fields = sorted(line.split(": ")[0:2][1] for line in lines if line.startswith("content/"))
    assert fields == ["cta.href", "host", "kind", "photos[1].src", "rsvp"]
    assert any(line.startswith(f"{CLINIC}:4:7: host: ") and "'RiverLink'" in line
               for line in lines)


def test_case_clashes_are_found_in_every_collection_even_in_broken_files(
    content: Path, run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copy(content / "events/keen-swim.yaml", content / "events/KEEN-Swim.yaml")
    (content / "events/Forest-Park-Cleanup.yaml").write_text("title: [unclosed\n")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    assert (
        f"{SWIM}:1:1: (whole file): expected a slug different from every other event's, found "
        "keen-swim.yaml, which differs from KEEN-Swim.yaml only in letter case. URLs must differ "
        "by more than case; rename one of the files."
    ) in stderr.splitlines()
    assert any(line.startswith("content/events/forest-park-cleanup.yaml:")
               and "differs from Forest-Park-Cleanup.yaml only in letter case" in line
               for line in stderr.splitlines())


def test_a_long_series_by_until_reports_its_count(
    content: Path, edit: Callable[[str, str, str], None], run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("events/keen-swim.yaml", "repeat: FREQ=WEEKLY;INTERVAL=2;BYDAY=SA\ncount: 4",
         "repeat: FREQ=DAILY\nuntil: 2053-02-18")
    edit("events/keen-swim.yaml", "except: [2025-11-01]\n", "")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == (
        f"{SWIM}:4:9: repeat: expected a series of at most 400 dates, found a rule that makes "
        "10,000 dates up to 2053-02-18. The limit is 400: add an earlier `until:` or write "
        "`count:` instead (at most 400), or split the series."
    )


def test_an_unclosed_quote_closed_by_a_later_line_is_named_at_its_own_line(
    content: Path, edit: Callable[[str, str, str], None], run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    # The later line's quote closes it, so YAML parses and `description` goes missing.
    edit("organizations/keenstl.yaml",
         "tagline: Sports and fitness for young athletes with disabilities.",
         'tagline: "Sports and fitness for young athletes')
    edit("organizations/keenstl.yaml", 'description: "Fixture', 'description: Fixture')
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[:2] == [
        f'{KEEN}:8:10: tagline: expected a closing double quote (") on line 8, found a double '
        'quote that opens on line 8 and is never closed. Add " at the end of the text on line 8.',
        "",
    ]


@pytest.fixture
def run(run_cli: Run) -> Run:
    """The CLI, run in-process."""
    return run_cli


def test_an_unclosed_quote_that_swallows_an_optional_field_is_refused(
    content: Path, edit: Callable[[str, str, str], None], run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    # YAML reads thank_you as 'Thanks for coming capacity: 6' and no capacity: a valid file.
    edit("events/keen-swim.yaml", "capacity: 6", 'thank_you: "Thanks for coming\ncapacity: 6"')
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == (
        f'{SWIM}:10:12: thank_you: expected a closing double quote (") on line 10, found a double '
        'quote that opens on line 10 and is never closed. Add " at the end of the text on line 10.'
    )


def test_placeholders_are_refused_in_pages_and_site_settings_too(
    content: Path, edit: Callable[[str, str, str], None], run: Run, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("site.yaml", "tagline: Find,", "tagline: TODO Find,")
    edit("pages/about.yaml", "heading: Why CivicSTL", "heading: Lorem ipsum")
    status, _, stderr = run("check", "--content", "content")
    assert status == 1
    lines = stderr.splitlines()
    assert any(line.startswith("content/pages/about.yaml:") and "why.heading: expected the "
               "page's own text, found dummy text 'Lorem ipsum'" in line for line in lines)
    assert any(line.startswith("content/site.yaml:4:10: tagline: expected the site's own text, "
                               "found the to-do note 'TODO'") for line in lines)
