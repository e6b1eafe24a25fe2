"""Every sentence a person reads is in the catalogs (issue 41): module-level sentences are marked
with N_(), ApiError sentences are marked, and email and answer-page templates keep their text in
{% trans %} blocks. Each test names what it found, so the fix is where it points."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from jinja2 import Environment, nodes

import rsvp_service

PACKAGE = Path(rsvp_service.__file__).resolve().parent
TEMPLATES = [PACKAGE / "mail" / "templates", PACKAGE / "web" / "templates"]
MIGRATIONS = PACKAGE / "db" / "migrations"
CONSTANT = re.compile(r"[A-Z][A-Z0-9_]*")
# The calls that put a sentence in the catalogs (N_ keeps it English; the others translate).
MARKERS = {"N_", "gettext", "ngettext"}
# What a person cannot read in a template: style sheets, tags (with the expressions inside them)
# and entities; and the product's name, the same in every language.
TAG = re.compile(r"<style[^>]*>.*?</style>|<[^>]*>|&#?\w+;|CivicSTL", re.DOTALL)
LETTER = re.compile(r"[^\W\d_]")


def sentence(text: str) -> bool:
    """Whether a string reads as a sentence: words, ending in . ! ? or :."""
    return " " in text.strip() and text.rstrip().endswith((".", "!", "?", ":"))


def modules() -> Iterator[tuple[str, ast.Module]]:
    """Every module of rsvp_service but the migrations (no one reads them), parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if MIGRATIONS in path.parents:
            continue
        yield str(path.relative_to(PACKAGE.parent)), ast.parse(path.read_text("utf-8"))


def called(node: ast.expr) -> str | None:
    """The bare name a call is made to (None for anything else)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id
    return None


def literal_text(node: ast.expr) -> str | None:
    """The text of a str literal or f-string (its fixed parts), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "{}".join(part.value for part in node.values
                         if isinstance(part, ast.Constant) and isinstance(part.value, str))
    return None


def unmarked_literals(node: ast.expr) -> Iterator[ast.expr]:
    """The str literals and f-strings with letters in an expression, outside marking calls."""
    if called(node) in MARKERS:
        return
    text = literal_text(node)
    if text is not None:
        # Words, not a single token such as a status compared with.
        if LETTER.search(text) and " " in text.strip():
            yield node
        return
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.keyword):
            child = child.value
        if isinstance(child, ast.expr):
            yield from unmarked_literals(child)


def unmarked_constants() -> list[str]:
    """Module-level UPPER_CASE sentences that are not wrapped in N_()."""
    found = []
    for name, module in modules():
        for statement in module.body:
            if isinstance(statement, ast.Assign):
                targets, value = statement.targets, statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                targets, value = [statement.target], statement.value
            else:
                continue
            text = literal_text(value)
            if (text is not None and sentence(text) and any(
                    isinstance(t, ast.Name) and CONSTANT.fullmatch(t.id) for t in targets)):
                found.append(f"{name}:{statement.lineno}: {text!r}")
    return found


def unmarked_errors() -> list[str]:
    """ApiError sentences written as literals or f-strings rather than marked."""
    found = []
    for name, module in modules():
        for node in ast.walk(module):
            if called(node) != "ApiError" or not isinstance(node, ast.Call):
                continue
            message = node.args[1:2] + [k.value for k in node.keywords if k.arg == "message"]
            for argument in message:
                found += [f"{name}:{literal.lineno}: {ast.unparse(literal)}"
                          for literal in unmarked_literals(argument)]
    return found


def text_outside_trans(source: str) -> list[str]:
    """The words of a template that are outside {% trans %} blocks (tags left aside)."""
    environment = Environment(extensions=["jinja2.ext.i18n"])
    tree = environment.parse(source)
    # A trans block parses to a gettext call whose text is no TemplateData, so every
    # TemplateData is outside one. Expressions become a mark, which keeps tags around them whole.
    shown = "\0".join(data.data for data in tree.find_all(nodes.TemplateData))
    return [piece.strip() for piece in TAG.sub("\0", shown).split("\0")
            if LETTER.search(piece)]


def unmarked_template_text() -> list[str]:
    """Text outside trans blocks in the email and answer-page templates."""
    return [f"{path.relative_to(PACKAGE.parent)}: {text!r}"
            for folder in TEMPLATES for path in sorted(folder.iterdir())
            for text in text_outside_trans(path.read_text("utf-8"))]


def test_module_sentences_are_marked() -> None:
    assert unmarked_constants() == []


def test_api_error_sentences_are_marked() -> None:
    assert unmarked_errors() == []


def test_template_text_is_in_trans_blocks() -> None:
    assert unmarked_template_text() == []


def test_the_scans_find_what_is_not_marked() -> None:
    module = ast.parse('GONE = "That event is gone."\nKEPT = N_("That event is kept.")\n'
                       'raise ApiError(404, f"No event {slot}.")\n'
                       'raise ApiError(404, gettext("No event {slot}.").format(slot=slot))\n')
    [call, marked] = [n for n in ast.walk(module) if called(n) == "ApiError"]
    assert isinstance(call, ast.Call) and isinstance(marked, ast.Call)

    assert [ast.unparse(n) for n in unmarked_literals(call.args[1])] == ["f'No event {slot}.'"]
    assert list(unmarked_literals(marked.args[1])) == []
    assert text_outside_trans('<p class="x">Hello {{ name }}</p>{% trans %}Bye.{% endtrans %}'
                              ) == ["Hello"]
    assert text_outside_trans('<a href="{{ url }}">{% trans %}Open it.{% endtrans %}</a>') == []
