"""YAML syntax mistakes: each one is named in plain words at the line an editor must change."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator import loaders

KEEN = "content/organizations/keenstl.yaml"
TAGLINE = "tagline: Sports and fitness for young athletes with disabilities."

# (mistake, old text in keenstl.yaml, new text, the exact error line)
CASES = [
    ("tab indentation", '  accent: "#f2b705"', '\taccent: "#f2b705"',
     f"{KEEN}:7:1: accent: expected spaces at the start of the line, found a tab. Line 7 is "
     "indented with a tab; use spaces (as many as the lines around it; set your editor to insert "
     "spaces for the Tab key)."),
    ("tab in a list", "  - Reach more families.", "\t- Reach more families.",
     f"{KEEN}:11:1: (whole file): expected spaces at the start of the line, found a tab. Line 11 "
     "is indented with a tab; use spaces (as many as the lines around it; set your editor to "
     "insert spaces for the Tab key)."),
    ("unclosed double quote, blamed on a later quote by the parser", TAGLINE,
     'tagline: "Sports and fitness for young athletes with disabilities.',
     f'{KEEN}:8:10: tagline: expected a closing double quote (") on line 8, found a double quote '
     'that opens on line 8 and is never closed. Add " at the end of the text on line 8.'),
    ("unclosed single quote, running to the end of the file", "  - Reach more families.",
     "  - 'Reach more families.",
     f"{KEEN}:11:5: (whole file): expected a closing single quote (') on line 11, found a single "
     "quote that opens on line 11 and is never closed. Add ' at the end of the text on line 11."),
    ("text after the closing quote", TAGLINE,
     'tagline: "Sports and fitness" for young athletes.',
     f"{KEEN}:8:31: tagline: expected the end of the line after the closing quote, found more "
     "text after it: 'for young athletes.'. Put the whole text inside the quotes: \"Sports and "
     "fitness for young athletes.\", or remove the quotes."),
    ("colon inside unquoted text", TAGLINE, "tagline: Our mission: sports for every athlete.",
     f"{KEEN}:8:21: tagline: expected a colon followed by a space only after the field name, "
     "found another one inside the text 'Our mission: sports for every athlete.'. YAML reads a "
     "colon and a space as the start of a new field unless the text is in quotes. Wrap the text "
     'in quotes: tagline: "Our mission: sports for every athlete."'),
    ("colon inside text that has double quotes", TAGLINE, 'tagline: The "KEEN" way: sports.',
     f"{KEEN}:8:24: tagline: expected a colon followed by a space only after the field name, "
     "found another one inside the text 'The \"KEEN\" way: sports.'. YAML reads a colon and a "
     "space as the start of a new field unless the text is in quotes. Wrap the text in quotes: "
     "tagline: 'The \"KEEN\" way: sports.'"),
    ("line indented too far", "kind: nonprofit", "  kind: nonprofit",
     f"{KEEN}:3:3: kind: expected `kind` lined up with `name` on line 2, found it indented 2 more "
     "spaces. Line 3 is indented further than line 2; remove the extra spaces, or, if it belongs "
     "to the line above, make that line a `key:` with nothing after the colon."),
    ("line out of step with its block", '  accent: "#f2b705"', ' accent: "#f2b705"',
     f"{KEEN}:7:2: accent: expected this line to line up with the fields of a block above it, "
     "found it indented by 1 space. Line 7 does not line up with the lines above; indent it with "
     "the same number of spaces as the other fields of its block."),
    ("unclosed bracket", "causes: [disability, youth, sports]", "causes: [disability, youth",
     f"{KEEN}:4:9: causes: expected a closing ] on line 4, found a [ that opens on line 4 and is "
     "never closed. Add ] at the end of the list on line 4, or write the items on their own "
     "lines starting with `- ` instead."),
    ("tab after a list dash", "  - Reach more families.", "  -\tReach more families.",
     f"{KEEN}:11:4: (whole file): expected spaces at the start of the line, found a tab. Line 11 "
     "is indented with a tab; use spaces (as many as the lines around it; set your editor to "
     "insert spaces for the Tab key)."),
    ("two documents in one file", "kind: nonprofit", "kind: nonprofit\n---",
     f"{KEEN}:4:1: (whole file): expected one document per file, found a second document "
     "starting on line 4. Remove the `---` line: each file holds one organization, event or "
     "page."),
    ("invisible control character", "kind: nonprofit", "kind: non\x07profit",
     f"{KEEN}:3:10: (whole file): expected plain text, found an invisible control character "
     "(code 7). Delete it: retype the text around this spot, or paste it again as plain text."),
    ("duplicate key", "kind: nonprofit", "kind: nonprofit\nname: KEEN",
     f"{KEEN}:4:1: name: expected each key once per block, found `name` a second time on line 4 "
     "(it is already on line 2). Keep one of lines 2 and 4 and delete the other; YAML would "
     "silently keep only the last."),
    ("duplicate key in a nested block", '  accent: "#f2b705"',
     '  accent: "#f2b705"\n  primary: "#000000"',
     f"{KEEN}:8:3: colors.primary: expected each key once per block, found `primary` a second "
     "time on line 8 (it is already on line 6). Keep one of lines 6 and 8 and delete the other; "
     "YAML would silently keep only the last."),
]


@pytest.mark.parametrize(("mistake", "old", "new", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_yaml_mistake_is_explained_in_plain_words(
    mistake: str, old: str, new: str, expected: str, content: Path, tmp_path: Path,
    edit: Callable[[str, str, str], None], run_cli: Callable[..., tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("organizations/keenstl.yaml", old, new)
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    assert stderr.splitlines()[0] == expected
    assert "found found" not in stderr and "Traceback" not in stderr


def test_what_only_libyaml_refuses_gets_its_line_and_words(tmp_path: Path) -> None:
    # libyaml (which loads every file) refuses unknown directives; the pure-Python parser,
    # which explains errors, accepts them, so the explanation falls back to libyaml's mark.
    path = tmp_path / "file.yaml"
    path.write_text("%FOO\n---\nname: a\n", encoding="utf-8")
    doc, errors = loaders.load_document(path, "file.yaml")
    assert doc is None
    assert [e.format() for e in errors] == [
        "file.yaml:1:5: (whole file): expected valid YAML, found something YAML cannot read here "
        "(unknown directive name). Check the indentation, colons and quotes on this line and the "
        "one before it."
    ]
