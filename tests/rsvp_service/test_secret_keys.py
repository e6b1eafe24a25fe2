"""SECRET_KEY outside development: a key anyone could guess (the repository's examples, a
placeholder, a repeated pattern, too few random characters) stops the service before it starts,
and `python -m rsvp_service secret` prints one that is accepted.

From the attacker's side: the example key is public, and a JWT signed with it was accepted by
/api/admin/organizers in production. The service must not run with it, so the attacker gains
nothing from reading the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pydantic import ValidationError
from service_testkit import ROOT, TEST_SECRET_KEY, run_command

from rsvp_service.secret_keys import weakness
from rsvp_service.settings import Settings

SITE = "https://civicstl.example.org"
# Where the project shows a SECRET_KEY value for people to copy.
EXAMPLE_FILES = ("deploy/civicstl.env.example", "README.md", "deploy/README.md")
# The value deploy/civicstl.env.example held when issue 35 found production starting with it.
ISSUE_35_EXAMPLE = "change-me-run-python3--c-import-secrets-print-secrets-token_urlsafe-48"
SENTENCE = re.compile(r"SECRET_KEY is not safe to sign tokens with: .+\. Generate one with "
                      r"`python -m rsvp_service secret`, put it in SECRET_KEY and start again\.")


def published_keys() -> list[str]:
    """Every literal SECRET_KEY=value in the files people copy settings from."""
    found = []
    for name in EXAMPLE_FILES:
        text = (ROOT / name).read_text(encoding="utf-8")
        found += [v for v in re.findall(r"SECRET_KEY=([^\s|\"'`]+)", text) if "$" not in v]
    return found


def production(key: str, tmp_path: Path) -> Settings:
    """Settings as production reads them, with this SECRET_KEY."""
    return Settings(_env_file=None, environment="production", site_url=SITE,  # type: ignore[call-arg]
                    var_dir=tmp_path, secret_key=key)


def test_the_repository_shows_its_example_key_where_operators_copy_it() -> None:
    # The test below is only as good as this list: the env example must still hold a value.
    assert len(published_keys()) >= 1


@pytest.mark.parametrize("key", [ISSUE_35_EXAMPLE, *published_keys()])
@pytest.mark.parametrize("environment", ["production", "test"])
def test_every_published_example_key_is_refused_outside_development(
    key: str, environment: str, tmp_path: Path
) -> None:
    with pytest.raises(ValidationError) as refused:
        Settings(_env_file=None, environment=environment, site_url=SITE,  # type: ignore[call-arg]
                 var_dir=tmp_path, secret_key=key)

    assert SENTENCE.search(str(refused.value))


@pytest.mark.parametrize(("key", "reason"), [
    ("change-me-" + "Q7f2kP9xW3mZ8bT1vR6nY4" * 2, 'placeholder (it contains "change-me")'),
    ("CHANGEME" + "Q7f2kP9xW3mZ8bT1vR6nY4c5" * 2, 'placeholder (it contains "changeme")'),
    ("my-secret-" + "Q7f2kP9xW3mZ8bT1vR6nY4" * 2, 'placeholder (it contains "secret")'),
    ("your-signing-key-goes-here-please-1234567890", 'placeholder (it contains "your-")'),
    ("an-example-key-of-the-right-length-1234567890", 'placeholder (it contains "example")'),
    ("xxxxxxxx" + "Q7f2kP9xW3mZ8bT1vR6nY4c5", 'placeholder (it contains "xxx")'),
    ("k" * 64, 'repeats "k"'),
    ("abc123" * 10, 'repeats "abc123"'),
    ("0123456789abcdef" * 4, 'repeats "0123456789abcdef"'),
    ("aaaabbbbccccdddd" * 3 + "abcd", "not random enough"),
    ("ab" * 20 + "ba" * 20, "not random enough"),
    ("0123456789abcdef0123456789abcdee", "not random enough"),  # 32 hex digits, 16 distinct
    ("short-but-random-Q7f2kP9", "it is 24 characters long, and it needs at least 32"),
])
def test_a_guessable_key_is_refused_in_production_with_the_reason(
    key: str, reason: str, tmp_path: Path
) -> None:
    with pytest.raises(ValidationError) as refused:
        production(key, tmp_path)

    assert SENTENCE.search(str(refused.value))
    assert reason in str(refused.value)


def test_development_keeps_a_weak_key_of_its_own() -> None:
    # A developer's machine signs nothing that matters; only the length is asked there.
    settings = Settings(_env_file=None, environment="development", secret_key="k" * 40)  # type: ignore[call-arg]
    assert settings.secret_key == "k" * 40


def _production_env(key: str, tmp_path: Path) -> dict[str, str]:
    return {"APP_ENV": "production", "ENVIRONMENT": "production", "SITE_URL": SITE,
            "SECRET_KEY": key, "VAR_DIR": str(tmp_path / "var"),
            "DATABASE_URL": f"sqlite://{tmp_path / 'civicstl.sqlite3'}"}


# Every command that reads the settings: each stops with the sentence, none with a traceback.
@pytest.mark.parametrize("command", [
    ("serve",), ("worker",), ("outbox", "pending"), ("roles", "list"), ("backup", "copy"),
])
def test_a_command_in_production_with_the_example_key_exits_with_the_sentence(
    tmp_path: Path, command: tuple[str, ...],
) -> None:
    example = published_keys()[0]  # the line deploy/civicstl.env.example gives

    refused = run_command(_production_env(example, tmp_path), *command)
    # The same start with a generated key gets past the settings (migrate stops there).
    accepted = run_command(_production_env(TEST_SECRET_KEY, tmp_path), "migrate")

    assert refused.returncode != 0
    assert refused.stdout == ""
    [line] = refused.stderr.splitlines()  # one sentence, no traceback
    assert SENTENCE.fullmatch(line.removeprefix("rsvp_service: "))
    assert accepted.returncode == 0, accepted.stderr


def test_secret_prints_a_new_key_each_run_that_production_accepts(tmp_path: Path) -> None:
    runs = [run_command({}, "secret") for _ in range(3)]

    keys = [run.stdout.strip() for run in runs]
    assert [run.returncode for run in runs] == [0, 0, 0]
    assert [run.stdout.count("\n") for run in runs] == [1, 1, 1]  # the key alone
    assert len(set(keys)) == 3
    for key in keys:
        assert re.fullmatch(r"[A-Za-z0-9_-]{64}", key)  # 48 random bytes, URL-safe
        assert weakness(key) is None
        assert production(key, tmp_path).secret_key == key


def test_the_test_key_passes_the_production_rules() -> None:
    # Every service process the tests start uses it, some of them in production.
    assert weakness(TEST_SECRET_KEY) is None
