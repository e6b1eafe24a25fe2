"""The command line: new-org scaffolding and slot id rules."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import unquote

import pytest
from PIL import Image

from generator.models import Organization
from generator.slots import parse_time_range, slot_id
from tests.generator.generator_testkit import VALID, profile


def test_new_org_scaffold_is_refused_until_its_placeholders_are_replaced(
    content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(content.parent)
    status, stdout, _ = run_cli("new-org", "--content", "content", "gatewaygreening",
                                "--name", "Gateway Greening")
    assert status == 0
    assert "gatewaygreening.yaml" in stdout and "Replace every text starting with REPLACE" in stdout
    path = content / "organizations" / "gatewaygreening.yaml"
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=../schemas/organization.schema.json")
    status, _, stderr = run_cli("check", "--content", "content")
    assert status == 1
    errors = stderr.strip().splitlines()[:-2]
    assert text.count("REPLACE with") == 17
    # The two photos' alt texts are in the commented-out example: only the 15 texts in use count.
    texts = [e for e in errors if "This organization still has placeholder text in " in e]
    assert (len(texts), len(errors)) == (15, 15)
    assert not (content / "images" / "organizations" / "gatewaygreening").exists()
    assert (
        "content/organizations/gatewaygreening.yaml:25:10: tagline: expected the organization's "
        "own text, found the placeholder 'REPLACE with one short sentence on what Gateway "
        "Greening ...' from the scaffold. This organization still has placeholder text in "
        "tagline: replace it (the words after REPLACE say what to write)."
    ) in errors
    # An editor who writes every placeholder's text gets a valid profile, photos or not.
    path.write_text(text.replace("REPLACE with ", ""))
    assert run_cli("check", "--content", "content")[0] == 0
    out = tmp_path / "out"
    assert run_cli("build", "--content", "content", "--out", str(out))[0] == 0
    org = profile(out, "gatewaygreening")
    assert org["photos"] == []
    assert [panel["shows"] for panel in org["panels"]] == ["name", "tagline"]
    assert org["name"] == "Gateway Greening"
    logo = unquote(org["logo"]["src"].removeprefix("data:image/svg+xml,"))
    assert logo.startswith("<svg") and ">GG</text>" in logo
    assert org["logo"]["alt"] == "Gateway Greening logo"


def test_new_org_scaffold_explains_every_field(
    content: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    assert run_cli("new-org", "--content", str(content), "gatewaygreening")[0] == 0
    lines = (content / "organizations" / "gatewaygreening.yaml").read_text().splitlines()
    for name, info in Organization.model_fields.items():
        # Required fields are written out; optional ones are commented out with an example.
        key = f"{name}:" if info.is_required() else f"# {name}:"
        at = [i for i, line in enumerate(lines) if line.startswith(key)]
        assert len(at) == 1, name
        note = lines[at[0] - 1]
        fields = tuple(f"# {n}:" for n in Organization.model_fields)
        assert note.startswith("# ") and not note.startswith(fields), name
        assert note.startswith("# Optional") != info.is_required(), name


def test_new_org_optional_examples_are_valid_once_uncommented(
    content: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    assert run_cli("new-org", "--content", str(content), "gatewaygreening")[0] == 0
    path = content / "organizations" / "gatewaygreening.yaml"
    example = re.compile(r"^# (?=(?:[a-z_]+:|  ))")
    text = "\n".join(example.sub("", line) for line in path.read_text().splitlines())
    assert "\nsocial:\n  instagram:" in text and "\nphone: " in text
    pictures = _own_pictures(content, "gatewaygreening")
    Image.new("RGB", (64, 64), "navy").save(pictures / "logo.png")
    path.write_text(text.replace("REPLACE with ", ""))
    status, _, stderr = run_cli("check", "--content", str(content))
    # The examples' addresses are placeholders too: only they are left to write.
    assert status == 1
    fields = [line.split(": ")[1] for line in stderr.splitlines() if line.startswith("content/")]
    assert fields == ["social.instagram", "social.facebook", "website", "email",
                      "volunteer_contact.email"]
    assert all("found the example address" in line for line in stderr.splitlines()[:4])


def _own_pictures(content: Path, slug: str) -> Path:
    """Put the editor's own photos where the scaffold's commented-out example names them."""
    pictures = content / "images" / "organizations" / slug
    pictures.mkdir(parents=True, exist_ok=True)
    for n in (1, 2):
        Image.new("RGB", (640, 400), "seagreen").save(pictures / f"photo-{n}.jpg")
    return pictures


@pytest.mark.parametrize(("slug", "message"), [
    ("KEENSTL", "An organization file with that name already exists (keenstl.yaml)"),
    ("about", "The slug 'about' is a page of the site already"),
    ("bad slug!", "The slug 'bad slug!' cannot be used"),
])
def test_new_org_refuses_bad_or_taken_slugs(content: Path, slug: str, message: str,
                                            run_cli: Callable[..., tuple[int, str, str]]) -> None:
    before = sorted(p.name for p in (content / "organizations").iterdir())
    status, _, stderr = run_cli("new-org", "--content", str(content), slug)
    assert status == 1
    assert message in stderr
    assert sorted(p.name for p in (content / "organizations").iterdir()) == before


@pytest.mark.parametrize(("label", "expected_id", "start", "end"), [
    ("1:00-1:50 PM", "clinic-1-00-1-50-pm", "13:00", "13:50"),
    ("1:00PM-3:00PM", "clinic-1-00pm-3-00pm", "13:00", "15:00"),
    ("11:30 AM-12:20 PM", "clinic-11-30-am-12-20-pm", "11:30", "12:20"),
    ("12:00-12:45 AM", "clinic-12-00-12-45-am", "00:00", "00:45"),
    # On the hour, the minutes may be left out.
    ("9-11 AM", "clinic-9-11-am", "09:00", "11:00"),
    ("11 AM-12:30 PM", "clinic-11-am-12-30-pm", "11:00", "12:30"),
    ("9:30-11 AM", "clinic-9-30-11-am", "09:30", "11:00"),
])
def test_slot_ids_and_times(label: str, expected_id: str, start: str, end: str) -> None:
    assert slot_id("clinic", label) == expected_id
    begins, ends = parse_time_range(label)
    assert (begins.strftime("%H:%M"), ends.strftime("%H:%M")) == (start, end)


def test_python_m_generator_builds(tmp_path: Path) -> None:
    # The module entry point turns the cyclic garbage collector off; the build must not care.
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "generator", "build", "--content", str(VALID),
                           "--out", str(out)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Built" in done.stdout and (out / "organizations.json").is_file()
