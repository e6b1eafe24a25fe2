"""Atom feeds (RFC 4287, written with feedgen) of upcoming events: the site's and each host's.

- /events.atom: the site's upcoming occurrences, soonest first, at most MAX_ENTRIES.
- /organizations/<slug>/events.atom: one organization's, for every organization (an empty feed
  is valid Atom, and a reader can subscribe before the first event is announced).

An entry is one occurrence; its id is its page's address, so a refreshed feed updates an entry
instead of adding it twice. Its `updated` is when its event's file last changed: its last
commit's time in a git work tree (a release is a fresh clone, whose files all have the clone's
modification time), else, or while it has uncommitted changes, its modification time. So an entry
changes when its content does, not at every build. A feed's `updated` is the latest of its
entries' and of its own content file's.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

from feedgen.feed import FeedGenerator

from generator.models import Site
from generator.outputs import EventOut

SITE_FEED = "/events.atom"
# A reader shows the next weeks; thousands of series dates would make every refresh heavy.
MAX_ENTRIES = 100


def organization_feed_path(slug: str) -> str:
    """The URL path of one organization's Atom feed."""
    return f"/organizations/{slug}/events.atom"


def _git(root: Path, *args: str) -> str | None:
    git = shutil.which("git")
    if git is None:
        return None
    # Fixed arguments, and the content folder the build was given.
    done = subprocess.run([git, "-C", str(root), *args],  # noqa: S603
                          capture_output=True, text=True, check=False)
    return done.stdout if done.returncode == 0 else None


def committed(root: Path) -> dict[Path, dt.datetime]:
    """When each unchanged file under `root` was last committed, by one walk of git's history;
    empty outside a git work tree."""
    top = _git(root, "rev-parse", "--show-toplevel")
    log = _git(root, "log", "--format=%x00%ct", "--name-only", "--", ".")
    changed = _git(root, "status", "--porcelain", "--no-renames", "-z", "--", ".")
    if top is None or log is None or changed is None:
        return {}
    base = Path(top.strip())
    dirty = {(base / entry[3:]).resolve() for entry in changed.split("\0") if entry}
    found: dict[Path, dt.datetime] = {}
    for block in log.split("\0")[1:]:
        stamp, *names = block.strip().split("\n")
        moment = dt.datetime.fromtimestamp(int(stamp), dt.UTC)
        for name in names:
            path = (base / name).resolve()
            if name and path not in dirty:
                found.setdefault(path, moment)  # the log starts with the latest commit
    return found


def modified(path: Path, commits: dict[Path, dt.datetime]) -> dt.datetime:
    """When a content file last changed, in UTC: its last commit, else its modification time."""
    resolved = path.resolve()
    if resolved in commits:
        return commits[resolved]
    return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC).replace(microsecond=0)


def _feed(site: Site, path: str, page: str, title: str, subtitle: str,
          entries: list[tuple[EventOut, dt.datetime]], since: dt.datetime) -> bytes:
    base = site.url.rstrip("/")
    feed = FeedGenerator()
    feed.id(f"{base}{path}")
    feed.title(title)
    feed.subtitle(subtitle)
    feed.link(href=f"{base}{path}", rel="self", type="application/atom+xml")
    feed.link(href=f"{base}{page}", rel="alternate", type="text/html")
    feed.language("en")
    feed.generator(site.name, uri=base)
    feed.updated(max([since, *(changed for _, changed in entries)]))
    # feedgen prepends by default: append keeps the soonest first.
    for event, changed in entries:
        entry = feed.add_entry(order="append")
        entry.id(f"{base}{event.path}")
        entry.title(f"{event.title}: {event.date_text}, {event.time_text}")
        entry.link(href=f"{base}{event.path}", rel="alternate", type="text/html")
        entry.author(name=event.host.name, uri=f"{base}{event.host.link}")
        entry.updated(changed)
        entry.summary(f"{event.date_text}, {event.time_text} at {event.location}. "
                      f"Hosted by {event.host.name}.")
        entry.content(event.description_html, type="html")
    return bytes(feed.atom_str(pretty=True))


def feeds(site: Site, site_changed: dt.datetime, events: list[EventOut],
          changed: dict[str, dt.datetime], organizations: dict[str, tuple[str, dt.datetime]],
          now: dt.datetime) -> dict[str, bytes]:
    """Every Atom feed of the build, as {path under public/: bytes}.

    `events` are sorted by start; `changed` maps an occurrence's slug to its file's change time,
    `organizations` a slug to its name and its file's change time.
    """
    upcoming = [(e, changed[e.slug]) for e in events if dt.datetime.fromisoformat(e.end) > now]
    by_host: dict[str, list[tuple[EventOut, dt.datetime]]] = {}
    for entry in upcoming:
        by_host.setdefault(entry[0].host.slug, []).append(entry)
    files = {f"public{SITE_FEED}": _feed(
        site, SITE_FEED, "/features", f"Upcoming events on {site.name}", site.description,
        upcoming[:MAX_ENTRIES], site_changed)}
    for slug, (name, org_changed) in organizations.items():
        path = organization_feed_path(slug)
        files[f"public{path}"] = _feed(
            site, path, f"/{slug}", f"{name}: upcoming events on {site.name}",
            f"Volunteer events {name} hosts on {site.name}.", by_host.get(slug, [])[:MAX_ENTRIES],
            org_changed)
    return files
