"""The web editor at /admin: people who never touch git add and edit content through forms.

Decap CMS saves through decap-server into a git copy of content/ (tests/e2e/editor.py): a save
is a draft branch (on GitHub, a pull request), publishing merges it into `main`, and the content
check passes on what the forms wrote. Files keep their comments, modeline and key order. With
decap-server in file mode, as `make admin` runs it, Save writes the file and says so.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from PIL import Image as PILImage
from playwright.sync_api import Locator, Page, Route, expect

from tests.e2e.editor import Editor, check, git, start_decap_server
from tests.e2e.helpers import ROOT, PageWatch, Session
from tests.ports import free_port

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
  - src: /images/organizations/rivercrew/rivercrew-1.jpg
    alt: Two rowers on the river at dawn
  - src: /images/organizations/rivercrew/rivercrew-2.jpg
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


SAVE_OPENS_A_PULL_REQUEST = ("Save opens a pull request, which the content check runs on; "
                             "Publish merges it.")
SAVE_WRITES_A_FILE = ("Save writes the file into content/ on this computer: then run make check "
                      "and commit it.")
# The characters of each element drawn in its font, against a character no font has (U+10FFFD,
# drawn as the empty box): the same pixels mean the character is an empty box too.
EMPTY_BOXES = """elements => {
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 64
  const pen = canvas.getContext('2d', { willReadFrequently: true })
  const draw = (font, text) => {
    pen.clearRect(0, 0, 64, 64)
    pen.font = font
    pen.fillText(text, 4, 48)
    return pen.getImageData(0, 0, 64, 64).data.join()
  }
  const boxes = []
  for (const element of elements) {
    const style = getComputedStyle(element)
    const font = `${style.fontStyle} ${style.fontWeight} 32px ${style.fontFamily}`
    const box = draw(font, '\\u{10FFFD}')
    for (const character of new Set(element.innerText.replace(/\\s/g, ''))) {
      if (draw(font, character) === box) boxes.push(`${character} in "${element.innerText}"`)
    }
  }
  return boxes
}"""


def _empty_boxes(page: Page) -> list[str]:
    """Characters of the visible labels, links and buttons that the page's fonts lack."""
    return page.locator("label, a, button, h1, h2").filter(visible=True).evaluate_all(EMPTY_BOXES)


def _unexpected(watch: PageWatch, editor: Editor) -> list[str]:
    """What went wrong in the tab, less what the local editor does by design: decap-server
    answers 404 when Decap asks for the draft of an entry that has none."""
    allowed = f"localhost:{editor.decap.port}/api/v1"
    return [p for p in watch.problems() if not (re.search(r"\b404\b", p) and allowed in p)]


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
    page.get_by_role("button", name="Add photo").click()
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
    _add_to_list(page, "Add cause", item="sports")
    page.get_by_label("Primary").fill("#1f4e8c")
    page.get_by_label("Accent").fill("#f2b705")
    page.get_by_label("Tagline").fill("Rowing on the Mississippi for every teenager.")
    page.locator("[data-slate-editor]").first.click()
    page.keyboard.type("River Crew teaches teenagers to row. ")
    page.keyboard.press("Control+b")
    page.keyboard.type("No experience needed.")
    page.keyboard.press("Control+b")
    _add_to_list(page, "Add future goal", item="A second boathouse")
    _add_to_list(page, "Add program", item="Summer rowing camp")
    _upload(page, _photo(tmp_path / "rivercrew-1.jpg", (31, 78, 140)),
            "Two rowers on the river at dawn")
    _upload(page, _photo(tmp_path / "rivercrew-2.jpg", (242, 183, 5)),
            "A boat on its rack in the boathouse")
    for title, text in [("Confidence", "Teenagers learn they can do hard things."),
                        ("Teamwork", "Eight rowers move as one boat."),
                        ("The river", "Crews see the Mississippi up close."),
                        ("Fitness", "Rowing works every muscle.")]:
        _add_to_list(page, "Add core impact", title=title, text=text)
    _add_to_list(page, "Add impact number", value="120",
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
        # In the new entry's own folder, as the other entries' pictures are.
        assert (editor.repo / f"content/images/organizations/rivercrew/rivercrew-{n}.jpg").stat(
        ).st_size
    result = check(editor.repo / "content")
    assert result.returncode == 0, result.stderr
    assert "29 organizations" in result.stdout
    assert _unexpected(watch, editor) == []
    assert _foreign(requested, editor) == []


def test_an_edit_changes_only_its_line_and_keeps_the_comments(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    path = "content/events/inclusive-sports-clinic.yaml"
    before = (editor.repo / path).read_text()
    assert before.count("\n# ") == 3  # the file's own comments, which must survive
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
    # Not "Guests per RSVP": the RSVP select itself.
    page.get_by_role("combobox", name=re.compile(r"^RSVP")).click()
    page.get_by_text("guest", exact=True).click()
    _add_to_list(page, "Add slot", time="9:00-11:00 AM")

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


def test_organizations_are_listed_by_name_with_words_the_fonts_have(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    page, watch, _ = _open(new_session(editor.server), editor)
    page.get_by_role("link", name="Organizations").click()
    entries = page.locator("a[href*='/collections/organizations/entries/']")
    expect(entries).to_have_count(28)
    names = [yaml.safe_load(p.read_text())["name"]
             for p in (editor.repo / "content/organizations").glob("*.yaml")]
    # By the name people read, not by file name (BrightsideSTL.yaml came before archgrants.yaml).
    assert entries.all_inner_texts() == sorted(names)
    expect(page.get_by_text(SAVE_OPENS_A_PULL_REQUEST)).to_be_visible()
    expect(page.get_by_role("link", name="Create entry of type Organization")).to_have_text(
        "New Organization")
    assert _empty_boxes(page) == []
    page.goto("/admin#/collections/organizations/entries/keenstl")
    expect(page.get_by_label("Name", exact=True)).to_have_value("KEEN St. Louis")
    assert _empty_boxes(page) == []
    assert _unexpected(watch, editor) == []


def test_an_entry_shows_its_photos_and_its_list_items_values(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    page, watch, _ = _open(new_session(editor.server), editor)
    page.goto("/admin#/collections/organizations/entries/keenstl")
    # A collapsed item shows its value ("disability"), not the list's label on every line.
    for cause in ("disability", "youth", "sports", "volunteering"):
        expect(page.get_by_text(cause, exact=True)).to_be_visible()
    # The field's own label only.
    expect(page.get_by_text("Causes", exact=True).filter(visible=True)).to_have_count(1)
    expect(page.get_by_text("Drawing of a gym with a wooden floor, a basketball and a hoop",
                            exact=True)).to_be_visible()
    # The photos the file names, read from content/ (the site has resized copies only).
    thumbnails = page.locator("img[role=presentation]")
    expect(thumbnails).to_have_count(2)
    pictures = [editor.repo / "content/images/organizations/keenstl" / name
                for name in ("photo-1.jpg", "photo-2.png")]
    sizes = []
    for picture in pictures:
        with PILImage.open(picture) as opened:
            sizes.append(list(opened.size))
    # Decap shows an empty 300x150 picture while it reads one: wait for the photos themselves.
    shown = "els => els.map(i => i.complete ? [i.naturalWidth, i.naturalHeight] : null)"
    page.wait_for_function(
        f"sizes => JSON.stringify(({shown})([...document.querySelectorAll("
        "'img[role=presentation]')])) === JSON.stringify(sizes)", arg=sizes, timeout=20_000)
    assert thumbnails.evaluate_all(shown) == sizes
    assert _unexpected(watch, editor) == []


def test_make_admin_says_save_and_writes_into_content(
    editor: Editor, new_session: Callable[..., Session], tmp_path: Path,
) -> None:
    """decap-server in file mode, as `make admin` runs it, over a copy of content/."""
    folder = tmp_path / "working-copy"
    shutil.copytree(ROOT / "content", folder / "content")
    files = start_decap_server(folder, free_port(), tmp_path, editor.server.url,
                               mode="fs")
    try:
        local = Editor(folder, files, editor.server)
        session = new_session(editor.server)

        def to_file_mode(route: Route) -> None:
            # The served config.yml names the test's git-mode decap-server; this one is in
            # file mode on another port.
            body = route.fetch().text().replace(f"localhost:{editor.decap.port}/",
                                                f"localhost:{files.port}/")
            route.fulfill(body=body, content_type="text/yaml")

        session.context.route("**/admin/config.yml", to_file_mode)
        page, watch, _ = _open(session, local)
        page.get_by_role("link", name="Organizations").click()
        expect(page.get_by_text(SAVE_WRITES_A_FILE)).to_be_visible()
        expect(page.get_by_text(SAVE_OPENS_A_PULL_REQUEST)).to_have_count(0)
        page.goto("/admin#/collections/organizations/entries/keenstl")
        tagline = page.get_by_label("Tagline")
        expect(tagline).to_be_visible()
        path = folder / "content/organizations/keenstl.yaml"
        before = path.read_text()
        old = yaml.safe_load(before)["tagline"]
        tagline.fill("Sports and fitness for every young person.")
        page.get_by_role("button", name="Save", exact=True).click()
        page.get_by_text("Save now", exact=True).click()
        expect(page.get_by_text("Saved", exact=True)).to_be_visible(timeout=20_000)
        expect(page.get_by_text(re.compile("Publish"))).to_have_count(0)
        # Written straight into the working copy: only the changed line differs.
        assert path.read_text() == before.replace(
            f"tagline: {old}\n", "tagline: Sports and fitness for every young person.\n")
        assert path.read_text() != before
        assert _unexpected(watch, local) == []
    finally:
        files.stop()



NEW_EVENT = "content/events/river-clean-up-paddle.yaml"
WITHOUT_SLOTS = """\
# yaml-language-server: $schema=../schemas/event.schema.json
title: River Clean-up Paddle
host: keenstl
date: 2026-06-13
location: Alton Marina, Alton, IL
description: Paddle along the shore and pick up litter.
"""
DATE_MESSAGE = "Write the date as year-month-day, such as 2026-06-13."


def _check_sentence(repo: Path, folder: Path, path: str, text: str) -> str:
    """What `python -m generator check` says about `path` holding `text`, after its location."""
    shutil.copytree(repo / "content", folder / "content")
    (folder / path).write_text(text)
    result = check(folder / "content")
    assert result.returncode == 1, result.stdout
    lines = [line for line in result.stderr.splitlines() if line.startswith(f"{path}:")]
    assert len(lines) == 1, result.stderr
    # content/events/x.yaml:2:1: slots: expected ... -> slots: expected ...
    return lines[0].split(": ", 1)[1]


def test_an_event_without_slots_is_stopped_with_the_checks_sentence(
    editor: Editor, new_session: Callable[..., Session], tmp_path: Path,
) -> None:
    """The form's words are plain English: no "Changes saved" on a blank entry, the host chosen by
    name, a date typed as year-month-day, counts that agree with their number. Saving an event
    with no slots is refused in the content check's own sentence by the page itself, as on
    GitHub where no local backend checks, and writes nothing; with a slot, it saves."""
    sentence = _check_sentence(editor.repo, tmp_path, NEW_EVENT, WITHOUT_SLOTS)
    page, watch, _ = _open(new_session(editor.server), editor)
    page.get_by_role("link", name="Events").click()
    page.get_by_role("link", name="Create entry of type Event").click()
    expect(page.get_by_label("Title", exact=True)).to_be_visible()
    expect(page.get_by_text("Changes saved", exact=True)).to_have_count(0)
    expect(page.get_by_text("No unsaved changes", exact=True)).to_be_visible()
    expect(page.get_by_text("0 slots", exact=True)).to_be_visible()
    expect(page.get_by_text("0 skipped dates", exact=True)).to_be_visible()
    expect(page.get_by_text(re.compile(r"file name in organizations"))).to_have_count(0)

    page.get_by_label("Title", exact=True).fill("River Clean-up Paddle")
    page.get_by_label("Host").click()
    page.keyboard.type("KEEN")
    page.get_by_text("KEEN St. Louis", exact=True).click()
    date = page.get_by_label("Date", exact=True)
    # Typed as the hint says, not picked in the browser's month/day/year.
    assert date.get_attribute("type") in (None, "text")
    expect(page.get_by_role("button", name="Now")).to_have_count(0)
    expect(page.get_by_text("UTC", exact=True)).to_have_count(0)
    date.fill("06/13/2026")
    page.get_by_label("Location").fill("Alton Marina, Alton, IL")
    page.locator("[data-slate-editor]").first.click()
    page.keyboard.type("Paddle along the shore and pick up litter.")
    page.get_by_role("button", name="Save").click()
    # Decap's own check: the pattern's sentence alone, as written (not in capitals).
    message = page.get_by_text(DATE_MESSAGE, exact=True)
    expect(message).to_be_visible()
    assert message.evaluate("e => getComputedStyle(e).textTransform") == "none"
    # Decap puts the caret back where it was after each change: fill() would add to the text.
    date.press("Control+a")
    date.press("Delete")
    expect(date).to_have_value("")
    date.press_sequentially("2026-06-13")
    expect(date).to_have_value("2026-06-13")
    expect(message).to_have_count(0)

    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text(sentence)).to_be_visible(timeout=20_000)
    assert _branches(editor.repo) == ["main"]
    assert not (editor.repo / NEW_EVENT).exists()

    _add_to_list(page, "Add slot", time="9:00-11:00 AM")
    expect(page.get_by_text("1 slot", exact=True)).to_be_visible()
    _save(page)
    saved = git(editor.repo, "show", f"cms/events/river-clean-up-paddle:{NEW_EVENT}")
    assert saved == WITHOUT_SLOTS + "slots:\n  - time: 9:00-11:00 AM\n"
    _publish(page)
    result = check(editor.repo / "content")
    assert result.returncode == 0, result.stderr
    # The two refused saves, as the tab saw them: Decap rejects its save promise, with nothing
    # for its own check (the date) and with the content check's sentence from preSave
    # (site/src/admin/requiredLists.ts), before decap-server was asked: no 422 answer.
    refused = _unexpected(watch, editor)
    assert refused == ["uncaught exception: undefined", "uncaught exception: Object"], refused


def test_the_home_pages_featured_event_is_chosen_by_title(
    editor: Editor, new_session: Callable[..., Session],
) -> None:
    page, watch, _ = _open(new_session(editor.server), editor)
    page.goto("/admin#/collections/pages/entries/home")
    featured = page.get_by_label("Featured event")
    featured.click()
    page.keyboard.type("Inclusive Sports")
    expect(page.get_by_text("Inclusive Sports Clinic", exact=True)).to_be_visible()
    assert _unexpected(watch, editor) == []
