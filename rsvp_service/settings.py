"""Every setting the RSVP service reads, in one pydantic-settings object."""

from __future__ import annotations

import sys
from datetime import datetime
from ipaddress import ip_address
from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import AliasChoices, Field, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from rsvp_service.secret_keys import GENERATE, MIN_LENGTH, generate, refusal

GOOGLE_METADATA_URL = "https://accounts.google.com/.well-known/openid-configuration"
# The development server answers on either name of this machine as one site.
LOOPBACK_NAMES = ("127.0.0.1", "localhost")


class Settings(BaseSettings):
    """Configuration of the RSVP service, read from the environment (and a `.env` file)."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", frozen=False)

    environment: Literal["development", "test", "production"] = Field(
        default="development",
        validation_alias=AliasChoices("ENVIRONMENT", "APP_ENV"),
        description="development generates and keeps a SECRET_KEY in VAR_DIR; others require one.",
    )
    host: str = Field(default="127.0.0.1", description="Address uvicorn binds to.")
    port: int = Field(default=8000, description="Port uvicorn binds to.")
    forwarded_allow_ips: str | None = Field(
        default=None,
        description="Comma-separated proxy addresses (or *) whose X-Forwarded-For is trusted.",
    )
    body_timeout: float = Field(
        default=10.0, gt=0,
        description="Seconds a request body has to arrive in full; slower ones get 408 and close.",
    )
    var_dir: Path = Field(default=Path("var"), description="Folder for the database, keys, mail.")
    database_url: str = Field(
        default="",
        description="sqlite://PATH or postgres://user:pass@host:port/db (asyncpg); "
        "sqlite://VAR_DIR/civicstl.sqlite3 when unset.",
    )
    database_lock_timeout_seconds: float = Field(
        default=5.0,
        gt=0,
        description="How long a write waits for a lock another process holds on the database "
        "(SQLite busy_timeout, PostgreSQL lock_timeout) before it answers 503.",
    )
    site_url: str = Field(
        default="",
        description="Public URL of the site, used in email links; required in production, "
        "else http://HOST:PORT.",
    )
    cors_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Comma-separated origins allowed to call the API with credentials.",
    )
    secret_key: str = Field(default="", description="Signs tokens and sessions; 32+ characters.")
    mail_backend: Literal["file", "smtp", "console"] = Field(
        default="file", description="file writes .eml under VAR_DIR/outbox; smtp; console prints."
    )
    mail_from: str = Field(default="CivicSTL <no-reply@civicstl.org>", description="From header.")
    smtp_host: str = Field(default="127.0.0.1", description="SMTP server host.")
    smtp_port: int = Field(default=25, description="SMTP server port.")
    smtp_username: str | None = Field(default=None, description="SMTP login, if any.")
    smtp_password: str | None = Field(default=None, description="SMTP password, if any.")
    smtp_starttls: bool = Field(default=False, description="Upgrade the SMTP link with STARTTLS.")
    smtp_timeout: float = Field(
        default=60.0, gt=0,
        description="How long to wait for each SMTP answer, the end of DATA included (RFC 5321 "
        "allows 10 minutes); keep OUTBOX_LEASE_SECONDS at least twice as long.",
    )
    mail_senders: int = Field(
        default=4, ge=1, le=64,
        description="Messages a sender process delivers at once, each over an SMTP connection "
        "it keeps open between messages.",
    )
    dkim_key_file: Path | None = Field(
        default=None,
        description="A PEM RSA private key: the service then signs its mail with DKIM (for "
        "relays that do not sign); needs DKIM_SELECTOR.",
    )
    dkim_selector: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$",
        description="The DKIM selector: the public key is published at "
        "SELECTOR._domainkey.DKIM_DOMAIN.",
    )
    dkim_domain: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$",
        description="The domain DKIM signatures name (d=); MAIL_FROM's domain when unset "
        "(DMARC needs the two to align).",
    )
    google_client_id: str | None = Field(default=None, description="Google OAuth client id.")
    google_client_secret: str | None = Field(default=None, description="Google OAuth secret.")
    google_metadata_url: str = Field(
        default=GOOGLE_METADATA_URL, description="OpenID Connect discovery document URL."
    )
    redis_url: str | None = Field(
        default=None, description="Rate-limit storage; in memory when unset."
    )
    rate_limit_scale: float = Field(
        default=1.0, gt=0, description="Multiplies every rate limit (benchmarks raise it)."
    )
    pdf_workers: int = Field(
        default=1, ge=1, le=8,
        description="Processes that make hours-record PDFs (each PDF is made once, then kept).",
    )
    civic_now: datetime | None = Field(
        default=None, description="Pins the service clock (ISO 8601 with offset) for demos/tests."
    )
    events_file: Path = Field(
        default=Path("build/content/events.json"), description="The generator's events.json."
    )
    static_dir: Path = Field(
        default=Path("build/site"), description="Built site served at / when it exists."
    )
    guest_data_days: int = Field(
        default=90, ge=1,
        description="Days after a slot ends when guests' names and phone numbers are erased.",
    )
    reminder_hours: float = Field(
        default=24.0, gt=0, description="How long before a slot starts its reminder email goes."
    )
    reminder_poll_seconds: float = Field(
        default=60.0, gt=0, description="How often the service looks for reminders that are due."
    )
    consent_hold_hours: float = Field(
        default=48.0, gt=0,
        description="How long a minor's seat is held for their guardian's consent before it is "
        "released to the waitlist.",
    )
    digest_day: Literal["monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                        "sunday"] = Field(
        default="thursday", description="The weekday the weekly digest of follows goes out.")
    digest_hour: int = Field(
        default=16, ge=0, le=23,
        description="The hour (0-23, the site's time zone) of DIGEST_DAY from which it goes out.")
    background_tasks: Literal["in-process", "separate"] = Field(
        default="in-process",
        description="Where mail, reminders and guest-data erasure run: in the web process, or "
        "in `python -m rsvp_service worker` (which `serve` then starts beside the web workers).",
    )
    outbox_poll_seconds: float = Field(
        default=1.0, gt=0, description="How often the mail sender looks for due messages."
    )
    outbox_retry_base_seconds: float = Field(
        default=2.0, gt=0, description="First retry delay of a failed email; doubles each time."
    )
    outbox_retry_max_seconds: float = Field(
        default=900.0, gt=0, description="Longest delay between two delivery attempts."
    )
    outbox_lease_seconds: float = Field(
        default=120.0, gt=0, description="How long a sender holds a message; a send gets half."
    )
    outbox_max_attempts: int = Field(
        default=100, ge=1, description="Attempts before an email is a dead letter (about a day)."
    )
    outbox_stall_seconds: float = Field(
        default=600.0, gt=0,
        description="/api/health fails when an email has waited longer than this to be sent.",
    )
    metrics_allow_ips: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["127.0.0.1", "::1"],
        description="Comma-separated client addresses that may read GET /metrics.",
    )
    backup_keep: int = Field(
        default=7, ge=1, description="Dated copies `backup FOLDER` keeps there (older ones go)."
    )

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return [origin.strip().rstrip("/") for origin in value.split(",") if origin.strip()]
        return value

    @field_validator("metrics_allow_ips", mode="before")
    @classmethod
    def _split_addresses(cls, value: object) -> object:
        if isinstance(value, str):
            return [address.strip() for address in value.split(",") if address.strip()]
        return value

    @field_validator("database_url")
    @classmethod
    def _normalise_database_url(cls, value: str) -> str:
        # Tortoise knows "postgres://" (asyncpg) but people also write "postgresql://".
        if value.startswith("postgresql://"):
            return "postgres://" + value.removeprefix("postgresql://")
        return value

    @model_validator(mode="after")
    def _default_database_url(self) -> Settings:
        if not self.database_url:
            self.database_url = f"sqlite://{self.var_dir / 'civicstl.sqlite3'}"
        return self

    @model_validator(mode="after")
    def _require_secret_key(self) -> Settings:
        if self.secret_key:
            # Development keeps any key (a local run signs nothing that matters); elsewhere a
            # guessable key lets anyone sign a token for any account.
            if self.environment != "development":
                problem = refusal(self.secret_key)
            elif len(self.secret_key) < MIN_LENGTH:
                problem = f"SECRET_KEY must be at least {MIN_LENGTH} characters long."
            else:
                problem = None
            if problem:
                raise ValueError(problem)
            return self
        if self.environment != "development":
            raise ValueError(
                "SECRET_KEY must be set when ENVIRONMENT is not development; "
                f"generate one with `{GENERATE}` and put it in SECRET_KEY."
            )
        self.secret_key = _development_secret_key(self.var_dir)
        return self

    @model_validator(mode="after")
    def _require_dkim_selector(self) -> Settings:
        if self.dkim_key_file is not None and not self.dkim_selector:
            raise ValueError(
                "DKIM_SELECTOR must be set when DKIM_KEY_FILE is: the name under which the "
                "public key is published (SELECTOR._domainkey.DOMAIN), such as civicstl1.")
        return self

    @model_validator(mode="after")
    def _default_site_url(self) -> Settings:
        if self.site_url:
            return self
        if self.environment == "production":
            raise ValueError(
                "SITE_URL must be set when APP_ENV is production: the public address of the "
                "site, such as https://civicstl.org, which email links and the Origin check use."
            )
        self.site_url = f"http://{_url_host(self.host)}:{self.port}"
        return self

    @property
    def is_sqlite(self) -> bool:
        """Whether the database is SQLite (single writer) rather than PostgreSQL."""
        return self.database_url.startswith("sqlite://")

    @property
    def site_origins(self) -> set[str]:
        """The site's own origins: SITE_URL's, and in development its other loopback name."""
        own = origin_of(self.site_url)
        parts = urlsplit(own)
        if self.environment != "development" or parts.hostname not in LOOPBACK_NAMES:
            return {own}
        port = f":{parts.port}" if parts.port else ""
        return {f"{parts.scheme}://{name}{port}" for name in LOOPBACK_NAMES}

    @property
    def is_https(self) -> bool:
        """Whether the public site runs under https (Secure cookies, HSTS)."""
        return self.site_url.startswith("https://")

    @property
    def google_sign_in(self) -> bool:
        """Whether Google sign-in is configured (both GOOGLE_CLIENT_ID and the secret set)."""
        return bool(self.google_client_id and self.google_client_secret)

    @property
    def redirects_file(self) -> Path:
        """The generator's redirects.json, which sits next to EVENTS_FILE."""
        return self.events_file.parent / "redirects.json"

    @property
    def outbox_dir(self) -> Path:
        """Where the file mail backend writes .eml files."""
        return self.var_dir / "outbox"


class SettingsError(Exception):
    """Settings the service cannot start with; the message is one sentence per problem."""


def read_settings() -> Settings:
    """Read the settings from the environment, raising SettingsError with their sentences."""
    try:
        return Settings()
    except ValidationError as exc:
        # A validator's own sentence, not pydantic's "Value error, ..." around it.
        raise SettingsError(" ".join(
            str(error["ctx"]["error"]) if "error" in error.get("ctx", {})
            else f"{'.'.join(map(str, error['loc'])).upper()}: {error['msg']}."
            for error in exc.errors()
        )) from None


def settings_or_exit() -> Settings:
    """Read the settings, or stop the command with their sentences (exit status 1)."""
    try:
        return read_settings()
    except SettingsError as exc:
        sys.exit(f"rsvp_service: {exc}")


def origin_of(url: str) -> str:
    """A URL's origin (scheme://host:port), lower-cased as browsers send it."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _url_host(host: str) -> str:
    """HOST as a URL names it: a wildcard bind is reached on 127.0.0.1, IPv6 in brackets."""
    try:
        address = ip_address(host)
    except ValueError:
        return host or "127.0.0.1"
    if address.is_unspecified:
        return "127.0.0.1"
    return f"[{host}]" if address.version == 6 else host


def _development_secret_key(var_dir: Path) -> str:
    """Read the development key from VAR_DIR/secret_key, creating it on first use."""
    path = var_dir / "secret_key"
    if path.exists():
        return path.read_text(encoding="utf-8").strip()
    var_dir.mkdir(parents=True, exist_ok=True)
    key = generate()
    path.touch(mode=0o600)
    path.write_text(key, encoding="utf-8")
    return key
