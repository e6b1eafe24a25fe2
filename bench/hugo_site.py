"""A Hugo site made at run time from a synthetic content tree, for the build ratio to Hugo.

The same pages as the CivicSTL build makes from that tree: one page per organization (its
tagline, causes, description, goals, programs, impact and the events it hosts), one per event
(its host, date, place, description and slots), the organization list in pages of 48 (the civic
index's page size) and the home page listing every event, all in one shell with the site's
navigation and footer. Hugo reads the organizations and events as Markdown files with YAML front
matter (the description is the body, so Hugo renders it as Markdown) and joins events to their
hosts itself. Nothing of it is vendored: `write_site` writes the templates and the content each
run, and the timing covers only Hugo's own build.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import yaml

from generator.civic_index import PAGE_SIZE

_Loader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Dumper: type = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

CONFIG = """\
baseURL = "https://civicstl.org/"
title = "{name}"
languageCode = "en"
# Slugs keep their case (/HarrisStowe), as the site's routes do.
disablePathToLower = true
# Synthetic events are dated in the past and the future; every one gets its page.
buildFuture = true
buildExpired = true
disableKinds = ["taxonomy", "term"]
paginate = {page_size}
"""

BASEOF = """\
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Title }} | {{ site.Title }}{{ end }}</title>
{{ $description := .Params.tagline | default site.Params.tagline }}
<meta name="description" content="{{ $description }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:title" content="{{ .Title }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:image" content="{{ site.BaseURL }}share/organizations/{{ .Params.slug }}.png">
<link rel="icon" href="/favicon.ico">
<style>body{font-family:system-ui,sans-serif;margin:0}main{max-width:60rem;margin:auto;padding:1rem}
nav a{margin-right:1rem}
.card{border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:.5rem 0}</style>
</head>
<body>
<a href="#main" class="skip">Skip to content</a>
<header><nav aria-label="Main">{{ range site.Params.nav }}
<a href="{{ .href }}">{{ .label }}</a>{{ end }}
<a href="/login">Log in</a></nav></header>
<main id="main">{{ block "main" . }}{{ end }}</main>
<footer><p>{{ site.Params.footer.tagline }}</p><p>{{ site.Params.footer.copyright }}</p></footer>
</body>
</html>
"""

ORGANIZATION = """\
{{ define "main" }}
<article style="--primary:{{ .Params.colors.primary }};--accent:{{ .Params.colors.accent }}">
<header class="hero"><span class="initials">{{ .Params.initials }}</span><h1>{{ .Title }}</h1>
<p class="tagline">{{ .Params.tagline }}</p>
<ul class="causes">{{ range .Params.causes }}<li>{{ . }}</li>{{ end }}</ul>
{{ with .Params.website }}<a href="{{ . }}" rel="noopener">Visit website</a>{{ end }}</header>
<section><h2>About</h2>{{ .Content }}</section>
{{ with .Params.future_goals }}
<section><h2>Future goals</h2><ul>{{ range . }}<li>{{ . }}</li>{{ end }}</ul></section>{{ end }}
{{ with .Params.programs }}<section><h2>Programs</h2><ul>{{ range . }}<li>{{ . }}</li>{{ end }}
</ul></section>{{ end }}
{{ with .Params.core_impact }}<section><h2>Core impact</h2>{{ range . }}
<div class="card"><h3>{{ .title }}</h3><p>{{ .text }}</p></div>{{ end }}</section>{{ end }}
{{ with .Params.impact_numbers }}<section><h2>Impact</h2><dl>{{ range . }}<dt>{{ .value }}</dt>
<dd>{{ .label }}</dd>{{ end }}</dl></section>{{ end }}
{{ with .Params.social }}<section><h2>Follow</h2><ul>{{ range $k, $v := . }}<li>
<a href="{{ $v }}">{{ $k }}</a></li>{{ end }}</ul></section>{{ end }}
<section><h2>Upcoming events</h2>
{{ $hosted := index (partialCached "events.html" . "events") (lower .Params.slug) }}
{{ range $hosted }}<div class="card"><h3><a href="{{ .RelPermalink }}">{{ .Title }}</a></h3>
<p>{{ .Date.Format "Monday, January 2, 2006" }} · {{ .Params.location }}</p></div>
{{ else }}<p>No upcoming events.</p>{{ end }}</section>
</article>
{{ end }}
"""

EVENT = """\
{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
{{ with site.GetPage (printf "/%s" .Params.host) }}<p>Hosted by
<a href="{{ .RelPermalink }}">{{ .Title }}</a></p>{{ end }}
<p><time datetime="{{ .Date.Format "2006-01-02" }}">
{{ .Date.Format "Monday, January 2, 2006" }}</time></p>
<p>{{ .Params.location }}</p>
{{ .Content }}
<section><h2>Choose a time</h2>
{{ range $i, $slot := .Params.slots }}<form method="post" action="/api/rsvp" class="card">
<input type="hidden" name="slot" value="{{ $i }}"><p>{{ $slot.time }}</p>
{{ with $.Params.capacity }}<p>{{ . }} spots</p>{{ end }}<button type="submit">RSVP</button></form>
{{ end }}</section>
{{ with .Params.before_you_go }}
<section><h2>Before you go</h2><ul>{{ range .bring }}<li>{{ . }}</li>{{ end }}
</ul></section>{{ end }}
</article>
{{ end }}
"""

# The events by host, made once per build rather than once per organization page (partialCached).
EVENTS_PARTIAL = """\
{{ $byHost := dict }}
{{ range (site.GetPage "/events").Pages.ByDate }}
{{ $host := lower .Params.host }}
{{ $byHost = merge $byHost (dict $host ((index $byHost $host | default slice) | append .)) }}
{{ end }}
{{ return $byHost }}
"""

ORGANIZATIONS = """\
{{ define "main" }}
<h1>Civic Index</h1>
{{ $pages := .Paginate .Pages }}
<ul class="grid">{{ range $pages.Pages }}<li class="card">
<a href="{{ .RelPermalink }}"><h2>{{ .Title }}</h2></a>
<p>{{ .Params.tagline }}</p><p>{{ delimit .Params.causes ", " }}</p></li>{{ end }}</ul>
<nav aria-label="Pages">{{ with $pages.Prev }}<a href="{{ .URL }}">Previous</a>{{ end }}
{{ with $pages.Next }}<a href="{{ .URL }}">Next</a>{{ end }}</nav>
{{ end }}
"""

HOME = """\
{{ define "main" }}
<h1>{{ site.Title }}</h1><p>{{ site.Params.tagline }}</p>
<ul>{{ range (site.GetPage "/events").Pages.ByDate }}<li class="card">
<a href="{{ .RelPermalink }}">{{ .Title }}</a> {{ .Date.Format "Jan 2" }} · {{ .Params.location }}
</li>{{ end }}</ul>
{{ end }}
"""


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    return data


def _page(path: Path, front: dict[str, Any], body: str) -> None:
    text = yaml.dump(front, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    path.write_text(f"---\n{text}---\n{body}\n", encoding="utf-8")


def _date(value: object) -> str:
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def write_site(tree: Path, dest: Path) -> int:
    """Write the Hugo site for the content tree `tree` into `dest`; return its page count
    (organizations, events, organization list pages and the home page)."""
    if dest.exists():
        shutil.rmtree(dest)
    site = _load(tree / "site.yaml")
    layouts, content = dest / "layouts", dest / "content"
    for folder in ("_default", "organization", "event", "partials", "organizations"):
        (layouts / folder).mkdir(parents=True)
    (content / "events").mkdir(parents=True)
    (content / "organizations").mkdir()
    params = {"tagline": site.get("tagline", ""), "nav": site.get("nav", []),
              "footer": site.get("footer", {})}
    (dest / "hugo.toml").write_text(
        CONFIG.format(name=site["name"], page_size=PAGE_SIZE) + "[params]\n"
        + "".join(f"  {key} = {_toml(value)}\n" for key, value in params.items()),
        encoding="utf-8")
    for name, text in (("_default/baseof.html", BASEOF), ("organization/single.html", ORGANIZATION),
                       ("event/single.html", EVENT), ("partials/events.html", EVENTS_PARTIAL),
                       ("organizations/list.html", ORGANIZATIONS), ("index.html", HOME)):
        (layouts / name).write_text(text, encoding="utf-8")
    (content / "organizations" / "_index.md").write_text("---\ntitle: Civic Index\n---\n")
    # The site has no /events list: the event pages only.
    (content / "events" / "_index.md").write_text(
        "---\n_build: {render: never, list: always}\n---\n")
    organizations = sorted((tree / "organizations").glob("*.yaml"))
    for path in organizations:
        org = _load(path)
        description = org.pop("description", "")
        org.pop("legacy_paths", None)
        front = {**org, "title": org["name"], "slug": path.stem, "type": "organization",
                 "url": f"/{path.stem}/"}
        _page(content / "organizations" / f"{path.stem}.md", front, description)
    events = sorted((tree / "events").glob("*.yaml"))
    for path in events:
        event = _load(path)
        description = event.pop("description", "")
        front = {**event, "date": _date(event["date"]), "type": "event",
                 "url": f"/events/{path.stem}/"}
        for key in ("except",):
            front.pop(key, None)
        _page(content / "events" / f"{path.stem}.md", front, description)
    lists = -(-len(organizations) // PAGE_SIZE)
    return len(organizations) + len(events) + lists + 1


def _toml(value: object) -> str:
    """A TOML value: strings and lists of tables as inline TOML (what the params hold)."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return _toml(str(value))
