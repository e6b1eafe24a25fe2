"""Pydantic models of the content files editors write (one model per content type)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from generator.slots import parse_time_range

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]


def _fail(expected: str, found: str, hint: str) -> PydanticCustomError:
    return PydanticCustomError(
        "content", "expected {expected}, found {found}. {hint}",
        {"expected": expected, "found": found, "hint": hint},
    )


def _https(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme != "https" or not parts.netloc:
        raise _fail(
            "an https:// URL", repr(value),
            "Use the full address starting with https:// (copy it from the browser's address bar).",
        )
    return value


def _internal(value: str) -> str:
    if not value.startswith("/") or value.startswith("//"):
        raise _fail(
            "a site path starting with /", repr(value),
            "Write internal links as paths such as /features or /keenstl.",
        )
    return value


def _href(value: str) -> str:
    return _internal(value) if value.startswith("/") else _https(value)


def _image_src(value: str) -> str:
    if not value.startswith("/images/") or ".." in value:
        raise _fail(
            "a path under /images/ (for example /images/organizations/slug/photo-1.svg)",
            repr(value),
            "Put the image in content/images/ and write its path starting with /images/.",
        )
    return value


def _colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        raise _fail("a colour like #1f4e8c", repr(value), "Write # and six hex digits.")
    return value.lower()


def _timezone(value: str) -> str:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError):
        raise _fail(
            "an IANA time zone such as America/Chicago", repr(value), "Fix the time zone name."
        ) from None
    return value


def _time_range(value: str) -> str:
    parse_time_range(value)
    return value


def _phone(value: str) -> str:
    if not re.fullmatch(r"[0-9()+.\- ]{7,20}", value):
        raise _fail(
            "a phone number such as (314) 555-0100", repr(value),
            "Use digits, spaces, parentheses, dots or dashes only.",
        )
    return value


def _email(value: str) -> str:
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}", value):
        raise _fail("an email address such as info@example.org", repr(value), "Fix the address.")
    return value


HttpsUrl = Annotated[str, AfterValidator(_https)]
InternalPath = Annotated[str, AfterValidator(_internal)]
Href = Annotated[str, AfterValidator(_href)]
ImageSrc = Annotated[str, AfterValidator(_image_src)]
Colour = Annotated[str, AfterValidator(_colour)]
TimeZoneName = Annotated[str, AfterValidator(_timezone)]
TimeRange = Annotated[str, AfterValidator(_time_range)]
Phone = Annotated[str, AfterValidator(_phone)]
Email = Annotated[str, AfterValidator(_email)]
Slug = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$")]


class Content(BaseModel):
    """Base for every content model: unknown keys are errors, never silently dropped."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Link(Content):
    """A labelled link, internal (/path) or external (https://)."""

    label: Text
    href: Href


class Card(Content):
    """A titled card with a short paragraph."""

    title: Text
    text: Text


class Section(Content):
    """A heading with a paragraph."""

    heading: Text
    text: Text


class Image(Content):
    """An image under content/images/, with the alt text screen readers announce."""

    src: ImageSrc
    alt: Text


class PageMeta(Content):
    """The title and description that search engines and link previews show."""

    title: Text
    description: Text


class AccountNav(Content):
    """The navigation entry that depends on whether the visitor is signed in."""

    signed_in: Link
    signed_out: Link


class Footer(Content):
    """The footer's copyright line and tagline."""

    copyright: Text
    tagline: Text


class Site(Content):
    """content/site.yaml: product name, navigation, footer and site-wide settings."""

    name: Text
    tagline: Text
    description: Text
    url: HttpsUrl
    timezone: TimeZoneName
    nav: list[Link] = Field(min_length=1)
    account_nav: AccountNav
    footer: Footer
    guest_rsvp_event: Slug
    app_pages: dict[InternalPath, PageMeta]


class HomePage(PageMeta):
    """content/pages/home.yaml."""

    hero: Section
    cards: list[Card] = Field(min_length=3, max_length=3)
    organizers: Section
    rsvp_button: Link


class HowItWorks(Content):
    """The About page's grid of four cards."""

    heading: Text
    cards: list[Card] = Field(min_length=4, max_length=4)


class AboutPage(PageMeta):
    """content/pages/about.yaml."""

    hero: Section
    why: Section
    how_it_works: HowItWorks


class ExternalLink(Content):
    """A link to another site, with a sentence on what visitors find there."""

    label: Text
    href: HttpsUrl
    text: Text


class TornadoPage(PageMeta):
    """content/pages/tornado.yaml."""

    hero: Section
    links: list[ExternalLink] = Field(min_length=4, max_length=4)
    message: Section


class Colours(Content):
    """An organization's colours, used to draw its monogram logo."""

    primary: Colour
    accent: Colour


class ImpactNumber(Content):
    """One headline figure on a profile, such as 79 / acres of garden."""

    value: Text
    label: Text


SOCIAL_DOMAINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "instagram": ("Instagram", ("instagram.com",)),
    "facebook": ("Facebook", ("facebook.com",)),
    "x": ("X (Twitter)", ("x.com", "twitter.com")),
    "linkedin": ("LinkedIn", ("linkedin.com",)),
    "youtube": ("YouTube", ("youtube.com",)),
    "vimeo": ("Vimeo", ("vimeo.com",)),
    "flickr": ("Flickr", ("flickr.com",)),
}


class Social(Content):
    """Links to an organization's social media accounts; each must be on its platform."""

    instagram: HttpsUrl | None = None
    facebook: HttpsUrl | None = None
    x: HttpsUrl | None = None
    linkedin: HttpsUrl | None = None
    youtube: HttpsUrl | None = None
    vimeo: HttpsUrl | None = None
    flickr: HttpsUrl | None = None

    @field_validator("*")
    @classmethod
    def _on_platform(cls, value: str | None, info: ValidationInfo) -> str | None:
        label, domains = SOCIAL_DOMAINS[str(info.field_name)]
        host = (urlsplit(value).hostname or "") if value else ""
        if value and not any(host == d or host.endswith("." + d) for d in domains):
            raise _fail(
                f"{'an' if label[0] in 'AEIOU' else 'a'} {label} link on {' or '.join(domains)}",
                repr(value),
                f"Paste the address of the organization's {label} page, or remove the line.",
            )
        return value


OrganizationKind = Literal["university", "community_college", "nonprofit", "foundation"]


class Organization(Content):
    """content/organizations/<slug>.yaml: one partner organization's profile."""

    name: Text
    kind: OrganizationKind
    causes: list[Text] = Field(min_length=1, max_length=8)
    colors: Colours
    initials: Annotated[str, StringConstraints(min_length=1, max_length=4)] | None = None
    logo: Image | None = None
    tagline: Text
    description: Text
    future_goals: list[Text] = Field(min_length=1)
    programs: list[Text] = Field(min_length=1)
    photos: list[Image] = Field(min_length=2, max_length=2)
    core_impact: list[Card] = Field(min_length=4, max_length=4)
    impact_numbers: list[ImpactNumber] = Field(min_length=1)
    social: Social = Social()
    website: HttpsUrl | None = None
    email: Email | None = None
    phone: Phone | None = None
    events: list[Slug] = []
    events_card: list[Card] = []
    cta: Link | None = None
    legacy_paths: list[InternalPath] = []


class Slot(Content):
    """One RSVP time slot, such as 1:00-1:50 PM, with an optional capacity."""

    time: TimeRange
    capacity: Annotated[int, Field(gt=0)] | None = None


class Event(Content):
    """content/events/<slug>.yaml: one event with its RSVP time slots."""

    title: Text
    host: Slug
    date: dt.date
    location: Text
    description: Text
    rsvp: Literal["account", "guest"]
    slots: list[Slot] = Field(min_length=1)
    thank_you: Text | None = None
    gallery: list[Image] = []
