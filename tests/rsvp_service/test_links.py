"""Links: one base (SITE_URL without its trailing slash), one quoting rule, and every link the
service mails or redirects to, as it was before links were built in one place."""

from __future__ import annotations

import pytest

from rsvp_service import links
from rsvp_service.accounts.reset import reset_link
from rsvp_service.accounts.verification import verification_link
from rsvp_service.impact.records import record_url
from rsvp_service.mail import follow_tokens as follows
from rsvp_service.mail.consent_tokens import consent_link
from rsvp_service.mail.rsvp_notices import cancel_url
from rsvp_service.settings import Settings

TOKEN = "Ab3_-x9"  # the alphabet of opaque tokens and signed ids: nothing of it is quoted


def _settings(site_url: str) -> Settings:
    return Settings(_env_file=None, environment="development", secret_key="k" * 40,  # type: ignore[call-arg]
                    site_url=site_url)


@pytest.mark.parametrize("site_url", ["https://civicstl.org", "https://civicstl.org/",
                                      "https://civicstl.org//"])
def test_the_base_loses_its_trailing_slashes_and_a_link_joins_a_fixed_path(site_url: str) -> None:
    settings = _settings(site_url)
    assert links.site(settings) == "https://civicstl.org"
    assert links.link(settings, "/events") == "https://civicstl.org/events"


def test_values_are_quoted_so_none_adds_a_segment_a_parameter_or_a_fragment() -> None:
    settings = _settings("https://civicstl.org/base/")
    hostile = "a/b?c=d&e#f g+"
    assert links.link(settings, "/verify-hours", hostile) == (
        "https://civicstl.org/base/verify-hours/a%2Fb%3Fc%3Dd%26e%23f%20g%2B")
    assert links.link(settings, "/cancel", query={"token": hostile, "x": "1"}) == (
        "https://civicstl.org/base/cancel?token=a%2Fb%3Fc%3Dd%26e%23f%20g%2B&x=1")
    assert links.link(settings, "/cancel", fragment={"token": hostile}) == (
        "https://civicstl.org/base/cancel#token=a%2Fb%3Fc%3Dd%26e%23f%20g%2B")


def test_every_mailed_link_keeps_its_place_for_the_token() -> None:
    settings = _settings("https://civicstl.org/")
    site = "https://civicstl.org"
    assert cancel_url(settings, TOKEN) == f"{site}/cancel?token={TOKEN}"
    assert cancel_url(settings, None) is None
    assert consent_link(settings, TOKEN) == f"{site}/consent?token={TOKEN}"
    assert reset_link(settings, TOKEN) == f"{site}/reset-password#token={TOKEN}"
    assert follows.confirm_link(settings, TOKEN) == f"{site}/follows?confirm={TOKEN}"
    assert follows.preferences_link(settings, TOKEN) == f"{site}/follows#token={TOKEN}"
    assert follows.unsubscribe_page(settings, TOKEN) == f"{site}/follows?unsubscribe={TOKEN}"
    # Where a server must read the token from the URL itself: the query.
    assert verification_link(settings, TOKEN) == f"{site}/verify?token={TOKEN}"
    assert follows.unsubscribe_url(settings, TOKEN) == (
        f"{site}/api/follows/unsubscribe?token={TOKEN}")
    # A public code, meant to be printed and shared: the path.
    assert record_url(settings, "42-abc") == f"{site}/verify-hours/42-abc"
