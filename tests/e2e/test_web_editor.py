"""The web editor at /admin: people who never touch git add and edit content through forms.

Decap CMS saves through decap-server into a git copy of content/ (tests/e2e/editor.py): a save
is a draft branch (on GitHub, a pull request), publishing merges it into `main`, and the content
check passes on what the forms wrote. Files keep their comments, modeline and key order.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image as PILImage
from playwright.sync_api import Locator, Page, expect

from tests.e2e.editor import Editor, check, git
from tests.e2e.helpers import PageWatch, Session

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

RIVER_CREW = """\
# yaml-language-server: $schema=../schemas/organization.schema.json
name: River Crew
kind: nonprofit
causes:
  - sports
colors:
  primary: "#1f4e8c"
  accent: "#f2b705"
tagline: Rowing on the Mississippi for every teenager.
description: River Crew teaches teenagers to row. **No experience needed.**
future_goals:
  - A second boathouse
programs:
  - Summer rowing camp
photos:
  - src: /images/organizations/rivercrew-1.jpg
    alt: Two rowers on the river at dawn
  - src: /images/organizations/rivercrew-2.jpg
    alt: A boat on its rack in the boathouse
core_impact:
  - title: Confidence
    text: Teenagers learn they can do hard things.
  - title: Teamwork
    text: Eight rowers move as one boat.
  - title: The river
    text: Crews see the Mississippi up close.
  - title: Fitness
    text: Rowing works every muscle.
impact_numbers:
  - value: "120"
    label: teenagers on the water each summer
"""


def _photo(path: Path, colour: tuple[int, int, int]) -> Path:
    PILImage.new("RGB", (960, 600), colour).save(path, quality=85)
    return path


def _open(session: Session, editor: Editor) -> tuple[Page, PageWatch, list[str]]:
    """/admin, signed in to the local backend; also returns every URL the tab requests."""
    page = session.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    response = page.goto("/admin")
    assert response is not None and response.ok
    # Only /admin gets the editor's relaxed policy (see rsvp_service/web/security_headers.py).
    assert "'unsafe-eval'" in response.headers["content-security-policy"]
    page.get_by_role("button", name="Login").click()
    expect(page.get_by_role("link", name="Organizations")).to_be_visible()
    return page, session.watch(page), requested


def _unexpected(watch: PageWatch, editor: Editor, pictures: tuple[str, ...] = ()) -> list[str]:
    """What went wrong in the tab, less what the local editor does by design.

    decap-server answers 404 when Decap asks for the draft of an entry that has none, and a
    picture saved in a draft is not on the site until the next build (its thumbnail's URL 404s).
    """
    allowed = [f"localhost:{editor.decap.port}/api/v1",
               *(f"{editor.server.url}{picture}" for picture in pictures)]
    return [p for p in watch.problems()
            if not (re.search(r"\b404\b", p) and any(a in p for a in allowed))]


def _foreign(requested: list[str], editor: Editor) -> list[str]:
    """Requests to anywhere but the site and decap-server: the editor loads nothing from a CDN."""
    local = (editor.server.url, f"http://localhost:{editor.decap.port}/")
    return [u for u in requested if not u.startswith((*local, "data:", "blob:"))]


def _save(page: Page) -> None:
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Status: Draft")).to_be_visible(timeout=20_000)


def _publish(page: Page) -> None:
    """Mark the draft ready and publish it, as a maintainer does by merging the pull request."""
    page.get_by_text("Status: Draft").click()
    page.get_by_text("Ready", exact=True).click()
    expect(page.get_by_text("Status: Ready")).to_be_visible()
    page.get_by_role("button", name="Publish", exact=True).click()
    page.get_by_text("Publish now", exact=True).click()  # confirmed in the dialog PageWatch accepts
    expect(page.get_by_text("Status: Ready")).to_be_hidden(timeout=20_000)


def _branches(repo: Path) -> list[str]:
    return git(repo, "branch", "--format=%(refname:short)").split()


def _newest(page: Page, field: str) -> Locator:
    """The input of `field` made last: Decap numbers inputs `<field>-field-<n>` as it makes them,
    so a list item just added has the highest number (a field of the same name elsewhere in the
    form, made with the form, has a lower one)."""
    ids = page.locator(f"[id^={field}-field-]").evaluate_all("els => els.map(e => e.id)")
    newest = max(ids, key=lambda i: int(i.rsplit("-", 1)[1]))
    return page.locator(f"#{newest}")


def _add_to_list(page: Page, button: str, **values: str) -> None:
    page.get_by_role("button", name=button).click()
    for field, value in values.items():
        _newest(page, field).fill(value)


def _upload(page: Page, picture: Path, alt: str) -> None:
    page.get_by_role("button", name="Add photos").click()
    page.get_by_role("button", name="Choose an image").last.click()
    page.locator("input[type=file]").set_input_files(picture)
    expect(page.get_by_text(picture.name)).to_be_visible()
    # The upload is selected already.
    page.get_by_role("button", name="Choose selected").click()
    _newest(page, "alt").fill(alt)


def test_an_editor_adds_an_organization_through_the_form(
    editor: Editor, new_session: Callable[..., Session], tmp_path: Path,
) -> None:
    page, watch, requested = _open(new_session(editor.server), editor)
    page.get_by_role("link", name="Organizations").click()
    page.get_by_role("link", name="Create entry of type Organization").click()
    page.get_by_label("Name", exact=True).fill("River Crew")
    page.get_by_label("Address (new entries only)").fill("rivercrew")
    page.get_by_label("Kind").click()
    page.get_by_text("nonprofit", exact=True).click()
    _add_to_list(page, "Add causes", item="sports")
    page.get_by_label("Primary").fill("#1f4e8c")
    page.get_by_label("Accent").fill("#f2b705")
    page.get_by_label("Tagline").fill("Rowing on the Mississippi for every teenager.")
    page.locator("[data-slate-editor]").first.click()
    page.keyboard.type("River Crew teaches teenagers to row. ")
    page.keyboard.press("Control+b")
    page.keyboard.type("No experience needed.")
    page.keyboard.press("Control+b")
    _add_to_list(page, "Add future goals", item="A second boathouse")
    _add_to_list(page, "Add programs", item="Summer rowing camp")
    _upload(page, _photo(tmp_path / "rivercrew-1.jpg", (31, 78, 140)),
            "Two rowers on the river at dawn")
    _upload(page, _photo(tmp_path / "rivercrew-2.jpg", (242, 183, 5)),
            "A boat on its rack in the boathouse")
    for title, text in [("Confidence", "Teenagers learn they can do hard things."),
                        ("Teamwork", "Eight rowers move as one boat."),
                        ("The river", "Crews see the Mississippi up close."),
                        ("Fitness", "Rowing works every muscle.")]:
        _add_to_list(page, "Add core impact", title=title, text=text)
    _add_to_list(page, "Add impact numbers", value="120",
                 label="teenagers on the water each summer")

    _save(page)
    # Saved as a draft: a branch of its own (the pull request), main untouched.
    assert "cms/organizations/rivercrew" in _branches(editor.repo)
    path = "content/organizations/rivercrew.yaml"
    assert not (editor.repo / path).exists()
    draft = git(editor.repo, "show", f"cms/organizations/rivercrew:{path}")
    assert draft == RIVER_CREW

    _publish(page)
    assert _branches(editor.repo) == ["main"]
    assert (editor.repo / path).read_text() == RIVER_CREW
    for n in (1, 2):
        assert (editor.repo / f"content/images/organizations/rivercrew-{n}.jpg").stat().st_size
    result = check(editor.repo / "content")
    assert result.returncode == 0, result.stderr
    assert "29 organizations" in result.stdout
    pictures = tuple(f"/images/organizations/rivercrew-{n}.jpg" for n in (1, 2))
    assert _unexpected(watch, editor, pictures) == []
    assert _foreign(requested, editor) == []


def test_an_edit_changes_only_its_line_and_keeps_the_comments(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    path = "content/events/inclusive-sports-clinic.yaml"
    before = (editor.repo / path).read_text()
    assert before.count("\n# ") == 2  # the file's own comments, which must survive
    page, watch, _ = _open(new_session(editor.server), editor)
    page.goto("/admin#/collections/events/entries/inclusive-sports-clinic")
    location = page.get_by_label("Location")
    expect(location).to_have_value("St. Louis, MO")
    location.fill("Forest Park, St. Louis, MO")

    _save(page)
    draft = git(editor.repo, "show", f"cms/events/inclusive-sports-clinic:{path}")
    assert draft == before.replace("location: St. Louis, MO\n",
                                   "location: Forest Park, St. Louis, MO\n")
    _publish(page)
    assert (editor.repo / path).read_text() == draft
    result = check(editor.repo / "content")
    assert result.returncode == 0, result.stderr
    assert _unexpected(watch, editor) == []


def test_an_event_host_is_chosen_from_the_organizations(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    page, watch, _ = _open(new_session(editor.server), editor)
    page.get_by_role("link", name="Events").click()
    page.get_by_role("link", name="Create entry of type Event").click()
    page.get_by_label("Title", exact=True).fill("River Clean-up Paddle")
    # The address is left empty: it is made from the title.
    host = page.get_by_label("Host")
    host.click()
    page.keyboard.type("Gateway Rowing")  # no such organization: nothing to choose
    expect(page.get_by_text("No options")).to_be_visible()
    host.fill("")
    page.keyboard.type("KEEN")
    page.get_by_text("KEEN St. Louis", exact=True).click()
    page.get_by_label("Date", exact=True).fill("2026-06-13")
    page.get_by_label("Location").fill("Alton Marina, Alton, IL")
    page.locator("[data-slate-editor]").first.click()
    page.keyboard.type("Paddle along the shore and pick up litter.")
    page.get_by_label("RSVP").click()
    page.get_by_text("guest", exact=True).click()
    _add_to_list(page, "Add slots", time="9:00-11:00 AM")

    _save(page)
    _publish(page)
    saved = (editor.repo / "content/events/river-clean-up-paddle.yaml").read_text()
    assert saved == (
        "# yaml-language-server: $schema=../schemas/event.schema.json\n"
        "title: River Clean-up Paddle\n"
        "host: keenstl\n"
        "date: 2026-06-13\n"
        "location: Alton Marina, Alton, IL\n"
        "description: Paddle along the shore and pick up litter.\n"
        "rsvp: guest\n"
        "slots:\n"
        "  - time: 9:00-11:00 AM\n"
    )
    result = check(editor.repo / "content")
    assert result.returncode == 0, result.stderr
    assert "11 events" in result.stdout
    assert _unexpected(watch, editor) == []
