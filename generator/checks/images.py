"""Checks of images: files exist, are images of a usable size, and SVGs are safe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator import images, photos, placeholders
from generator.checks.run import (
    Draft,
    Entry,
    Run,
    find,
    kind_of,
)
from generator.models import Image
from generator.pydantic_errors import field_path


def check_images(run: Run, project: Draft) -> None:
    """Check every image a file names: it exists, is an image of a usable size, and is safe."""
    entries: list[Entry[Any]] = [*project.organizations.values(), *project.events.values(),
                                 *project.salvaged]
    for entry in entries:
        for loc, image in find(entry.model, Image, ()):
            if image.src in project.image_sizes:
                continue
            path = project.root / image.src.lstrip("/")
            if images.is_supported(path) and path.is_file():
                if issues := _svg_issues(run, path, entry, loc):
                    for svg_issue in issues:
                        run.error(entry.doc, (*loc, "src"), *svg_issue)
                    continue
            if photos.is_photo(path) and path.is_file():
                minimum = photos.MIN_LOGO if loc[0] == "logo" else photos.MIN_PHOTO
                if issue := photos.problem(path, minimum):
                    run.error(entry.doc, (*loc, "src"), *issue)
                else:
                    project.image_sizes[image.src] = photos.size_of(path)
                continue
            size = None
            if not images.is_supported(path) and not photos.is_photo(path):
                expected = "an .svg, .jpg, .png or .webp image"
            elif not path.is_file():
                expected = f"an image file at content{image.src}"
            else:
                expected = "an SVG with width and height (or a viewBox) on its root element"
                size = images.svg_size(path)
            if size is None:
                found = "no such file" if not path.is_file() else repr(image.src)
                run.error(entry.doc, (*loc, "src"), expected, found,
                          "Add the file under content/images/ or fix the path.")
            else:
                project.image_sizes[image.src] = size


def _svg_issues(run: Run, path: Path, entry: Entry[Any], loc: tuple[Any, ...]
                ) -> list[tuple[str, str, str]]:
    """Why an SVG may not be published: a scaffold's placeholder, or every active part."""
    shown = run.display(path)
    if placeholders.is_placeholder_picture(path):
        what = kind_of(entry)
        return [(f"the {what}'s own picture", f"the scaffold's grey placeholder picture {shown}",
                 f"Put your photo (JPEG, PNG or WebP) in {shown.rsplit('/', 1)[0]}/ and write its "
                 f"file name in {field_path((*loc, 'src'))}; describe it in alt.")]
    return images.svg_problems(path, shown)
