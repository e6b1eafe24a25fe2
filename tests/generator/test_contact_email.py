"""An organization's contact email: checked where it is written, carried to its events' hosts."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from tests.generator.generator_testkit import profile

FPF = "organizations/forestparkforever.yaml"
ADDRESS = "email: volunteer@forestparkforever.org"


def test_the_contact_email_reaches_the_profile_and_the_hosts_of_events(
    content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))

    assert status == 0, stderr
    events = json.loads((out / "events.json").read_text())
    hosts = {event["host"]["slug"]: event["host"]["email"] for event in events["events"]}
    assert hosts == {"forestparkforever": "volunteer@forestparkforever.org", "keenstl": None}
    assert profile(out, "forestparkforever")["email"] == "volunteer@forestparkforever.org"


def test_a_malformed_contact_email_is_reported_at_its_place(
    content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    edit(FPF, ADDRESS, "email: volunteers at forestparkforever.org")
    line = next(n for n, text in enumerate((content / FPF).read_text().splitlines(), 1)
                if text.startswith("email:"))

    status, _, stderr = run_cli("check", "--content", str(content))

    assert status == 1
    [error] = [e for e in stderr.splitlines() if FPF in e]
    assert f"{FPF}:{line}:8: email: expected an email address such as info@example.org, " \
           "found 'volunteers at forestparkforever.org'. Fix the address." in error


def test_a_contact_email_with_accents_before_the_at_is_refused(
    content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    # A Reply-To with such an address would reach mail servers mangled; the domain may be IDNA.
    edit(FPF, ADDRESS, "email: bénévoles@forestparkforever.org")

    status, _, stderr = run_cli("check", "--content", str(content))

    assert status == 1
    assert "email: expected an address without accented or non-Latin letters before the @, " \
           "found 'bénévoles@forestparkforever.org'." in stderr
    edit(FPF, "bénévoles@forestparkforever.org", "volunteer@forêtparc.org")
    assert run_cli("check", "--content", str(content))[0] == 0
