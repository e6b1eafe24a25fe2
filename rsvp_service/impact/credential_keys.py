"""The Ed25519 keys that sign hours credentials (VC-JWT): kept, rotated, published as a JWKS.

Each key is a PEM file `VAR_DIR/credential-keys/key-NNNNNN.pem` (0600, folder 0700), made once;
the highest number is the current key and every older one stays published, so credentials
issued before a rotation keep verifying. A key's id (`kid`) is its RFC 7638 thumbprint.

Generated and kept, not derived from SECRET_KEY: a credential must verify for years, after
SECRET_KEY is rotated (a leak, a new host), and a leaked SECRET_KEY must not also let anyone
sign credentials in our name. Back this folder up with the database: losing it only stops new
signatures with the lost key, but its public half is what old credentials verify against.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from rsvp_service.settings import Settings

FOLDER = "credential-keys"
ALGORITHM = "EdDSA"
_NAME = re.compile(r"key-(\d{6})\.pem")


def b64url(data: bytes) -> str:
    """Base64url without padding, as JOSE writes it."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


@dataclass(frozen=True)
class CredentialKey:
    """One signing key: its number (order of rotation), its id and its private half."""

    number: int
    private: Ed25519PrivateKey

    @property
    def x(self) -> str:
        """The public key, base64url (the JWK's `x`)."""
        raw = self.private.public_key().public_bytes(serialization.Encoding.Raw,
                                                     serialization.PublicFormat.Raw)
        return b64url(raw)

    @property
    def kid(self) -> str:
        """The RFC 7638 thumbprint of the public JWK: stable, and names nothing else."""
        members = json.dumps({"crv": "Ed25519", "kty": "OKP", "x": self.x},
                             separators=(",", ":"), sort_keys=True)
        return b64url(hashlib.sha256(members.encode()).digest())

    def sign(self, message: bytes) -> bytes:
        """The Ed25519 signature of a message."""
        return self.private.sign(message)


def folder(settings: Settings) -> Path:
    """Where the keys are kept."""
    return settings.var_dir / FOLDER


def _stored(settings: Settings) -> list[tuple[int, Path]]:
    """The key files, by number (oldest first)."""
    place = folder(settings)
    if not place.is_dir():
        return []
    found = [(int(match.group(1)), path) for path in place.iterdir()
             if (match := _NAME.fullmatch(path.name))]
    return sorted(found)


def _create(settings: Settings, number: int) -> bool:
    """Write key number `number`; False when another process wrote that number first."""
    place = folder(settings)
    place.mkdir(mode=0o700, parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption())
    draft = place / f".draft-{secrets.token_hex(8)}"
    descriptor = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(pem)
            file.flush()
            os.fsync(file.fileno())
        # A link appears whole or not at all, and fails when the name is taken: two workers
        # making the first key at once end with one key, never a half-written file.
        os.link(draft, place / f"key-{number:06d}.pem")
    except FileExistsError:
        return False
    finally:
        draft.unlink(missing_ok=True)
    return True


# A key file never changes once linked into place: each is parsed once per process.
@functools.lru_cache(maxsize=64)
def _load(number: int, path: Path) -> CredentialKey:
    private = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(private, Ed25519PrivateKey):
        raise ValueError(f"{path} does not hold an Ed25519 private key; move it out of "
                         f"{path.parent} and run `python -m rsvp_service credentials rotate-key`.")
    return CredentialKey(number, private)


def all_keys(settings: Settings) -> list[CredentialKey]:
    """Every key, current first (the first is made on first use)."""
    stored = _stored(settings)
    if not stored:
        _create(settings, 1)
        stored = _stored(settings)
    return [_load(number, path) for number, path in reversed(stored)]


def current(settings: Settings) -> CredentialKey:
    """The key new credentials are signed with."""
    return all_keys(settings)[0]


def rotate(settings: Settings) -> CredentialKey:
    """Make a new current key; the older ones stay published."""
    while True:
        stored = _stored(settings)
        if _create(settings, (stored[-1][0] if stored else 0) + 1):
            return current(settings)
