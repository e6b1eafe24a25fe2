"""Settings: the secret key rule, list parsing and URL normalisation; the console transport."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from email.message import EmailMessage
from pathlib import Path

import pytest
from mail_testkit import always_wanted
from pydantic import ValidationError
from service_testkit import TEST_SECRET_KEY, run_command

from rsvp_service.mail.transports import ConsoleTransport, make_transport
from rsvp_service.settings import Settings


def test_secret_key_is_required_outside_development(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="SECRET_KEY must be set"):
        Settings(_env_file=None, environment="production", var_dir=tmp_path)  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="it needs at least 32"):
        Settings(_env_file=None, environment="production", secret_key="short")  # type: ignore[call-arg]


def test_development_generates_and_keeps_a_secret_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.setenv("APP_ENV", "development")
    first = Settings(_env_file=None, var_dir=tmp_path)  # type: ignore[call-arg]
    second = Settings(_env_file=None, var_dir=tmp_path)  # type: ignore[call-arg]

    assert len(first.secret_key) >= 32
    assert first.secret_key == second.secret_key
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_site_url_defaults_to_host_and_port_outside_production() -> None:
    development = Settings(_env_file=None, port=18100, secret_key="k" * 40)  # type: ignore[call-arg]
    everywhere = Settings(  # type: ignore[call-arg]
        _env_file=None, host="0.0.0.0", port=18100, secret_key="k" * 40
    )
    named = Settings(  # type: ignore[call-arg]
        _env_file=None, environment="production", secret_key=TEST_SECRET_KEY,
        site_url="https://civicstl.org",
    )

    assert development.site_url == everywhere.site_url == "http://127.0.0.1:18100"
    assert development.site_origins == {"http://127.0.0.1:18100", "http://localhost:18100"}
    assert named.site_origins == {"https://civicstl.org"}
    with pytest.raises(ValidationError, match="SITE_URL must be set when APP_ENV is production"):
        Settings(_env_file=None, environment="production", secret_key=TEST_SECRET_KEY)  # type: ignore[call-arg]


def test_environment_values_are_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORS_ORIGINS", "https://a.example, https://b.example/")
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@h:5432/db")
    monkeypatch.setenv("CIVIC_NOW", "2025-04-01T12:00:00-05:00")
    monkeypatch.setenv("MAIL_BACKEND", "console")
    settings = Settings(_env_file=None, secret_key="k" * 40)  # type: ignore[call-arg]

    assert settings.cors_origins == ["https://a.example", "https://b.example"]
    assert settings.database_url == "postgres://u@h:5432/db"
    assert settings.civic_now is not None and settings.civic_now.utcoffset() is not None
    assert isinstance(make_transport(settings), ConsoleTransport)
    assert settings.redirects_file == Path("build/content/redirects.json")


async def test_console_transport_prints_the_message(capsys: pytest.CaptureFixture[str]) -> None:
    message = EmailMessage()
    message["Subject"] = "hi"
    message.set_content("body")
    await ConsoleTransport().send(3, message, sender="a@b.org", recipient="c@d.org",
                                  still_wanted=always_wanted)

    printed = capsys.readouterr().out
    assert "mail #3 to c@d.org" in printed
    assert "Subject: hi" in printed


def test_the_sqlite_database_lives_in_var_dir_unless_database_url_names_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    moved = Settings(_env_file=None, var_dir=tmp_path / "data", secret_key="k" * 40)  # type: ignore[call-arg]
    default = Settings(_env_file=None, secret_key="k" * 40)  # type: ignore[call-arg]
    named = Settings(  # type: ignore[call-arg]
        _env_file=None, var_dir=tmp_path, secret_key="k" * 40,
        database_url="postgresql://u@h:5432/db")

    assert moved.database_url == f"sqlite://{tmp_path}/data/civicstl.sqlite3"
    assert default.database_url == "sqlite://var/civicstl.sqlite3"
    assert named.database_url == "postgres://u@h:5432/db"


def test_migrate_creates_the_database_in_var_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DATABASE_URL", raising=False)
    var_dir = tmp_path / "data"

    done = run_command({"VAR_DIR": str(var_dir), "APP_ENV": "development"}, "migrate")

    assert done.returncode == 0, done.stderr
    with closing(sqlite3.connect(var_dir / "civicstl.sqlite3")) as db:
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert {"mail_outbox", "users"} <= tables
