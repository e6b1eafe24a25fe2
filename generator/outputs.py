"""Pydantic models of the JSON files the generator emits (the site's and the service's input)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from generator.models import (
    AccountNav,
    Card,
    Footer,
    ImpactNumber,
    Link,
    PageMeta,
    Section,
)


class Output(BaseModel):
    """Base for emitted JSON: closed objects so the TypeScript types are exact."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ImageOut(Output):
    """An image with its intrinsic size, so pages reserve space and never shift."""

    src: str
    alt: str
    width: int
    height: int


class SiteOut(Output):
    """site.json: site-wide settings, navigation and per-route metadata."""

    name: str
    tagline: str
    description: str
    url: str
    timezone: str
    nav: list[Link]
    account_nav: AccountNav
    footer: Footer
    guest_rsvp_event: str
    app_pages: dict[str, PageMeta]


class HomePageOut(Output):
    """pages/home.json."""

    title: str
    description: str
    hero: Section
    cards: list[Card]
    organizers: Section
    rsvp_button: Link


class HowItWorksOut(Output):
    """The About page's How it Works grid."""

    heading: str
    cards: list[Card]


class AboutPageOut(Output):
    """pages/about.json."""

    title: str
    description: str
    hero: Section
    why: Section
    how_it_works: HowItWorksOut


class ExternalLinkOut(Output):
    """A link to another site with a sentence about it."""

    label: str
    href: str
    text: str


class TornadoPageOut(Output):
    """pages/tornado.json."""

    title: str
    description: str
    hero: Section
    links: list[ExternalLinkOut]
    message: Section


class OrganizationIndexEntry(Output):
    """One card of the civic index."""

    id: str
    name: str
    link: str
    logo: ImageOut
    kind: str
    tagline: str


class OrganizationIndex(RootModel[list[OrganizationIndexEntry]]):
    """organizations.json: exactly one entry per organization, sorted by name."""


class SocialLinkOut(Output):
    """A social media link with its platform's display name."""

    platform: str
    label: str
    href: str


class EventRefOut(Output):
    """An event an organization hosts, as listed on its profile."""

    slug: str
    title: str
    date_text: str
    href: str


class OrganizationOut(Output):
    """organizations/<slug>.json: one profile page's content."""

    slug: str
    link: str
    name: str
    kind: str
    causes: list[str]
    logo: ImageOut
    tagline: str
    description: str
    future_goals: list[str]
    programs: list[str]
    photos: list[ImageOut]
    core_impact: list[Card]
    impact_numbers: list[ImpactNumber]
    social: list[SocialLinkOut]
    phone: str | None
    email: str | None
    website: str | None
    events: list[EventRefOut]
    events_card: list[Card]
    cta: Link | None


class HostOut(Output):
    """The organization hosting an event."""

    slug: str
    name: str
    link: str
    logo: ImageOut


class SlotOut(Output):
    """One RSVP-able time slot of an event."""

    id: str
    time: str
    start: str
    end: str
    capacity: int | None


class EventOut(Output):
    """One event of the feed, with its slots."""

    slug: str
    title: str
    description: str
    host: HostOut
    date: str
    date_text: str
    time_text: str
    location: str
    rsvp: Literal["account", "guest"]
    start: str
    end: str
    slots: list[SlotOut]
    thank_you: str | None
    gallery: list[ImageOut]


class SlotRecord(Output):
    """A flat record of one RSVP-able id, for the RSVP service."""

    event: str
    title: str
    time: str
    date: str
    date_text: str
    timezone: str
    start: str
    end: str
    capacity: int | None
    rsvp: Literal["account", "guest"]
    location: str
    host_name: str


class EventsOut(Output):
    """events.json: the event feed, and every RSVP-able id for the service."""

    timezone: str
    guest_rsvp_event: str
    events: list[EventOut]
    slots: dict[str, SlotRecord]


class RouteOut(Output):
    """One route of the site."""

    path: str
    kind: Literal["page", "profile"]
    slug: str | None = None


class RoutesOut(RootModel[list[RouteOut]]):
    """routes.json: every route the site prerenders."""


class RedirectOut(Output):
    """A permanent redirect from an old or misspelt URL to its canonical route."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    from_: str = Field(alias="from")
    to: str
    status: Literal[301]


class RedirectsOut(RootModel[list[RedirectOut]]):
    """redirects.json: every legacy path and where it now lives."""
