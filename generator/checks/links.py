"""Checks of links: every internal link in fields and rich text leads to a route that exists;
and of what a description's Markdown cannot show: pictures (refused) and HTML (a warning)."""

from __future__ import annotations

import re
from typing import Any

from generator import rich_text
from generator.checks.run import (
    APP_ROUTES,
    Draft,
    Entry,
    Run,
    find,
    text_mark,
)
from generator.errors import ContentError
from generator.models import Event, Link, Organization
from generator.pydantic_errors import field_path


def _route_hint(href: str, routes: set[str]) -> str | None:
    """None when an internal link leads to a page; otherwise what to do about it."""
    target = re.split(r"[?#]", href, maxsplit=1)[0] or "/"
    if target in routes:
        return None
    close = [r for r in routes if r.lower() == target.lower()]
    return (f"Did you mean {close[0]}? Paths are case-sensitive."
            if close else "Link to an existing page, such as /features or /keenstl.")


def check_links(run: Run, project: Draft) -> None:
    """Check that every internal link, in fields and in rich text, leads to a route."""
    routes = project.routes
    site = [project.site] if project.site else []
    entries: list[Entry[Any]] = [*site, *project.pages.values(), *project.organizations.values(),
                                 *project.events.values(), *project.salvaged]
    for entry in entries:
        for link_loc, link in find(entry.model, Link, ()):
            href, loc = link.href, (*link_loc, "href")
            if href.startswith("/") and (hint := _route_hint(href, routes)):
                run.error(entry.doc, loc, "a link to a page of this site", repr(href), hint)
    described: list[Entry[Any]] = [*project.organizations.values(), *project.events.values(),
                                   *project.salvaged]
    for entry in described:
        description = getattr(entry.model, "description", None)
        if not isinstance(description, str) or not isinstance(entry.model, Organization | Event):
            continue
        check_description(run, project, entry, description, routes,
                          organization=isinstance(entry.model, Organization))
    site_doc = project.site.doc if project.site else None
    for path in project.site.model.app_pages if project.site else ():
        if site_doc and path not in APP_ROUTES and path != "/404":
            run.error(site_doc, ("app_pages", path), "one of " + ", ".join(APP_ROUTES),
                      repr(path), "Describe only the app's own pages here.", key=True)


def check_description(run: Run, project: Draft, entry: Entry[Any], description: str,
                      routes: set[str], *, organization: bool) -> None:
    """Parse a description (an organization's or an event's, English or translated) once, and
    check its links and marks."""
    text = rich_text.parse(description)
    project.descriptions[description] = text
    _check_text_links(run, entry, ("description",), text.links, routes)
    _check_text_marks(run, entry, ("description",), text, organization=organization)


def _check_text_links(run: Run, entry: Entry[Any], loc: tuple[Any, ...],
                      links: tuple[str, ...], routes: set[str]) -> None:
    """Links written in Markdown inside a text: to a page of this site, or to https://."""
    for href in links:
        if href.startswith("/") and not href.startswith("//"):
            hint = _route_hint(href, routes)
            expected = "a link to a page of this site"
        elif href.startswith("https://"):
            continue
        else:
            hint = ("Link to a page of this site as a path (/features) or to another site with "
                    "its full https:// address.")
            expected = "a link to /a-page or https://"
        if hint:
            line, column = text_mark(entry.doc, loc, "](" + href, skip=2)
            run.errors.append(ContentError(entry.doc.display, line, column, field_path(loc),
                                           expected, repr(href), hint))


def _check_text_marks(run: Run, entry: Entry[Any], loc: tuple[Any, ...],
                      text: rich_text.RichText, *, organization: bool) -> None:
    """A picture in a text is refused (the site shows none there); HTML is shown as typed."""
    where = "`photos:`" if organization else "`gallery:`"
    for image in text.images:
        line, column = text_mark(entry.doc, loc, image)
        run.errors.append(ContentError(
            entry.doc.display, line, column, field_path(loc),
            "text, links and lists (a description shows no pictures)",
            f"the picture {image}",
            f"Remove the picture from the text and add it to {where} with its `src` and `alt`."))
    if text.html_tags:
        first = text.html_tags[0]
        others = len(text.html_tags) - 1
        named = f"the HTML tag {first}" + (
            f" and {others} more" if others > 1 else " and one more" if others else "")
        run.warn(entry.doc, loc, f"{named} will be shown as typed, not as formatting: "
                 "descriptions take Markdown, not HTML. Write **bold**, *italic*, "
                 "[words](https://...) or a list with - instead, or remove the tags.",
                 at=text_mark(entry.doc, loc, first))
