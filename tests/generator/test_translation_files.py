"""Translation files (<lang>/<name>.yaml beside <name>.yaml): checked at their lines, warned of
where prose is missing, never read as entries, and built into build/content/<lang>/ beside
unchanged English."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from generator.emit import _kept_nav
from generator.models import Link
from tests.generator.generator_testkit import profile

Cli = Callable[..., tuple[int, str, str]]
KEEN = "content/organizations/keenstl.yaml"
KEEN_ES = "content/organizations/es/keenstl.yaml"


@pytest.fixture
def languages(content: Path, edit: Callable[[str, str, str], None]) -> Path:
    """The fixture content with Spanish and Bosnian turned on in site.yaml."""
    edit("site.yaml", "guest_rsvp_event: forest-park-cleanup\n",
         "guest_rsvp_event: forest-park-cleanup\nlanguages:\n  es: Español\n  bs: Bosanski\n")
    return content


def _write(content: Path, relative: str, text: str) -> None:
    (content / relative).parent.mkdir(parents=True, exist_ok=True)
    (content / relative).write_text(text, encoding="utf-8")


def _profiles(out: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((out / "organizations/profiles-0.json").read_text())
    return data


def test_mistakes_in_translations_are_errors_at_their_lines_and_nothing_is_written(
        languages: Path, run_cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _write(languages, "organizations/es/keenstl.yaml",
           "tagline: Deportes.\nkind: nonprofit\nprograms: 3\n")
    _write(languages, "organizations/es/forestparkforever.yaml",
           "core_impact:\n  - title: Uno\n")
    _write(languages, "organizations/es/ghost.yaml", "tagline: Nadie.\n")
    _write(languages, "organizations/fr/keenstl.yaml", "tagline: Sports.\n")
    # Beside its English file, as an editor may put it: read as neither entry nor translation.
    _write(languages, "organizations/keenstl.es.yaml", "tagline: Deportes.\n")
    _write(languages, "site.es.yaml", "footer:\n  tagline: Hecho en St. Louis.\n")
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", "content", "--out", str(out))
    assert status == 1
    errors = [line for line in stderr.splitlines() if line and ": warning: " not in line]
    assert errors[:-1] == [
        "content/organizations/es/forestparkforever.yaml:2:3: core_impact: expected 4 items, as "
        "in the English file, found a list of 1 item. Translate every item of the English list, "
        "in its order.",
        "content/organizations/es/ghost.yaml:1:1: (whole file): expected its English file "
        "content/organizations/ghost.yaml, found no such file. A translation has the name of its "
        "English file, in a folder named for its language beside it; rename it, or create the "
        "English file first.",
        f"{KEEN_ES}:2:1: kind: expected a field translated here: one of logo, tagline, "
        "description, future_goals, programs, photos, core_impact, impact_numbers, events_card, "
        "cta, found `kind`, which is the same in every language. Remove it from this file; it "
        f"is written once, in {KEEN}.",
        f"{KEEN_ES}:3:11: programs: expected a list (lines starting with `- `), found int 3. "
        "Write the entries in square brackets, for example `programs: [one, two]`, or each on "
        "its own line under `programs:` starting with `- `.",
        "content/organizations/fr/keenstl.yaml:1:1: (whole file): expected a folder named for a "
        "language of site.yaml's `languages`: es, bs, found the folder fr/. Put a translation in "
        "its language's folder, such as es/keenstl.yaml beside the English file, or add the "
        "language to site.yaml.",
        "content/organizations/keenstl.es.yaml:1:1: (whole file): expected a file name of "
        "letters, digits and dashes, found 'keenstl.es.yaml'. A translation goes in a folder "
        "named for its language beside the English file: move it to es/keenstl.yaml.",
        "content/site.es.yaml:1:1: (whole file): expected a translation of site.yaml in its "
        "language's folder, found 'site.es.yaml'. A translation goes in a folder named for its "
        "language beside the English file: move it to es/site.yaml.",
    ]
    assert errors[-1].startswith("7 problems")
    assert not out.exists()


def test_missing_prose_is_a_warning_at_the_english_line_and_others_are_summed_up(
        languages: Path, run_cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _write(languages, "organizations/es/keenstl.yaml", "\n".join([
        "tagline: Deportes para jóvenes atletas.",
        "description: Sobre **nosotros**.",
        "future_goals: [Llegar a más familias.]",
        "programs: [Clínicas deportivas]",
        "photos: [{alt: Un entrenador}, {alt: Un equipo}]",
        "core_impact: [{title: Uno, text: Primero.}, {title: Dos, text: Segundo.},",
        "  {title: Tres, text: Tercero.}, {title: Cuatro}]",
        "events_card: [{title: Orientación, text: Aprenda a ser voluntario.}]",
        "cta: {label: Reserve su lugar}", ""]))
    status, stdout, stderr = run_cli("check", "--content", "content")
    assert status == 0, stderr
    warned = "the Español pages show it in English."
    assert stderr.splitlines() == [
        "content/events/: warning: bs: 3 of 3 events have no translation into Bosanski yet; "
        "they show in English.",
        "content/events/: warning: es: 3 of 3 events have no translation into Español yet; "
        "they show in English.",
        "content/organizations/: warning: bs: 2 of 2 organizations have no translation into "
        "Bosanski yet; they show in English.",
        "content/organizations/: warning: es: 1 of 2 organizations have no translation into "
        "Español yet; they show in English.",
        f"{KEEN}:27:11: warning: core_impact[3].text: es: not translated in {KEEN_ES} yet; "
        f"{warned}",
        f"{KEEN}:30:12: warning: impact_numbers[0].label: es: not translated in {KEEN_ES} yet; "
        f"{warned}",
        "content/pages/: warning: bs: 3 of 3 pages have no translation into Bosanski yet; they "
        "show in English.",
        "content/pages/: warning: es: 3 of 3 pages have no translation into Español yet; they "
        "show in English.",
        "content/site.yaml: warning: bs: the site settings file has no translation into "
        "Bosanski yet; it shows in English.",
        "content/site.yaml: warning: es: the site settings file has no translation into "
        "Español yet; it shows in English.",
    ]
    assert stdout.startswith("Content is valid: 2 organizations, 3 events, 3 pages. 10 warnings")


def test_each_language_gets_the_records_merged_with_what_stayed_english_listed(
        languages: Path, run_cli: Cli, tmp_path: Path) -> None:
    english_only = tmp_path / "english"
    assert run_cli("build", "--content", str(languages), "--out", str(english_only))[0] == 0
    _write(languages, "organizations/es/keenstl.yaml",
           "tagline: Deportes para jóvenes atletas.\ncore_impact:\n  - title: Uno\n  - {}\n"
           "  - {}\n  - {}\n")
    _write(languages, "events/es/keen-swim.yaml", "title: Natación\n")
    _write(languages, "pages/es/home.yaml", "hero:\n  heading: Presente por St. Louis\n")
    _write(languages, "es/site.yaml", "footer:\n  tagline: Hecho en St. Louis.\n")
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(languages), "--out", str(out))
    assert status == 0, stderr
    # The English output is the same with translations as without them, and has no keenstl.es.
    for path in english_only.rglob("*.json"):
        relative = path.relative_to(english_only)
        if relative.parts[0] not in ("es", "bs") and relative.name != ".manifest.json":
            assert (out / relative).read_bytes() == path.read_bytes(), relative
    assert profile(out, "keenstl")["in_english"] == []
    assert "keenstl.es" not in (out / "routes.json").read_text()
    spanish = _profiles(out / "es")["keenstl"]
    assert spanish["tagline"] == "Deportes para jóvenes atletas."
    assert spanish["core_impact"][0] == {"title": "Uno", "text": "First."}
    assert spanish["name"] == "KEEN St. Louis"
    assert spanish["in_english"][:4] == [
        "description", "future_goals", "programs", "photos[0].alt"]
    assert "core_impact[0].title" not in spanish["in_english"]
    assert "core_impact[0].text" in spanish["in_english"]
    swims = [e for e in json.loads((out / "es/events.json").read_text())["events"]
             if e["series"] == "keen-swim"]
    assert swims and all(e["title"] == "Natación" for e in swims)
    assert "title" not in swims[0]["in_english"] and "description" in swims[0]["in_english"]
    bosnian = _profiles(out / "bs")["keenstl"]
    assert bosnian["tagline"] == profile(out, "keenstl")["tagline"]
    assert "tagline" in bosnian["in_english"]
    for language, left in (("es", []), ("bs", ["tagline"])):
        index = json.loads((out / language / "organizations.json").read_text())
        assert next(e for e in index if e["id"] == "keenstl")["in_english"] == left
    site = json.loads((out / "bs/site.json").read_text())
    assert "nav[0].label" in site["in_english"]
    spanish_site = json.loads((out / "es/site.json").read_text())
    assert spanish_site["footer"]["tagline"] == "Hecho en St. Louis."
    assert "footer.tagline" not in spanish_site["in_english"]
    assert "footer.copyright" in spanish_site["in_english"]
    home = json.loads((out / "es/pages/home.json").read_text())
    assert home["hero"]["heading"] == "Presente por St. Louis"
    assert "hero.text" in home["in_english"] and "hero.heading" not in home["in_english"]
    assert sorted(p.name for p in (out / "es/pages").iterdir()) == [
        "about.json", "home.json", "tornado.json"]


def test_without_languages_the_build_has_no_language_folders_and_no_warnings(
        content: Path, run_cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "out"
    status, _, stderr = run_cli("build", "--content", str(content), "--out", str(out))
    assert (status, stderr) == (0, "")
    assert not (out / "es").exists() and not (out / "bs").exists()


def test_a_translated_description_is_checked_as_the_english_one_and_so_is_a_stray_file(
        languages: Path, run_cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _write(languages, "organizations/es/keenstl.yaml",
           "description: >-\n  Deporte para todos. ![Cancha](/images/cancha.png) <b>Gratis</b>.\n")
    # A page's translation in the root's language folder, where only site.yaml's belongs.
    _write(languages, "es/about.yaml", "title: Acerca de\n")

    status, _, stderr = run_cli("check", "--content", "content")

    assert status == 1
    lines = stderr.splitlines()
    assert f"{KEEN_ES}:2:23: description: expected text, links and lists (a description shows no " \
        "pictures), found the picture ![Cancha](/images/cancha.png). Remove the picture from the " \
        "text and add it to `photos:` with its `src` and `alt`." in lines
    assert any(line.startswith(f"{KEEN_ES}:2:") and ": warning: description: the HTML tag <b>"
               in line for line in lines)
    assert "content/es/about.yaml:1:1: (whole file): expected only site.yaml's translation in " \
        "this folder, found 'about.yaml'. A page's, organization's or event's translation goes " \
        "in the language's folder beside its English file, such as pages/es/about.yaml." in lines


def test_a_nav_link_left_in_english_keeps_its_mark_when_a_dated_page_leaves_the_nav() -> None:
    about, tornado, features = (Link(label=label, href=href) for label, href in (
        ("About", "/about"), ("Tornado Relief", "/tornado"), ("Events", "/features")))
    # The tornado page is past its review: the link after it moves up to index 1.
    shown = [about, features]

    assert _kept_nav(["tagline", "nav[0].label", "nav[1].label", "nav[2].label"],
                     [about, tornado, features], shown) == ["tagline", "nav[0].label",
                                                            "nav[1].label"]
    assert _kept_nav(["nav[2].label"], [about, tornado, features], shown) == ["nav[1].label"]
