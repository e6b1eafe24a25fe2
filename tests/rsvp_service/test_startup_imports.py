"""Starting the service loads only what every request may need: the PDF library waits for the
first hours-record PDF, the calendar library for the first .ics, and Google's OpenID client for a
configured Google sign-in. A backup or restore loads neither the web app nor the ORM."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from service_testkit import service_env

# Import the service, build its app, and its Google client as the app's start-up does.
PROBE = ("import sys, rsvp_service.app.serve_cli; from rsvp_service.app.app import create_app; "
         "from rsvp_service.accounts.google import build_google_client; "
         "from rsvp_service.settings import Settings; create_app(Settings()); "
         "build_google_client(Settings()); "
         "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} "
         "& {'fpdf', 'authlib', 'icalendar'})))")


def _loaded(events_file: Path, var_dir: Path, **env: str) -> str:
    """The heavy libraries a fresh interpreter holds once it has built the service's app."""
    environment = {**os.environ, **service_env(
        port=8000, database_url=f"sqlite://{var_dir}/db.sqlite3", events_file=events_file,
        var_dir=var_dir, smtp_port=2525), "GOOGLE_CLIENT_ID": "", "GOOGLE_CLIENT_SECRET": "", **env}
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                          env=environment, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_service_starts_without_the_pdf_and_calendar_libraries_or_an_unused_google_client(
    events_file: Path, tmp_path: Path,
) -> None:
    assert _loaded(events_file, tmp_path) == ""
    assert _loaded(events_file, tmp_path, GOOGLE_CLIENT_ID="id.apps.googleusercontent.com",
                   GOOGLE_CLIENT_SECRET="secret") == "authlib"


def test_backup_and_restore_start_without_the_web_app_or_the_orm() -> None:
    probe = ("import sys, rsvp_service.__main__, rsvp_service.ops.backups; "
             "print(' '.join(sorted({m.split('.')[0] for m in sys.modules} "
             "& {'uvicorn', 'starlette', 'tortoise'})))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
