"""The web editor's configuration agrees with the content models, field by field."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from generator import cms_config
from generator.checks.run import RESERVED_SEGMENTS
from generator.models import COLOUR_PATTERN, IMAGE_PATTERN
from generator.registry import CONTENT_TYPES, EVENT, ORGANIZATION, PAGES, ContentType, page_stem
from generator.schemas import content_schema

CONTENT = Path(__file__).resolve().parents[2] / "content"
VALID_CONTENT = Path(__file__).resolve().parent / "fixtures" / "valid"
CONFIG = cms_config.config(cms_config.CmsSettings())


def _collection(name: str) -> dict[str, Any]:
    return next(c for c in CONFIG["collections"] if c["name"] == name)


def _forms() -> Iterator[tuple[ContentType, list[dict[str, Any]]]]:
    """Each content type the editor has a form for, with the form's fields."""
    for kind in (ORGANIZATION, EVENT):
        yield kind, _collection(kind.entries_folder)["fields"]
    for page in PAGES:
        files = _collection("pages")["files"]
        yield page, next(f for f in files if f["name"] == page_stem(page))["fields"]


FORMS = list(_forms())
IDS = [kind.name for kind, _ in FORMS]


def _resolve(schema: dict[str, Any], node: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    nullable = False
    if "anyOf" in node:
        nullable = {"type": "null"} in node["anyOf"]
        node = next(o for o in node["anyOf"] if o != {"type": "null"})
    if "$ref" in node:
        node = schema["definitions"][node["$ref"].rsplit("/", 1)[-1]]
    return node, nullable


def _compare(schema: dict[str, Any], node: dict[str, Any], fields: list[dict[str, Any]],
             optional: bool, where: str) -> None:
    """Every property of a schema object is a field, in order, with its hint and required flag."""
    properties = node["properties"]
    assert [f["name"] for f in fields] == list(properties), where
    for field in fields:
        prop = properties[field["name"]]
        target, nullable = _resolve(schema, prop)
        required = field["name"] in node.get("required", []) and not nullable and not optional
        at = f"{where}.{field['name']}"
        assert field.get("required", True) is required, at
        if field["widget"] == "relation":
            # The schema names a file; the form offers the files by name instead.
            assert cms_config.FILE_NAME_WORDS.search(prop["description"]), at
            assert field["hint"] == cms_config.FILE_NAME_WORDS.sub(
                f"type part of its {field['search_fields'][0]} and choose it from the list",
                prop["description"]), at
        else:
            assert field.get("hint") == prop.get("description"), at
        if field["widget"] == "list":
            assert field["label_singular"] != field["label"] or not field["label"].endswith("s")
        if field["widget"] == "object":
            _compare(schema, target, field["fields"], not required, at)
        if field["widget"] == "list":
            assert field.get("min") == target.get("minItems"), at
            assert field.get("max") == target.get("maxItems"), at
            items, _ = _resolve(schema, target["items"])
            if "fields" in field:
                _compare(schema, items, field["fields"], False, at)
            else:
                assert items.get("type") != "object", at


@pytest.mark.parametrize(("kind", "fields"), FORMS, ids=IDS)
def test_every_field_of_the_model_is_in_the_form_with_its_hint_and_required_flag(
    kind: ContentType, fields: list[dict[str, Any]],
) -> None:
    schema = content_schema(kind.name)
    # A folder collection's form adds one field: the address (file name) of a new entry.
    extra = [f for f in fields if f["name"] == cms_config.SLUG_FIELD]
    assert len(extra) == (1 if kind.folder else 0)
    model_fields = [f for f in fields if f["name"] != cms_config.SLUG_FIELD]
    _compare(schema, schema, model_fields, False, kind.name)


@pytest.mark.parametrize(("kind", "fields"), FORMS, ids=IDS)
def test_a_new_file_starts_with_its_types_modeline(
    kind: ContentType, fields: list[dict[str, Any]],
) -> None:
    assert fields[0]["comment"] == kind.modeline.removeprefix("# ")


@pytest.mark.parametrize("kind", CONTENT_TYPES, ids=[k.name for k in CONTENT_TYPES])
def test_every_content_file_starts_with_the_modeline_of_its_type(kind: ContentType) -> None:
    files = sorted(CONTENT.glob(f"{kind.folder}/*.yaml" if kind.folder else str(kind.file)))
    assert files
    assert {p.read_text().splitlines()[0] for p in files} == {kind.modeline}


def _all_fields(fields: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for field in fields:
        yield field
        yield from _all_fields(field.get("fields", []))
        if "field" in field:
            yield field["field"]


def test_widgets_follow_the_schema_types() -> None:
    organization = {f["name"]: f for f in _collection("organizations")["fields"]}
    event = {f["name"]: f for f in _collection("events")["fields"]}
    assert organization["kind"]["widget"] == "select"
    assert organization["kind"]["options"] == content_schema("organization")["properties"][
        "kind"]["enum"]
    assert [f["widget"] for f in organization["colors"]["fields"]] == ["color", "color"]
    assert [f["widget"] for f in organization["photos"]["fields"]] == ["image", "string"]
    for rich in (organization["description"], event["description"]):
        assert rich["widget"] == "markdown"
        assert rich["buttons"] == ["bold", "italic", "link", "bulleted-list", "numbered-list"]
        assert rich["editor_components"] == []
    for date in (event["date"], event["until"], event["except"]["field"]):
        # Typed as the generator reads it, with the check's order (no mm/dd/yyyy picker).
        assert (date["widget"], date["date"]) == ("string", True)
        pattern, message = date["pattern"]
        assert re.search(pattern, "2026-06-13") and not re.search(pattern, "06/13/2026")
        assert message == "Write the date as year-month-day, such as 2026-06-13."
    assert "default" not in event["except"]["field"]  # else a new event starts with one date
    assert (event["capacity"]["widget"], event["capacity"]["value_type"],
            event["capacity"]["min"]) == ("number", "int", 1)
    before = {f["name"]: f for f in event["before_you_go"]["fields"]}
    assert before["guardian_consent"]["widget"] == "boolean"
    assert (before["minimum_age"]["widget"], before["minimum_age"]["min"],
            before["minimum_age"]["max"]) == ("number", 0, 99)
    assert before["setting"]["options"] == ["indoor", "outdoor", "both"]
    access = before["wheelchair"]["fields"][0]
    assert (access["name"], access["widget"], access["options"]) == (
        "access", "select", ["yes", "no", "partly"])


def test_an_event_host_is_chosen_among_the_organizations() -> None:
    host = next(f for f in _collection("events")["fields"] if f["name"] == "host")
    assert host["widget"] == "relation"
    organizations = _collection(host["collection"])
    assert organizations["folder"] == f"content/{ORGANIZATION.entries_folder}"
    # The value saved is the organization's file name, what `host:` holds.
    assert host["value_field"] == "{{slug}}"
    assert host["search_fields"] == ["name"]
    assert "file name" not in host["hint"]


def test_the_featured_event_is_chosen_among_the_events_by_title() -> None:
    home = next(f for f in _collection("pages")["files"] if f["name"] == "home")["fields"]
    featured = next(f for f in _all_fields(home) if f["name"] == "featured")
    assert (featured["widget"], featured["collection"], featured["value_field"],
            featured["search_fields"], featured["required"]) == (
        "relation", EVENT.entries_folder, "{{slug}}", ["title"], False)
    assert "file name" not in featured["hint"]


def test_lists_count_their_items_in_words_that_agree() -> None:
    event = {f["name"]: f for f in _collection("events")["fields"]}
    assert (event["slots"]["label"], event["slots"]["label_singular"]) == ("Slots", "Slot")
    assert (event["except"]["label"], event["except"]["label_singular"]) == (
        "Skipped dates", "Skipped date")
    organization = {f["name"]: f for f in _collection("organizations")["fields"]}
    assert organization["legacy_paths"]["label_singular"] == "Old address"


def test_every_pattern_accepts_the_examples_its_message_gives() -> None:
    checked = 0
    for collection in CONFIG["collections"]:
        for form in [collection, *collection.get("files", [])]:
            for field in _all_fields(form.get("fields", [])):
                if "pattern" not in field:
                    continue
                pattern, message = field["pattern"]
                # Pictures and colours have widgets of their own, not a text box and a pattern.
                assert pattern not in (IMAGE_PATTERN, COLOUR_PATTERN), field["name"]
                if not message.startswith("Write it like "):
                    continue
                for example in message.removeprefix("Write it like ")[:-1].split(" or "):
                    assert re.search(pattern, example), (field["name"], example)
                    checked += 1
    assert checked >= 20


def test_a_new_organizations_address_follows_the_checks_rules() -> None:
    slug = next(f for f in _collection("organizations")["fields"]
                if f["name"] == cms_config.SLUG_FIELD)
    pattern = re.compile(slug["pattern"][0])
    assert slug["required"] is False
    for taken in sorted(RESERVED_SEGMENTS):
        assert not pattern.search(taken) and not pattern.search(taken.upper()), taken
    for bad in ("river crew", "-river", "river_crew", ""):
        assert not pattern.search(bad), bad
    for good in ("rivercrew", "River-Crew-2", "adminstl", *(p.stem for p in CONTENT.glob(
            "organizations/*.yaml"))):
        assert pattern.search(good), good
    assert _collection("organizations")["slug"] == "{{fields.slug}}"


def test_saving_goes_through_pull_requests_on_github_and_decap_server_locally() -> None:
    settings = cms_config.CmsSettings.from_env({
        "CMS_GITHUB_REPO": "civicstl/site", "CMS_GITHUB_BRANCH": "trunk",
        "CMS_AUTH_URL": "https://auth.civicstl.org", "CMS_LOCAL_PORT": "9091",
    })
    config = cms_config.config(settings, "https://civicstl.org")
    assert config["backend"] == {"name": "github", "repo": "civicstl/site", "branch": "trunk",
                                 "base_url": "https://auth.civicstl.org"}
    assert config["publish_mode"] == "editorial_workflow"
    assert config["local_backend"] == {"url": "http://localhost:9091/api/v1"}
    assert config["site_url"] == "https://civicstl.org"
    assert cms_config.CmsSettings.from_env({}) == cms_config.CmsSettings()
    assert (CONFIG["media_folder"], CONFIG["public_folder"]) == ("content/images", "/images")
    assert _collection("organizations")["delete"] is False


@pytest.mark.parametrize("kind", [ORGANIZATION, EVENT], ids=lambda k: k.name)
def test_an_entrys_pictures_are_looked_up_in_its_own_folder(kind: ContentType) -> None:
    # Decap fills {{filename}} with the entry's file name (empty for a new entry), and finds a
    # picture by its name in that folder: every picture the content names must be there.
    collection = _collection(kind.entries_folder)
    folder = kind.entries_folder
    assert collection["media_folder"] == f"/content/images/{folder}/{{{{filename}}}}"
    assert collection["public_folder"] == f"/images/{folder}/{{{{filename}}}}"
    pictures = 0
    # The shipped content and the tests' fixture (the shipped events have no photos of their own).
    for content in (CONTENT, VALID_CONTENT):
        for path in content.glob(f"{folder}/*.yaml"):
            for value in re.findall(r"(/images/\S+)", path.read_text()):
                public = collection["public_folder"].replace("{{filename}}", path.stem)
                assert value.rsplit("/", 1)[0] == public, (path.name, value)
                media = collection["media_folder"].replace("{{filename}}", path.stem)
                picture = content / media.removeprefix("/content/") / value.rsplit("/", 1)[1]
                assert picture.is_file(), value
                pictures += 1
    assert pictures >= 2


def test_entries_are_listed_by_the_name_people_read() -> None:
    organizations, events = _collection("organizations"), _collection("events")
    assert organizations["sortable_fields"] == [{"field": "name", "default_sort": True}]
    assert organizations["identifier_field"] == "name"
    assert events["sortable_fields"] == [{"field": "title", "default_sort": True}, "date"]
    assert events["identifier_field"] == "title"


def test_a_collapsed_list_item_shows_its_value() -> None:
    lists = [f for collection in CONFIG["collections"]
             for form in [collection, *collection.get("files", [])]
             for f in _all_fields(form.get("fields", [])) if f.get("widget") == "list"]
    single = [f for f in lists if "field" in f]
    assert {f["name"] for f in single} >= {"causes", "programs", "future_goals", "except"}
    for field in single:
        assert field["summary"] == "{{fields.item}}", field["name"]
        assert field["field"]["name"] == "item"
    for field in lists:
        if "fields" in field:
            first_text = next(f["name"] for f in field["fields"] if f["widget"] == "string")
            assert field["summary"] == f"{{{{fields.{first_text}}}}}", field["name"]


def test_descriptions_leave_what_saving_does_to_the_editors_start_up() -> None:
    # Save opens a pull request on GitHub and writes a file with `make admin`: the words are
    # chosen in site/src/admin/cms.ts, where the editor knows which it is.
    for collection in CONFIG["collections"]:
        assert "sav" not in collection["description"].lower(), collection["name"]
        assert "pull request" not in collection["description"], collection["name"]


def test_every_content_type_but_the_site_settings_has_a_form() -> None:
    # site.yaml stays in git: its map of page titles by path has no form in Decap.
    files = {f["file"] for c in CONFIG["collections"] for f in c.get("files", [])}
    folders = {c["folder"] for c in CONFIG["collections"] if "folder" in c}
    assert files | folders == {
        f"content/{kind.folder or kind.file}" for kind in CONTENT_TYPES if kind.name != "site"}


def test_the_build_publishes_the_configuration_beside_the_editor(
    content: Path, tmp_path: Path, run_cli: Callable[..., tuple[int, str, str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CMS_GITHUB_REPO", "civicstl/site")
    out = tmp_path / "out"
    assert run_cli("build", "--content", str(content), "--out", str(out))[0] == 0
    published = (out / "public" / "admin" / "config.yml").read_text()
    assert published.startswith(cms_config.HEADER)
    assert yaml.safe_load(published)["backend"]["repo"] == "civicstl/site"
    status, printed, _ = run_cli("cms-config", "--content", str(content), "--local-port", "9092")
    assert status == 0
    assert printed == published.replace("localhost:8081", "localhost:9092")


# A file of each folder's type in the valid fixtures, to leave a list out of.
EXAMPLES = {"event": "forest-park-cleanup.yaml", "organization": "keenstl.yaml"}


def _required_lists() -> Iterator[Any]:
    """Each form's required lists, with the sentence the editor refuses an empty one with."""
    for kind, fields in FORMS:
        for field in fields:
            if "empty_message" in field:
                yield pytest.param(kind, field["name"], field["empty_message"],
                                   id=f"{kind.name}-{field['name']}")


@pytest.mark.parametrize(("kind", "name", "sentence"), list(_required_lists()))
def test_a_required_list_left_empty_is_refused_in_the_checks_sentence(
    kind: ContentType, name: str, sentence: str, content: Path,
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    """The editor's sentence for an empty required list is what `check` prints once the format
    has left the list out of the file (site/src/admin/requiredLists.ts)."""
    file = kind.file or f"{kind.entries_folder}/{EXAMPLES[kind.name]}"
    path = content / file
    text = path.read_text()
    without = re.sub(rf"^{name}:.*\n(?:[ \-#].*\n|\n)*", "", text, count=1, flags=re.M)
    assert without != text
    path.write_text(without)
    status, _, printed = run_cli("check", "--content", str(content))
    assert status == 1
    assert [line.split(": ", 1)[1] for line in printed.splitlines()
            if line.startswith(f"content/{file}:")] == [sentence]

