"""In CI, content errors and warnings are also GitHub Actions annotations, shown on the pull
request's lines."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator.errors import ContentError, ContentWarning

KEEN = "content/organizations/keenstl.yaml"
KIND_ANNOTATION = (
    f"::error file={KEEN},line=3,col=7,title=Content error in kind::kind: expected one of "
    "'university', 'community_college', 'nonprofit' or 'foundation', found 'charity'. "
    "Use one of the allowed values exactly as written."
)
KIND_LINE = (
    f"{KEEN}:3:7: kind: expected one of 'university', 'community_college', 'nonprofit' or "
    "'foundation', found 'charity'. Use one of the allowed values exactly as written."
)
FEATURED_MESSAGE = (
    "'inclusive-sports-clinic' ended on 2025-07-27; the home page's button names the next "
    "upcoming event instead. Name an upcoming event or series, or remove `featured:`."
)
FEATURED_LINE = f"content/pages/home.yaml:30:11: warning: featured: {FEATURED_MESSAGE}"
FEATURED_ANNOTATION = (
    "::warning file=content/pages/home.yaml,line=30,col=11,title=Content warning in featured::"
    f"featured: {FEATURED_MESSAGE}"
)


def test_annotation_escapes_what_github_would_misread() -> None:
    error = ContentError("content/a,b:c.yaml", 4, 2, "tagline", "text", "'100%\r\nsure'",
                         "Fix it:\nnow.")
    assert error.annotation("content/a,b:c.yaml") == (
        "::error file=content/a%2Cb%3Ac.yaml,line=4,col=2,title=Content error in tagline::"
        "tagline: expected text, found '100%25%0D%0Asure'. Fix it:%0Anow."
    )


def test_whole_file_errors_have_a_title_too() -> None:
    error = ContentError("content/site.yaml", 1, 1, "", "content/site.yaml", "no such file",
                         "Create it.")
    assert error.annotation("content/site.yaml") == (
        "::error file=content/site.yaml,line=1,col=1,title=Content error in the file::"
        "(whole file): expected content/site.yaml, found no such file. Create it."
    )


def test_format_github_prints_annotations_beside_the_log(
    content: Path, edit: Callable[[str, str, str], None], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    status, stdout, stderr = run_cli("check", "--format", "github", "--content", "content")
    assert status == 1
    assert stdout.splitlines() == [KIND_ANNOTATION]
    assert stderr.splitlines()[0] == KIND_LINE


def test_github_actions_turns_annotations_on_and_paths_start_at_the_checkout(
    content: Path, edit: Callable[[str, str, str], None], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The job runs from the repository root; the content folder is given from there.
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.chdir(tmp_path)
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    status, stdout, _ = run_cli("check", "--content", str(content))
    assert status == 1
    assert stdout.splitlines() == [KIND_ANNOTATION]


def test_without_ci_there_are_no_annotations(
    content: Path, edit: Callable[[str, str, str], None], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    status, stdout, stderr = run_cli("check", "--content", "content")
    assert (status, stdout) == (1, "")
    assert stderr.splitlines()[0] == KIND_LINE


def test_a_warning_is_annotated_as_a_warning() -> None:
    warning = ContentWarning("content/pages/home.yaml", 30, 11, "featured",
                             "'a,b' ended: 100% past.")
    assert warning.annotation("content/pages/home.yaml") == (
        "::warning file=content/pages/home.yaml,line=30,col=11,title=Content warning in featured::"
        "featured: 'a,b' ended: 100%25 past."
    )


def test_warnings_come_with_errors_as_annotations_before_the_summary(
    content: Path, edit: Callable[[str, str, str], None], tmp_path: Path,
    run_cli: Callable[..., tuple[int, str, str]], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    edit("pages/home.yaml", "\n  href: /features\n",
         "\n  href: /features\nfeatured: inclusive-sports-clinic\n")
    status, stdout, stderr = run_cli("check", "--format", "github", "--content", "content")
    assert status == 0
    assert stderr.splitlines() == [FEATURED_LINE]
    assert stdout.splitlines() == [
        FEATURED_ANNOTATION,
        "Content is valid: 2 organizations, 3 events, 3 pages. 1 warning above: worth fixing, "
        "though it builds.",
    ]
    edit("organizations/keenstl.yaml", "kind: nonprofit", "kind: charity")
    status, stdout, stderr = run_cli("check", "--format", "github", "--content", "content")
    assert status == 1
    # In the order of their files: organizations/ before pages/.
    assert stdout.splitlines() == [KIND_ANNOTATION, FEATURED_ANNOTATION]
    assert stderr.splitlines() == [
        KIND_LINE, FEATURED_LINE, "",
        "1 problem and 1 warning found in content/. Nothing was written; fix the lines above and "
        "run the command again.",
    ]


def test_a_warning_about_a_whole_folder_names_no_line() -> None:
    warning = ContentWarning("content/events/", 0, 0, "es", "3 of 3 events have no translation.")
    assert warning.format() == "content/events/: warning: es: 3 of 3 events have no translation."
    assert warning.annotation("content/events/") == (
        "::warning file=content/events/,title=Content warning in es::es: 3 of 3 events have no "
        "translation.")
