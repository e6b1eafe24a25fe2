"""Command line: `python -m generator check|build|new-org|new-event|schemas|cms-config`."""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from generator import cms_config, field_tables
from generator.emit import emit
from generator.errors import ContentError, ContentInvalid, ContentWarning
from generator.placeholders import MARKER
from generator.scaffold import new_event, new_org
from generator.schemas import CONTENT_MODELS, content_schema
from generator.validate import Project, validate


def _validate(content: Path, output: str = "text") -> Project | None:
    try:
        project = validate(content)
    except ContentInvalid as exc:
        _report(content, [*exc.errors, *exc.warnings], output)
        problems = _count(len(exc.errors), "problem")
        also = f" and {_count(len(exc.warnings), 'warning')}" if exc.warnings else ""
        print(
            f"\n{problems}{also} found in {content}/. "
            "Nothing was written; fix the lines above and run the command again.",
            file=sys.stderr,
        )
        return None
    _report(content, project.warnings, output)
    return project


def _report(content: Path, findings: Sequence[ContentError | ContentWarning], output: str) -> None:
    """Print errors and warnings in the order of their files and lines, before any summary."""
    findings = sorted(findings, key=lambda f: (f.file, f.line, f.column))
    for finding in findings:
        print(finding.format(), file=sys.stderr)
    if output == "github":
        # Workflow commands on stdout become annotations on the pull request's changed lines.
        for finding in findings:
            print(finding.annotation(_from_cwd(content.parent / finding.file)))
    # The summary goes to stdout: the lines above come first wherever the two streams meet.
    sys.stderr.flush()


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' if number != 1 else ''}"


def _warned(project: Project) -> str:
    """The summary's note of the warnings printed above it, if any."""
    if not project.warnings:
        return ""
    return f" {_count(len(project.warnings), 'warning')} above: worth fixing, though it builds."


def _from_cwd(path: Path) -> str:
    """The path relative to the working directory (the repository root in CI), when inside it."""
    absolute = path.absolute()
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return absolute.as_posix()


def _check(args: argparse.Namespace) -> int:
    project = _validate(args.content, args.format)
    if project is None:
        return 1
    print(f"Content is valid: {len(project.organizations)} organizations, "
          f"{len(project.events)} events, {len(project.pages)} pages.{_warned(project)}")
    return 0


def _build_once(content: Path, out: Path, output: str = "text") -> int:
    started = time.perf_counter()
    project = _validate(content, output)
    if project is None:
        return 1
    summary = emit(project, out)
    elapsed = time.perf_counter() - started
    print(f"Built {summary['files']} files for {summary['organizations']} organizations and "
          f"{summary['events']} events into {out}/ in {elapsed:.2f} s.{_warned(project)}")
    return 0


def _build(args: argparse.Namespace) -> int:
    status = _build_once(args.content, args.out, args.format)
    if not args.watch:
        return status
    from watchfiles import watch

    print(f"Watching {args.content}/ for changes (Ctrl+C to stop).")
    for _ in watch(args.content):
        _build_once(args.content, args.out, args.format)
        # `python -m generator` runs without the cyclic collector; free each build's few cycles.
        gc.collect()
    return 0


def _new_org(args: argparse.Namespace) -> int:
    try:
        path = new_org(args.content, args.slug, args.name)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(f"Created {path}. Replace every text starting with {MARKER} (the comments above each "
          "field say what it holds), then run `make check`.")
    _refresh_lists(args.content)
    return 0


def _new_event(args: argparse.Namespace) -> int:
    try:
        path = new_event(args.content, args.slug, args.host, args.title)
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    print(f"Created {path}. Set the date and time, replace every text starting with {MARKER} "
          "(the comments above each field say what it holds), then run `make check`.")
    _refresh_lists(args.content)
    return 0


def _write_schemas(content: Path) -> Path:
    folder = content / "schemas"
    folder.mkdir(parents=True, exist_ok=True)
    for name in CONTENT_MODELS:
        text = json.dumps(content_schema(name, content), indent=2, sort_keys=True) + "\n"
        (folder / f"{name}.schema.json").write_text(text, encoding="utf-8")
    return folder


def _refresh_lists(content: Path) -> None:
    """After a scaffold, the schemas' lists of organizations and events name the new file too."""
    if (content / "schemas").is_dir():
        folder = _write_schemas(content)
        print(f"Refreshed the lists of organizations and events in {folder}/, which editors "
              "complete `host:` and `featured:` from.")


def _schemas(args: argparse.Namespace) -> int:
    folder = _write_schemas(args.content)
    print(f"Wrote {len(CONTENT_MODELS)} schemas to {folder}/ for editors' autocompletion.")
    guide = args.content / "README.md"
    if guide.is_file() and field_tables.write(guide):
        print(f"Rewrote the field tables in {guide} from the models' descriptions.")
    return 0


def _cms_config(args: argparse.Namespace) -> int:
    project = _validate(args.content)
    if project is None:
        return 1
    settings = cms_config.CmsSettings.from_env()
    if args.local_port is not None:
        settings = dataclasses.replace(settings, local_port=args.local_port)
    text = cms_config.render(settings, project.site.model.url)
    if args.out is None:
        sys.stdout.write(text)
    else:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
        print(f"Wrote the web editor's configuration to {args.out}.")
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser, shared by the CLI and its tests."""
    p = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--content", type=Path, default=Path("content"),
                        help="content folder (default: content)")
    reports = argparse.ArgumentParser(add_help=False)
    reports.add_argument(
        "--format", choices=("text", "github"),
        default="github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text",
        help="github: also print errors and warnings as GitHub Actions annotations "
             "(default when GITHUB_ACTIONS=true)")
    check = sub.add_parser("check", parents=[common, reports],
                           help="validate content, write nothing")
    check.set_defaults(func=_check)
    build = sub.add_parser("build", parents=[common, reports], help="validate, then emit JSON")
    build.add_argument("--out", type=Path, default=Path("build/content"),
                       help="output folder (default: build/content)")
    build.add_argument("--watch", action="store_true", help="rebuild whenever content changes")
    build.set_defaults(func=_build)
    org = sub.add_parser("new-org", parents=[common], help="scaffold an organization file")
    org.add_argument("slug", help="URL name of the organization, e.g. keenstl")
    org.add_argument("--name", default=None, help="display name (default: the slug)")
    org.set_defaults(func=_new_org)
    event = sub.add_parser("new-event", parents=[common], help="scaffold an event file")
    event.add_argument("slug", help="URL name of the event, e.g. riverlink-homework-help")
    event.add_argument("--host", required=True,
                       help="file name of the organization that runs it, e.g. keenstl")
    event.add_argument("--title", default=None, help="the event's name (default: a placeholder)")
    event.set_defaults(func=_new_event)
    schemas = sub.add_parser("schemas", parents=[common],
                             help="write the content schemas editors' YAML files point at")
    schemas.set_defaults(func=_schemas)
    cms = sub.add_parser("cms-config", parents=[common],
                         help="write the web editor's config.yml (the build writes it too)")
    cms.add_argument("--out", type=Path, default=None, help="file to write (default: print it)")
    cms.add_argument("--local-port", type=int, default=None,
                     help="decap-server's port on localhost (default: $CMS_LOCAL_PORT or 8081)")
    cms.set_defaults(func=_cms_config)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the CLI and return its exit status."""
    args = parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
