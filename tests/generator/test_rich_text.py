"""Descriptions' Markdown subset: what renders, what stays text, where text links are checked."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.rich_text import parse


def to_html(text: str) -> str:
    return parse(text).html


def test_the_subset_renders() -> None:
    text = "One **bold** and *italic* [link](/features).\n\nSecond paragraph:\n\n- a\n- b\n\n1. x\n"
    assert to_html(text) == (
        '<p>One <strong>bold</strong> and <em>italic</em> <a href="/features">link</a>.</p>\n'
        "<p>Second paragraph:</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>x</li>\n</ol>\n"
    )


def test_raw_html_and_unsafe_links_stay_text() -> None:
    html = to_html('<script>alert(1)</script> <img src=x onerror="y"> [j](javascript:alert(1))')
    assert "<script" not in html and "<img" not in html and "href" not in html
    assert "&lt;script&gt;" in html


def test_headings_images_and_quotes_are_not_in_the_subset() -> None:
    assert to_html("# Title") == "<p># Title</p>\n"
    assert to_html("> quote") == "<p>&gt; quote</p>\n"
    assert "<img" not in to_html("![alt](/images/x.png)")


def test_parse_names_images_and_html_tags_and_renders_neither() -> None:
    text = parse('A <b>bold</b> claim<br/> ![a "logo"](/images/x.png) and [a link](/features).')
    assert text.images == ('![a "logo"](/images/x.png)',)
    assert text.html_tags == ("<b>", "</b>", "<br/>")
    # An image is not a link: only the real link is one.
    assert text.links == ("/features",)
    assert "<img" not in text.html and "&lt;b&gt;" in text.html
    assert parse("1 < 2 and 3 > 2, <https://x.org>").html_tags == ()


def test_parse_lists_every_link_target_even_unsafe_ones_and_renders_only_safe_ones() -> None:
    text = parse("[a](/features) *[b](https://x.org)* [c](javascript:alert(1))")
    assert text.links == ("/features", "https://x.org", "javascript:alert(1)")
    assert text.html == ('<p><a href="/features">a</a> <em><a href="https://x.org">b</a></em> '
                         "[c](javascript:alert(1))</p>\n")


def test_a_broken_link_in_a_block_text_is_reported_on_its_own_line(
    content: Path, edit: Callable[[str, str, str], None],
    run_cli: Callable[..., tuple[int, str, str]],
) -> None:
    edit("organizations/keenstl.yaml",
         'description: "Fixture **description**, with *emphasis* and [the Event Feed](/features)."',
         "description: |\n  First paragraph.\n\n  - See [the feed](/features)\n"
         "  - and [our page](/keenstll)")
    status, _, stderr = run_cli("check", "--content", str(content))
    assert status == 1
    assert stderr.splitlines()[0] == (
        "content/organizations/keenstl.yaml:13:20: description: expected a link to a page of "
        "this site, found '/keenstll'. Link to an existing page, such as /features or /keenstl."
    )


def test_plain_text_is_what_a_reader_of_the_html_sees() -> None:
    text = ("Join [KEEN St. Louis](/keenstl) for an *afternoon* of\n**adaptive** sports.\n\n"
            "- Pick *one* session.\n- Wear sneakers.\n  - and socks\n\n3. first\n4. second\n\n"
            "Ask &amp; come \\*early\\*.")
    assert parse(text).text == (
        "Join KEEN St. Louis for an afternoon of adaptive sports.\n\n"
        "Pick one session.\nWear sneakers.\nand socks\n\n3. first\n4. second\n\n"
        "Ask & come *early*."
    )
