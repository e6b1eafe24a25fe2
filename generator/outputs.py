"""Pydantic models of the JSON files the generator emits (the site's and the service's input)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, RootModel

from generator.models import (
    AccountNav,
    Card,
    Footer,
    HomeCard,
    ImpactNumber,
    Link,
    PageMeta,
    Section,
    ServiceType,
)


def in_english_field() -> Any:
    """The field of every record with prose (site, page, profile, event, series)."""
    return Field(
        default=[],
        description="In build/content/<lang>/: the prose fields of this record that have no "
        "translation yet and hold English, as paths of its content file (tagline, "
        "core_impact[2].title); output fields made from one (description_html) share its "
        "path. Empty in English.",
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
    srcset: str | None = Field(
        default=None,
        description="For photos: WebP variants as `path widthw, ...`; `src` is a JPEG fallback.",
    )


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
    languages: dict[str, str] = Field(
        default={}, description="The translations' language codes, each with its own name.")
    app_pages: dict[str, PageMeta]
    in_english: list[str] = in_english_field()


class HomePageOut(Output):
    """pages/home.json."""

    title: str
    description: str
    hero: Section
    cards: list[HomeCard]
    organizers: Section
    rsvp_button: Link
    featured: str | None = Field(
        default=None, description="The featured event's or series' slug, as home.yaml names it.")
    in_english: list[str] = in_english_field()


class HowItWorksOut(Output):
    """The About page's How it Works grid."""

    heading: str
    cards: list[Card]


class PrivacyOut(Output):
    """The About page's privacy section."""

    heading: str
    points: list[str]


class AboutPageOut(Output):
    """pages/about.json."""

    title: str
    description: str
    hero: Section
    why: Section
    how_it_works: HowItWorksOut
    privacy: PrivacyOut
    in_english: list[str] = in_english_field()


class ExternalLinkOut(Output):
    """A link to another site with a sentence about it."""

    label: str
    href: str
    text: str


class TornadoPageOut(Output):
    """pages/tornado.json."""

    title: str
    description: str
    date: dt.date
    date_text: str = Field(description="`date` as the site shows it: May 16, 2025.")
    review_by: dt.date
    hero: Section
    links: list[ExternalLinkOut]
    message: Section
    in_english: list[str] = in_english_field()


class SocialLinkOut(Output):
    """A social media link with its platform's display name."""

    platform: str
    label: str
    href: str


class EventRefOut(Output):
    """An event an organization hosts, as listed on its profile (soonest first)."""

    slug: str
    title: str
    date_text: str
    time_text: str
    href: str
    start: str
    end: str


class PanelOut(Output):
    """A photo's place without a photo: large type on one of the organization's colours."""

    shows: Literal["name", "tagline"] = Field(description="Which text the panel shows.")
    background: str = Field(description="A #rrggbb colour: the organization's, or the brand's.")
    color: str = Field(description="The text's #rrggbb colour, at least 4.5:1 on the background.")


class OrganizationOut(Output):
    """One profile page's content (an entry of an organizations/profiles-<n>.json file)."""

    slug: str
    link: str
    name: str
    kind: str
    causes: list[str]
    logo: ImageOut
    tagline: str
    description: str
    description_html: str = Field(
        description="The description's Markdown as sanitized HTML (raw HTML disabled): the only "
        "HTML the site inserts as is."
    )
    description_text: str = Field(
        description="The description as plain text (RichText.text): links as their text, no "
        "Markdown marks. For places that take no HTML: meta tags, JSON-LD, calendars."
    )
    future_goals: list[str]
    programs: list[str]
    photos: list[ImageOut]
    panels: list[PanelOut] = Field(
        description="What fills the places of the two photos the partner has not given."
    )
    core_impact: list[Card]
    impact_numbers: list[ImpactNumber]
    social: list[SocialLinkOut]
    phone: str | None
    email: str | None
    website: str | None
    events: list[EventRefOut]
    events_card: list[Card]
    cta: Link | None
    calendar: str | None
    feed: str = Field(description="The Atom feed of the organization's upcoming events.")
    in_english: list[str] = in_english_field()


class OrganizationProfilesOut(RootModel[dict[str, OrganizationOut]]):
    """organizations/profiles-<n>.json: up to PROFILES_PER_FILE profiles, by slug.

    Profiles are grouped rather than written one file each: creating a file costs more than
    writing its 4 KB (0.3-0.5 ms on an ext4 virtual disk, 4,000 files = 1.6-2.2 s of the
    generator's 4.0-4.6 s at 4,000 organizations), and a profile's route names its file.
    """


class VolunteerContactOut(Output):
    """The organization's volunteer contact (its YAML's `volunteer_contact`)."""

    name: str
    role: str
    email: str


class HostOut(Output):
    """The organization hosting an event."""

    slug: str
    name: str
    link: str
    logo: ImageOut
    email: str | None = Field(
        default=None,
        description="The organization's public contact email (its YAML's `email`): where "
        "replies to an organizer's message may go.",
    )
    # Defaults, so an events.json written before issue 40 still loads.
    volunteer_contact: VolunteerContactOut | None = Field(
        default=None, description="Who answers for volunteers' hours: the address hours "
        "records give when the organizer who checked a volunteer in has none at the organization.")
    pvsa_certifying: bool = Field(
        default=False, description="Whether it certifies the President's Volunteer Service Award.")


class SlotOut(Output):
    """One RSVP-able time slot of an event."""

    id: str
    time: str
    start: str
    end: str
    capacity: int | None
    max_guests_per_rsvp: int = Field(
        default=0, ge=0, description="How many guests one RSVP may bring (0: none)."
    )


class WheelchairOut(Output):
    """Whether a wheelchair user can take part, as the event's YAML says."""

    access: Literal["yes", "no", "partly"]
    note: str | None


class BeforeYouGoOut(Output):
    """What to know before signing up; null fields are ones the event does not say."""

    wheelchair: WheelchairOut | None
    minimum_age: int | None = Field(description="0: every age is welcome; null: not said.")
    guardian_consent: bool = Field(
        description="Whether volunteers under 18 need a parent's or guardian's consent.")
    bring: list[str]
    parking: str | None
    transit: str | None
    setting: Literal["indoor", "outdoor", "both"] | None


class AddressOut(Output):
    """The parts of a postal address a location text gives (generator.places); null: not given."""

    street_address: str | None
    locality: str | None
    region: str | None = Field(description="A US state's two-letter code.")
    postal_code: str | None
    country: str | None = Field(description="An ISO 3166-1 alpha-2 code.")


class PlaceOut(Output):
    """Where an event is: the place's name and its address, read from the location text."""

    name: str
    address: AddressOut


class EventOut(Output):
    """One event of the feed (a single event or one occurrence of a series), with its slots."""

    slug: str
    series: str | None
    path: str
    calendar: str
    title: str
    description: str
    description_html: str = Field(
        description="The description's Markdown as sanitized HTML (raw HTML disabled): the only "
        "HTML the site inserts as is."
    )
    description_text: str = Field(
        description="The description as plain text (RichText.text): links as their text, no "
        "Markdown marks. For places that take no HTML: meta tags, JSON-LD, calendars."
    )
    host: HostOut
    service_type: ServiceType = Field(default="other", description="The event's kind of service.")
    date: str
    date_text: str
    time_text: str
    location: str
    place: PlaceOut
    map_url: str
    rsvp: Literal["account", "guest"]
    start: str
    end: str
    slots: list[SlotOut]
    thank_you: str | None
    gallery: list[ImageOut]
    before_you_go: BeforeYouGoOut | None = Field(
        description="Know-before-you-go details; null when the event's YAML gives none.")
    in_english: list[str] = in_english_field()


class SlotRecord(Output):
    """A flat record of one RSVP-able id, for the RSVP service."""

    event: str
    series: str | None
    path: str
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
    # A default, so an events.json written before guests existed still loads.
    max_guests_per_rsvp: int = Field(
        default=0, ge=0, description="How many guests one RSVP may bring (0: none)."
    )
    guardian_consent: bool = Field(
        default=False, description="Whether volunteers under 18 need a guardian's consent "
        "(the event's `before_you_go.guardian_consent`).")
    service_type: ServiceType = Field(
        default="other", description="The event's kind of service (its YAML's `service_type`), "
        "which the hours it credits carry.")


class SeriesDateOut(Output):
    """One date of a series: a link to its page, or a cancelled (excepted) date."""

    slug: str
    path: str
    date: str
    date_text: str
    start: str
    end: str
    cancelled: bool


class SeriesOut(Output):
    """A series of events, for its overview page at /events/<slug> (every date, in order)."""

    slug: str
    path: str
    title: str
    description: str
    description_html: str = Field(
        description="The description's Markdown as sanitized HTML (raw HTML disabled): the only "
        "HTML the site inserts as is."
    )
    description_text: str = Field(
        description="The description as plain text (RichText.text): links as their text, no "
        "Markdown marks. For places that take no HTML: meta tags, JSON-LD, calendars."
    )
    host: HostOut
    location: str
    place: PlaceOut
    time_text: str
    rule_text: str | None = Field(
        default=None,
        description="The repeat rule in words (\"Every second Saturday of the month\"); null when "
        "it cannot be said simply, and the dates alone say it (generator/rule_words.py).",
    )
    before_you_go: BeforeYouGoOut | None = Field(
        default=None, description="The series' know-before-you-go details, the same on every date.")
    dates: list[SeriesDateOut]
    in_english: list[str] = in_english_field()


class EventsOut(Output):
    """events.json: the event feed (soonest first), and every RSVP-able id for the service."""

    timezone: str
    site_url: str = Field(
        description="The site's address (site.yaml's url): calendar UIDs and links name it, so "
        "the service's emailed invitations are the feeds' events."
    )
    guest_rsvp_event: str
    events: list[EventOut]
    series: list[SeriesOut]
    slots: dict[str, SlotRecord]


class RouteOut(Output):
    """One route of the site."""

    path: str
    kind: Literal["page", "profile", "event", "series"]
    slug: str | None = None
    data: str | None = Field(
        default=None,
        description="Profiles: the output file that holds the page's content "
        "(organizations/profiles-<n>.json, keyed by slug).",
    )


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


class ShareImageOut(Output):
    """The picture a page shows where its link is shared (og:image, twitter:image)."""

    src: str = Field(description="A photo's JPEG rendition, or the page's share card (PNG).")
    alt: str
    width: int
    height: int
    type: Literal["image/jpeg", "image/png"]


class ShareImagesOut(RootModel[dict[str, ShareImageOut]]):
    """share.json: each event, series and profile page's preview picture, by the page's path."""
