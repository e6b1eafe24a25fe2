"""SECRET_KEY: which values are too weak to sign tokens with, and `secret`, which prints one
that is not.

Anyone who can guess the key can sign an access token for any account, so outside development
the service refuses a key that was published (the repository's examples), that reads like a
placeholder, or that is too regular to be random.
"""

from __future__ import annotations

import argparse
import math
import secrets
import sys
from collections import Counter

MIN_LENGTH = 32
# Bits estimated from the key's own characters; a key of 32 random hex digits has 128.
MIN_BITS = 128.0
GENERATE = "python -m rsvp_service secret"
# Every value this repository has ever shown as an example of SECRET_KEY: they are public.
PUBLISHED = frozenset({
    "change-me-run-python3--c-import-secrets-print-secrets-token_urlsafe-48",
    "change-me-run-python-m-rsvp_service-secret",
})
PLACEHOLDER_WORDS = ("change-me", "change_me", "changeme", "secret", "example", "your-",
                     "your_", "placeholder", "replace-me", "password")
# "xxx" counts only in one case: a random key holds it either way about once in 2,000.
PLACEHOLDER_RUNS = ("xxx", "XXX")


def weakness(key: str) -> str | None:
    """Why `key` is unsafe as a production SECRET_KEY, in a clause, or None if it is not."""
    if len(key) < MIN_LENGTH:
        return f"it is {len(key)} characters long, and it needs at least {MIN_LENGTH}"
    if key in PUBLISHED:
        return "it is the example value published in this project's repository"
    lowered = key.lower()
    word = next((w for w in PLACEHOLDER_WORDS if w in lowered), None)
    word = word or next((run for run in PLACEHOLDER_RUNS if run in key), None)
    if word is not None:
        return f'it looks like a placeholder (it contains "{word}")'
    period = _period(key)
    if period is not None:
        return f'it repeats "{key[:period]}" over and over'
    bits = _estimated_bits(key)
    if bits < MIN_BITS:
        return (f"it is not random enough (about {bits:.0f} bits from {len(set(key))} "
                f"different characters, and it needs {MIN_BITS:.0f})")
    return None


def refusal(key: str) -> str | None:
    """The full sentence refusing `key` as SECRET_KEY, or None if it is safe."""
    reason = weakness(key)
    if reason is None:
        return None
    return (f"SECRET_KEY is not safe to sign tokens with: {reason}. Generate one with "
            f"`{GENERATE}`, put it in SECRET_KEY and start again.")


def generate() -> str:
    """A fresh random key (64 URL-safe characters, 384 bits) that `weakness` accepts."""
    while True:
        key = secrets.token_urlsafe(48)
        if weakness(key) is None:  # one in a few thousand holds a placeholder's letters
            return key


def _period(key: str) -> int | None:
    """The length of the unit `key` repeats, when it is a unit repeated at least twice."""
    for size in range(1, len(key) // 2 + 1):
        if key == (key[:size] * (len(key) // size + 1))[:len(key)]:
            return size
    return None


def _estimated_bits(key: str) -> float:
    """The key's Shannon entropy per character, from its own letter counts, times its length."""
    counts = Counter(key)
    per_character = -sum(n / len(key) * math.log2(n / len(key)) for n in counts.values())
    return per_character * len(key)


def main(argv: list[str]) -> int:
    """`secret`: print a new SECRET_KEY."""
    argparse.ArgumentParser(
        prog=GENERATE, description="Print a new random SECRET_KEY for the service's environment.",
    ).parse_args(argv)
    print(generate())
    return 0


if __name__ == "__main__":  # standard library only: it runs before the release's venv exists
    sys.exit(main(sys.argv[1:]))
