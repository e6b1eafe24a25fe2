"""content/README.md, the editors' guide, agrees with the generator it describes, and the README
shows editors the way to it first."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from generator.checks.run import APP_ROUTES

GUIDE = (Path(__file__).resolve().parents[2] / "content" / "README.md").read_text()
# Pages only emails, sign-in, the organizer tools and hours records lead to; not for links.
NOT_FOR_LINKS = {
    "/verify", "/auth/callback", "/reset-password", "/cancel", "/consent",
    "/organize/checkin", "/organize/roles", "/verify-hours", "/hours-request",
}


def test_guide_lists_every_page_to_link_to() -> None:
    table = GUIDE.split("Pages you can link to:", 1)[1].split("\n\n", 2)[1]
    listed = set(re.findall(r"^\| `(/[^`<]*)` \|", table, re.MULTILINE))
    assert listed == set(APP_ROUTES) - NOT_FOR_LINKS
    assert "| `/<slug>` |" in table


def test_guide_yaml_examples_parse_unless_marked_as_errors() -> None:
    blocks = re.findall(r"```yaml\n(.*?)```", GUIDE, re.DOTALL)
    assert len(blocks) >= 5
    for block in blocks:
        good = "\n".join(line for line in block.splitlines() if "# error" not in line)
        yaml.safe_load(good)
        for bad in (line for line in block.splitlines() if "# error" in line):
            try:
                yaml.safe_load(bad)
            except yaml.YAMLError:
                continue
            raise AssertionError(f"the guide says this is an error, but it parses: {bad}")


def test_the_readme_points_editors_to_the_guide_on_its_first_screen() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    first_screen = readme.splitlines()[:15]
    assert any("[content/README.md](content/README.md)" in line for line in first_screen)
