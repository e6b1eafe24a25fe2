"""Every kind of content file: its model, where its files live and the schema that checks it.

The JSON Schemas, the checks, the `new-org` scaffold and the web editor's configuration all read
this one table, so a content type is described once.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from pydantic import BaseModel

from generator import models

SCHEMAS_FOLDER = "schemas"


@dataclass(frozen=True)
class ContentType:
    """One kind of content file: a folder of entries (one file each) or a single file."""

    name: str  # the schema's file stem: content/schemas/<name>.schema.json
    model: type[BaseModel]
    label: str  # what editors call it
    folder: str | None = None  # content/<folder>/<slug>.yaml, one entry per file
    file: str | None = None  # or exactly one file, content/<file>

    @property
    def schema_path(self) -> str:
        """Where its JSON Schema sits, relative to the files of this type (as modelines say)."""
        where = self.folder if self.folder is not None else posixpath.dirname(self.file or "")
        return posixpath.relpath(f"{SCHEMAS_FOLDER}/{self.name}.schema.json", where or ".")

    @property
    def entries_folder(self) -> str:
        """The folder of a type kept one entry per file."""
        if self.folder is None:
            raise ValueError(f"{self.name} is a single file, not a folder of entries")
        return self.folder

    @property
    def modeline(self) -> str:
        """The first line of every file of this type: editors check it against its schema."""
        return f"# yaml-language-server: $schema={self.schema_path}"


SITE = ContentType("site", models.Site, "Site settings", file="site.yaml")
HOME = ContentType("page-home", models.HomePage, "Home page", file="pages/home.yaml")
ABOUT = ContentType("page-about", models.AboutPage, "About page", file="pages/about.yaml")
TORNADO = ContentType("page-tornado", models.TornadoPage, "Tornado Relief page",
                      file="pages/tornado.yaml")
ORGANIZATION = ContentType("organization", models.Organization, "Organizations",
                           folder="organizations")
EVENT = ContentType("event", models.Event, "Events", folder="events")

CONTENT_TYPES: tuple[ContentType, ...] = (SITE, HOME, ABOUT, TORNADO, ORGANIZATION, EVENT)
# The fixed pages, by file stem (pages/<stem>.yaml).
PAGES: tuple[ContentType, ...] = (HOME, ABOUT, TORNADO)


def page_stem(page: ContentType) -> str:
    """The page's name: `home` for pages/home.yaml."""
    return posixpath.splitext(posixpath.basename(page.file or ""))[0]
