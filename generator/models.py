"""Pydantic models of the content files editors write (one model per content type)."""

from __future__ import annotations

import datetime as dt
import difflib
import importlib.resources
import re
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit
from zoneinfo import available_timezones

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from generator.placeholders import MARKER
from generator.series import check_rule
from generator.slots import parse_time_range

# Text must hold something besides spaces (the pattern says so to editors' schema checkers too).
Text = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1),
    Field(json_schema_extra={"pattern": r"\S"}),
]
# Text in the small Markdown subset of generator/rich_text.py; the schema says so with the standard
# contentMediaType, which the web editor reads to offer its rich-text field.
RichText = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1),
    Field(json_schema_extra={"pattern": r"\S", "contentMediaType": "text/markdown"}),
]



class Translatable:
    """The marker of prose written for readers: a translation file may give it in its language.

    generator/translations.py derives each model's translation model from where it is found.
    """

    def __repr__(self) -> str:
        return "TRANSLATABLE"


TRANSLATABLE = Translatable()
# Text and rich text that translations may replace; names, addresses, links and the like stay Text.
Prose = Annotated[Text, TRANSLATABLE]
RichProse = Annotated[RichText, TRANSLATABLE]


def _fail(expected: str, found: str, hint: str) -> PydanticCustomError:
    return PydanticCustomError(
        "content", "expected {expected}, found {found}. {hint}",
        {"expected": expected, "found": found, "hint": hint},
    )


def _https(value: str) -> str:
    parts = urlsplit(value)
    if not value.startswith("https://") or not parts.netloc:
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


# The picture formats the build publishes: photos are re-encoded, SVGs checked for scripts.
IMAGE_EXTENSIONS = ("jpg", "jpeg", "png", "webp", "svg")


def _image_src(value: str) -> str:
    if not value.startswith("/images/") or ".." in value:
        raise _fail(
            "a path under /images/ (for example /images/organizations/slug/photo-1.jpg)",
            repr(value),
            "Put the image in content/images/ and write its path starting with /images/.",
        )
    if value.rsplit(".", 1)[-1].lower() not in IMAGE_EXTENSIONS:
        raise _fail(
            "a JPEG, PNG, WebP or SVG file (.jpg, .jpeg, .png, .webp or .svg)", repr(value),
            "Export the picture as JPEG, PNG or WebP (or use an SVG) and write its file name "
            "with that extension.",
        )
    return value


def _cause(value: str) -> str:
    # A scaffold's placeholder is the placeholder check's to report, with its own message.
    if not re.fullmatch(CAUSE_PATTERN, value) and not value.startswith(MARKER + " "):
        lower = " ".join(value.lower().split())
        hint = (f"Write it in lower case: {lower}." if re.fullmatch(CAUSE_PATTERN, lower) else
                "Use lowercase letters and digits, words separated by a space or a dash, such "
                "as civic engagement.")
        raise _fail("a cause in lowercase words, such as youth or civic engagement",
                    repr(value), hint)
    return value


def _initials(value: str) -> str:
    if not re.fullmatch(INITIALS_PATTERN, value):
        raise _fail("1 to 4 letters, such as KSL", repr(value),
                    "Write only letters (A-Z), no digits, spaces or signs, or remove the line to "
                    "use the first letters of the name.")
    return value


def _colour(value: str) -> str:
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", value):
        example = f"#{value}" if re.fullmatch(r"[0-9a-fA-F]{6}", value) else "#1f4e8c"
        raise _fail(
            "a colour like #1f4e8c", repr(value),
            f'Write # and six hex digits, in double quotes (without them YAML reads # as the '
            f'start of a comment): "{example}".',
        )
    return value.lower()


def _zones() -> tuple[str, ...]:
    """The IANA time zone names, from the tzdata package zoneinfo falls back on (the same list
    wherever the schemas are written), else from the system's database."""
    try:
        listed = importlib.resources.files("tzdata").joinpath("zones").read_text(encoding="utf-8")
        return tuple(sorted(listed.split()))
    except (ModuleNotFoundError, FileNotFoundError):
        return tuple(sorted(available_timezones() - {"localtime", "posixrules"}))


TIMEZONES = _zones()
_TIMEZONE_SET = frozenset(TIMEZONES)


def _timezone(value: str) -> str:
    if value not in _TIMEZONE_SET:
        close = [z for z in TIMEZONES if z.lower() == value.lower()] or \
            difflib.get_close_matches(value, TIMEZONES, n=1)
        raise _fail(
            "an IANA time zone such as America/Chicago", repr(value),
            (f"Did you mean {close[0]}? " if close else "")
            + "Write the zone's name exactly as the IANA list has it (Region/City).",
        )
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
    # Replies to organizers' messages may go to it, and a Reply-To reaches every mail server
    # only with ASCII before the @ (an international domain is encoded, so it may stay).
    if not re.fullmatch(EMAIL_PATTERN, value):
        raise _fail("an address without accented or non-Latin letters before the @", repr(value),
                    "Write the part before the @ in plain letters, digits and . _ + -, or use "
                    "another of the organization's addresses.")
    return value


# Patterns the JSON Schemas carry so editors' squiggles agree with the check; the validators above
# keep the error messages (a pattern alone would only say "does not match").
HTTPS_PATTERN = r"^https://[^/?#\s]+"
INTERNAL_PATTERN = r"^/(?!/)"
IMAGE_PATTERN = (
    r"^/images/(?!.*\.\.).+\.([Jj][Pp][Ee]?[Gg]|[Pp][Nn][Gg]|[Ww][Ee][Bb][Pp]|[Ss][Vv][Gg])$"
)
CAUSE_PATTERN = r"^[a-z0-9]+([ -][a-z0-9]+)*$"
INITIALS_PATTERN = r"^[A-Za-z]{1,4}$"
COLOUR_PATTERN = r"^#[0-9a-fA-F]{6}$"
TIME_RANGE_PATTERN = (
    r"^\s*(1[0-2]|0?[1-9])(:[0-5][0-9])?\s*([AaPp][Mm])?(\s*[A-Za-z]{3,5})?\s*-\s*"
    r"(1[0-2]|0?[1-9])(:[0-5][0-9])?\s*[AaPp][Mm](\s*[A-Za-z]{3,5})?\s*$"
)
PHONE_PATTERN = r"^[0-9()+.\- ]{7,20}$"
EMAIL_PATTERN = r"^[\x21-\x3f\x41-\x7e]+@[^@\s]+\.[A-Za-z]{2,}$"


def _pattern(pattern: str) -> Any:
    return Field(json_schema_extra={"pattern": pattern})


HttpsUrl = Annotated[str, AfterValidator(_https), _pattern(HTTPS_PATTERN)]
InternalPath = Annotated[str, AfterValidator(_internal), _pattern(INTERNAL_PATTERN)]
Href = Annotated[str, AfterValidator(_href), _pattern(f"{INTERNAL_PATTERN}|{HTTPS_PATTERN}")]
ImageSrc = Annotated[str, AfterValidator(_image_src), _pattern(IMAGE_PATTERN)]
Colour = Annotated[str, AfterValidator(_colour), _pattern(COLOUR_PATTERN)]
TimeZoneName = Annotated[str, AfterValidator(_timezone),
                         Field(json_schema_extra={"enum": list(TIMEZONES)})]
Cause = Annotated[str, StringConstraints(strip_whitespace=True), AfterValidator(_cause),
                  _pattern(CAUSE_PATTERN)]
Initials = Annotated[str, StringConstraints(strip_whitespace=True), AfterValidator(_initials),
                     _pattern(INITIALS_PATTERN)]
TimeRange = Annotated[str, AfterValidator(_time_range), _pattern(TIME_RANGE_PATTERN)]
Phone = Annotated[str, AfterValidator(_phone), _pattern(PHONE_PATTERN)]
Email = Annotated[str, AfterValidator(_email), _pattern(EMAIL_PATTERN)]
Slug = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9-]*$")]
# An ISO 639-1 code such as es; a translation's folder has its name (organizations/es/).
LANGUAGE_FOLDER = re.compile(r"[a-z]{2}")
LanguageCode = Annotated[str, StringConstraints(pattern=rf"^{LANGUAGE_FOLDER.pattern}$")]


class Content(BaseModel):
    """Base for every content model: unknown keys are errors, never silently dropped."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Link(Content):
    """A labelled link, internal (/path) or external (https://)."""

    label: Prose = Field(description="The words on the link or button.",
                        examples=["See upcoming events"])
    href: Href = Field(
        title="Link to",
        description="Where it leads: a page of this site as a path (/features, /keenstl) or "
        "another site's full https:// address.",
        examples=["/features", "https://www.keenstl.org"],
    )


class Card(Content):
    """A titled card with a short paragraph."""

    title: Prose = Field(description="The card's heading, a few words.",
                        examples=["Inclusive recreation"])
    text: Prose = Field(description="One or two sentences under the heading.",
                       examples=["Weekly sports sessions matched to each athlete."])


class Section(Content):
    """A heading with a paragraph."""

    heading: Prose = Field(description="The section's heading.", examples=["Why CivicSTL"])
    text: Prose = Field(description="The paragraph under the heading.",
                       examples=["St. Louis has hundreds of nonprofits that need volunteers."])


class Image(Content):
    """An image under content/images/, with the alt text screen readers announce."""

    src: ImageSrc = Field(
        title="Picture",
        description="The picture's path: the file under content/images/, written from /images/; "
        "a JPEG (.jpg), PNG, WebP or SVG.",
        examples=["/images/organizations/keenstl/photo-1.jpg"],
    )
    alt: Prose = Field(
        title="Alt text",
        description="What the picture shows, in a sentence, for people who cannot see it.",
        examples=["A coach and an athlete on a basketball court"],
    )


class HomeCard(Card):
    """A card under the home page's hero, leading to the page it speaks of."""

    href: Href = Field(
        title="Link to",
        description="The page the card leads to: a path of this site (/features) or a full "
        "https:// address.",
        examples=["/features"],
    )


class PageMeta(Content):
    """The title and description that search engines and link previews show."""

    title: Prose = Field(description="The page title shown in the browser tab and search results.",
                        examples=["About | CivicSTL"])
    description: Prose = Field(
        description="One sentence search engines and link previews show under the title.",
        examples=["How CivicSTL connects St. Louis volunteers with local nonprofits."],
    )


class AccountNav(Content):
    """The navigation entry that depends on whether the visitor is signed in."""

    signed_in: Link = Field(description="The link shown to a signed-in visitor.",
                            examples=[{"label": "Dashboard", "href": "/dashboard"}])
    signed_out: Link = Field(description="The link shown to a visitor who is not signed in.",
                             examples=[{"label": "Sign in", "href": "/login"}])


class Footer(Content):
    """The footer's copyright line and tagline."""

    copyright: Prose = Field(
        description="The copyright line; {year} in it becomes the year the site was built.",
        examples=["© {year} CivicSTL"])
    tagline: Prose = Field(description="A short line beside the copyright.",
                          examples=["Made in St. Louis."])


class Site(Content):
    """content/site.yaml: product name, navigation, footer and site-wide settings."""

    name: Text = Field(description="The product's name, in the header and page titles.",
                       examples=["CivicSTL"])
    tagline: Prose = Field(description="A short line describing the site.",
                          examples=["Show up for St. Louis."])
    description: Prose = Field(description="The sentence search engines show for the site.",
                              examples=["Find and RSVP to volunteer events in St. Louis."])
    url: HttpsUrl = Field(description="The site's public address, with https://.",
                          examples=["https://civicstl.org"])
    timezone: TimeZoneName = Field(
        description="The IANA time zone every event date and time is in, such as "
        "America/Chicago.",
        examples=["America/Chicago"],
    )
    nav: list[Link] = Field(min_length=1, description="The header's navigation links, in order.",
                            examples=[[{"label": "Events", "href": "/features"}]])
    account_nav: AccountNav = Field(
        description="The navigation entry that changes when a visitor signs in.",
        examples=[{"signed_in": {"label": "Dashboard", "href": "/dashboard"},
                   "signed_out": {"label": "Sign in", "href": "/login"}}],
    )
    footer: Footer = Field(description="The footer's lines.",
                           examples=[{"copyright": "© {year} CivicSTL", "tagline": "Made in STL."}])
    guest_rsvp_event: Slug = Field(
        description="The event the Event Feed's guest RSVP form is for: the file name of a "
        "`rsvp: guest` event with one slot, not a series.",
        examples=["forest-park-cleanup"],
    )
    security_contact: Email | None = Field(
        default=None,
        description="Optional: the address to report a security problem to, published in "
        "/.well-known/security.txt. Without it, the site publishes no security.txt.",
        examples=["security@civicstl.org"],
    )
    languages: dict[LanguageCode, Text] = Field(
        default={},
        description="Optional: the languages the site is translated into besides English, by "
        "code, each with its own name for the language menu, e.g. `{es: Español}`. A "
        "translation is a file beside its English one, named <name>.<code>.yaml, holding only "
        "the prose it translates.",
        examples=[{"es": "Español", "bs": "Bosanski"}],
    )
    app_pages: dict[InternalPath, PageMeta] = Field(
        description="Title and description of each page that is not built from a content file, "
        "by path.",
        examples=[{"/features": {"title": "Event Feed | CivicSTL",
                                 "description": "Upcoming volunteer events."}}],
    )


class HomePage(PageMeta):
    """content/pages/home.yaml."""

    hero: Section = Field(description="The big heading and paragraph at the top of the page.",
                          examples=[{"heading": "Show up for St. Louis", "text": "Find events."}])
    cards: list[HomeCard] = Field(
        min_length=3, max_length=3,
        description="Exactly three cards under the hero, each a link (`title`, `text`, `href`).",
        examples=[[{"title": "Find", "text": "Browse events.", "href": "/features"}] * 3])
    organizers: Section = Field(description="The section addressed to organizations.",
                                examples=[{"heading": "For organizers", "text": "Post events."}])
    rsvp_button: Link = Field(
        description="The main button when no event is upcoming, usually to the Event Feed.",
        examples=[{"label": "See upcoming events", "href": "/features"}])
    featured: Slug | None = Field(
        default=None, title="Featured event",
        description="Optional: the event or series the main button prefers to the soonest "
        "upcoming one when its next date is at most two weeks later: its file name in "
        "content/events/, without .yaml. Once it has ended, the button names the soonest event.",
        examples=["st-patrick-lunch-service"])


class HowItWorks(Content):
    """The About page's grid of four cards."""

    heading: Prose = Field(description="The heading above the cards.", examples=["How it works"])
    cards: list[Card] = Field(min_length=4, max_length=4, description="Exactly four cards.",
                              examples=[[{"title": "Browse", "text": "Find an event."}] * 4])


class Privacy(Content):
    """The About page's privacy section: a heading and points true to what the service does."""

    heading: Prose = Field(description="The heading of the privacy section.",
                          examples=["Your privacy"])
    points: list[Prose] = Field(min_length=1, description="One sentence per point, as a list.",
                               examples=[["We keep only what an event needs."]])


class AboutPage(PageMeta):
    """content/pages/about.yaml."""

    hero: Section = Field(description="The heading and paragraph at the top of the page.",
                          examples=[{"heading": "About CivicSTL", "text": "Who we are."}])
    why: Section = Field(description="Why CivicSTL exists.",
                         examples=[{"heading": "Why", "text": "Volunteers need one place."}])
    how_it_works: HowItWorks = Field(
        description="The grid of four cards explaining how the site works.",
        examples=[{"heading": "How it works",
                   "cards": [{"title": "Browse", "text": "Find an event."}] * 4}],
    )
    privacy: Privacy = Field(
        description="What we keep about people and for how long; keep it true to the service.",
        examples=[{"heading": "Your privacy", "points": ["We keep only what an event needs."]}],
    )


class ExternalLink(Content):
    """A link to another site, with a sentence on what visitors find there."""

    label: Prose = Field(description="The link's words.", examples=["Red Cross of Missouri"])
    href: HttpsUrl = Field(description="The other site's full https:// address.",
                           examples=["https://www.redcross.org"])
    text: Prose = Field(description="A sentence on what visitors find there.",
                       examples=["Shelter and emergency help."])


class DatedPage(PageMeta):
    """A page whose news ages: dated, and in the navigation until its review (see dated.py)."""

    date: dt.date = Field(
        description="The day the page's news happened or was written (year-month-day); the page "
        "shows it, so visitors know how old the news is.",
        examples=["2025-05-16"],
    )
    review_by: dt.date = Field(
        title="Review by",
        description="The day (year-month-day) after which the page leaves the header's "
        "navigation, still reachable at its address with its date shown. Move it later to keep "
        "the page in the navigation.",
        examples=["2025-11-16"],
    )


class TornadoPage(DatedPage):
    """content/pages/tornado.yaml: the Tornado Relief page."""

    hero: Section = Field(description="The heading and paragraph at the top of the page.",
                          examples=[{"heading": "Tornado relief", "text": "How to help."}])
    links: list[ExternalLink] = Field(
        min_length=4, max_length=4, description="Exactly four links to relief organizations.",
        examples=[[{"label": "Red Cross", "href": "https://www.redcross.org",
                    "text": "Shelter."}] * 4],
    )
    message: Section = Field(description="The closing message.",
                             examples=[{"heading": "Thank you", "text": "St. Louis helps."}])


class Colours(Content):
    """An organization's colours, used to draw its monogram logo."""

    primary: Colour = Field(
        description='The monogram\'s main colour, in double quotes ("#1f4e8c"). White text sits '
        "on it, so pick a dark one.",
        examples=["#1f4e8c"],
    )
    accent: Colour = Field(description='The monogram\'s ring colour, in double quotes.',
                           examples=["#f2b705"])


class ImpactNumber(Content):
    """One headline figure on a profile, such as 79 / acres of garden."""

    value: Text = Field(description='The figure, in quotes (e.g. "79"). Only figures you can '
                        "source.", examples=["79", "1,200+"])
    label: Prose = Field(description="What the figure counts.", examples=["acres of garden"])


SOCIAL_DOMAINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "instagram": ("Instagram", ("instagram.com",)),
    "facebook": ("Facebook", ("facebook.com",)),
    "x": ("X (Twitter)", ("x.com", "twitter.com")),
    "linkedin": ("LinkedIn", ("linkedin.com",)),
    "youtube": ("YouTube", ("youtube.com",)),
    "vimeo": ("Vimeo", ("vimeo.com",)),
    "flickr": ("Flickr", ("flickr.com",)),
}


def _social(field: str) -> Any:
    label, domains = SOCIAL_DOMAINS[field]
    hosts = "|".join(re.escape(d) for d in domains)
    return Field(
        default=None,
        description=f"The organization's {label} page: an https:// address on "
        f"{' or '.join(domains)}.",
        examples=[f"https://www.{domains[0]}/example"],
        json_schema_extra={"pattern": rf"^https://([A-Za-z0-9-]+\.)*({hosts})(:[0-9]+)?([/?#]|$)"},
    )


class Social(Content):
    """Links to an organization's social media accounts; each must be on its platform."""

    instagram: HttpsUrl | None = _social("instagram")
    facebook: HttpsUrl | None = _social("facebook")
    x: HttpsUrl | None = _social("x")
    linkedin: HttpsUrl | None = _social("linkedin")
    youtube: HttpsUrl | None = _social("youtube")
    vimeo: HttpsUrl | None = _social("vimeo")
    flickr: HttpsUrl | None = _social("flickr")

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


class VolunteerContact(Content):
    """The person at an organization who answers for its volunteers' hours."""

    name: Text = Field(description="Their full name, as a school would address them.",
                       examples=["Dana Whitfield"])
    role: Text = Field(description="Their role at the organization.",
                       examples=["Volunteer coordinator"])
    email: Email = Field(
        description="An address at the organization (not a personal one): service-hours "
        "records name it when the organizer who checked a volunteer in used another address.",
        examples=["volunteers@example.org"],
    )


class Organization(Content):
    """content/organizations/<slug>.yaml: one partner organization's profile."""

    name: Text = Field(description="The organization's name as it should appear.",
                       examples=["KEEN St. Louis"])
    kind: OrganizationKind = Field(
        description="`university`, `community_college`, `nonprofit` or `foundation`.",
        examples=["nonprofit"],
    )
    causes: list[Cause] = Field(min_length=1, max_length=8,
                                description="A few causes in lowercase words, e.g. "
                                "`[youth, sports, civic engagement]`.",
                               examples=[["youth", "sports"]])
    colors: Colours = Field(
        description='Colours (`"#1f4e8c"`) for the round monogram logo: `primary` (white text '
        "sits on it, so pick a dark one) and `accent`.",
        examples=[{"primary": "#1f4e8c", "accent": "#f2b705"}],
    )
    initials: Initials | None = Field(
        default=None,
        description="Optional: 1-4 letters for the monogram (default: from the name).",
        examples=["KSL"],
    )
    logo: Image | None = Field(
        default=None,
        description="Optional: `src` and `alt` of a real logo (JPEG, PNG, WebP or SVG); without "
        "it the monogram is used.",
        examples=[{"src": "/images/organizations/keenstl/logo.svg", "alt": "KEEN St. Louis"}],
    )
    tagline: Prose = Field(description="One short sentence under the name.",
                          examples=["Sports and fitness for young athletes with disabilities."])
    description: RichProse = Field(
        description="Two to four sentences about the organization. May use **bold**, *italic*, "
        "[links](/features) and lists (see Formatting text).",
        examples=["KEEN St. Louis offers **free**, one-to-one sports."],
    )
    future_goals: list[Prose] = Field(min_length=1,
                                     description="A list of goals (the Future Goals card).",
                                     examples=[["Open a second program site"]])
    programs: list[Prose] = Field(min_length=1, description="A list of programs.",
                                 examples=[["Sports clinics", "Swim sessions"]])
    photos: list[Image] = Field(
        default=[], max_length=2,
        description="Optional: up to two photos, each with `src` (`/images/...`) and `alt` (what "
        "it shows). A place without a photo shows the name or tagline in large letters on the "
        "`colors` instead.",
        examples=[[{"src": "/images/organizations/keenstl/photo-1.jpg", "alt": "A coach"},
                   {"src": "/images/organizations/keenstl/photo-2.png", "alt": "A pool"}]],
    )
    core_impact: list[Card] = Field(
        min_length=4, max_length=4,
        description="Exactly four cards, each with `title` and `text`.",
        examples=[[{"title": "Inclusion", "text": "Every athlete plays."}] * 4],
    )
    impact_numbers: list[ImpactNumber] = Field(
        min_length=1,
        description='Headline figures: `value` (in quotes, e.g. `"79"`) and `label`. Only '
        "figures you can source.",
        examples=[[{"value": "79", "label": "acres of garden"}]],
    )
    social: Social = Field(
        default=Social(),
        description="Optional links: `instagram`, `facebook`, `x`, `linkedin`, `youtube`, "
        "`vimeo`, `flickr`. Each must be an `https://` address on that platform's own site.",
        examples=[{"instagram": "https://www.instagram.com/example"}],
    )
    website: HttpsUrl | None = Field(default=None,
                                     description="Optional: the website, with `https://`.",
                                     examples=["https://www.keenstl.org"])
    email: Email | None = Field(
        default=None,
        description="Optional: the organization's public contact email. The profile shows it, "
        "and organizers may send their messages to volunteers with replies going to it.",
        examples=["info@example.org"],
    )
    phone: Phone | None = Field(default=None, description="Optional: a contact phone number.",
                                examples=["(314) 555-0100"])
    volunteer_contact: VolunteerContact | None = Field(
        default=None,
        description="Optional: `name`, `role` and `email` of the person who answers for "
        "volunteers' hours. Service-hours records give this address when the organizer who "
        "checked a volunteer in has none at the organization.",
        examples=[{"name": "Dana Whitfield", "role": "Volunteer coordinator",
                   "email": "volunteers@example.org"}],
    )
    pvsa_certifying: bool = Field(
        default=False, title="PVSA certifying organization",
        description="Optional: `true` when the organization is a certifying organization of the "
        "President's Volunteer Service Award.",
        examples=[True],
    )
    events_card: list[Card] = Field(
        default=[],
        description="Optional: cards (`title`, `text`) shown in an Events card. The profile "
        "lists the organization's upcoming events by itself: every event whose `host` is this "
        "organization.",
        examples=[[{"title": "Annual gala", "text": "Every spring."}]],
    )
    cta: Link | None = Field(
        default=None, title="Button",
        description="Optional button: `label` and `href` (a page of this site, e.g. "
        "`/features`).",
        examples=[{"label": "Volunteer with us", "href": "/features"}],
    )
    legacy_paths: list[InternalPath] = Field(
        default=[], title="Old addresses",
        description="Optional: old addresses that should redirect here, e.g. `[/keen]`.",
        examples=[["/keen"]],
    )


def _capacity(value: int) -> int:
    if value < 1:
        raise _fail(
            "a capacity of 1 or more volunteers", repr(value),
            "Write how many volunteers the slot can take, or remove `capacity:` for no limit.",
        )
    return value


def _rule(value: str) -> str:
    check_rule(value)
    return value


# The shape of a rule the check accepts: FREQ somewhere, NAME=value parts, no UNTIL/COUNT/DTSTART.
RULE_PATTERN = (
    r"^(RRULE:)?(?!.*(UNTIL|COUNT|DTSTART)=)([A-Z]+=[^;=]+;)*"
    r"FREQ=(YEARLY|MONTHLY|WEEKLY|DAILY)(;[A-Z]+=[^;=]+)*$"
)
# The most guests one RSVP may bring (the YAML's `max_guests_per_rsvp`).
MAX_GUESTS = 20


def _guests(value: int) -> int:
    if not 0 <= value <= MAX_GUESTS:
        raise _fail(
            f"a number of guests from 0 to {MAX_GUESTS}", repr(value),
            "Write how many people one RSVP may bring along, or remove the line for none.",
        )
    return value


Guests = Annotated[int, AfterValidator(_guests),
                   Field(json_schema_extra={"minimum": 0, "maximum": MAX_GUESTS})]
Capacity = Annotated[int, AfterValidator(_capacity), Field(json_schema_extra={"minimum": 1})]
RepeatRule = Annotated[str, StringConstraints(strip_whitespace=True), AfterValidator(_rule),
                       _pattern(RULE_PATTERN)]


class Slot(Content):
    """One RSVP time slot, such as 1:00-1:50 PM, with an optional capacity."""

    time: TimeRange = Field(
        description="Start-end with AM/PM, such as 1:00-1:50 PM (on the hour, 9-11 AM will "
        "do). It makes the slot's RSVP id, "
        "so do not change it once people have RSVP'd. On the night clocks go back, a time in "
        "the hour that happens twice names which one: 1:30 AM CDT (the first) or 1:30 AM CST.",
        examples=["1:00-1:50 PM", "11:30 AM-12:20 PM", "1:30 AM CST-2:30 AM"],
    )
    capacity: Capacity | None = Field(
        default=None, description="Optional: this slot's own capacity, instead of the event's.",
        examples=[12],
    )


def _yes_no(value: Any) -> Any:
    # YAML 1.1 (PyYAML) reads an unquoted yes or no as true or false; the editor meant the word.
    return {True: "yes", False: "no"}.get(value, value) if isinstance(value, bool) else value


# The youngest a volunteer can be: 0 says every age is welcome (children with an adult).
MAX_MINIMUM_AGE = 99


def _minimum_age(value: int) -> int:
    if not 0 <= value <= MAX_MINIMUM_AGE:
        raise _fail(
            f"an age from 0 to {MAX_MINIMUM_AGE}", repr(value),
            "Write the youngest age a volunteer may be, in years (0 if every age is welcome), "
            "or remove `minimum_age:` if the host has not said.",
        )
    return value


WheelchairAccess = Annotated[Literal["yes", "no", "partly"], BeforeValidator(_yes_no)]
MinimumAge = Annotated[int, AfterValidator(_minimum_age),
                       Field(json_schema_extra={"minimum": 0, "maximum": MAX_MINIMUM_AGE})]


class Wheelchair(Content):
    """Whether a wheelchair user can take part: yes, no or partly, with a note."""

    access: WheelchairAccess = Field(
        description="`yes` (step-free where volunteers work), `partly` (some of it; say which "
        "in `note`) or `no`.",
        examples=["yes", "partly"],
    )
    note: Prose | None = Field(
        default=None,
        description="Optional: a sentence on what is and is not step-free, such as an accessible "
        "entrance or gravel paths.",
        examples=["The beds are on gravel paths; the Visitor Center is step-free."],
    )


# Guardian consent is for volunteers under 18: with a minimum age of 18 or more there are none.
ADULT_AGE = 18
_CONSENT_RULE: dict[str, Any] = {"not": {
    "required": ["minimum_age", "guardian_consent"],
    "properties": {"minimum_age": {"minimum": ADULT_AGE}, "guardian_consent": {"const": True}},
}}


class BeforeYouGo(Content):
    """What volunteers should know before they sign up; each field optional, as the host says."""

    model_config = ConfigDict(extra="forbid", frozen=True, json_schema_extra=_CONSENT_RULE)

    wheelchair: Wheelchair | None = Field(
        default=None, title="Wheelchair access",
        description="Optional: `access` (`yes`, `no` or `partly`) and a `note` on what is "
        "step-free.",
        examples=[{"access": "partly", "note": "The beds are on gravel paths."}],
    )
    minimum_age: MinimumAge | None = Field(
        default=None,
        description="Optional: the youngest age a volunteer may be, in years; `0` if every age "
        "is welcome. Leave it out if the host has not said.",
        examples=[16, 0],
    )
    guardian_consent: bool | None = Field(
        default=None, title="Guardian consent under 18",
        description="Optional: `true` when volunteers under 18 need a parent's or guardian's "
        "consent to take part.",
        examples=[True],
    )
    bring: list[Prose] = Field(
        default=[], max_length=12, title="What to bring",
        description="Optional: what to bring or wear, one short item each, e.g. "
        "`[Closed-toe shoes, A water bottle]`.",
        examples=[["Closed-toe shoes", "A water bottle"]],
    )
    parking: Prose | None = Field(
        default=None,
        description="Optional: where to park, and whether it is free.",
        examples=["Free parking in the lot on Dale Ave."],
    )
    transit: Prose | None = Field(
        default=None,
        description="Optional: how to get there by bus, MetroLink or bike.",
        examples=["MetroBus 8 stops at the Shaw Blvd entrance."],
    )
    setting: Literal["indoor", "outdoor", "both"] | None = Field(
        default=None, title="Indoor or outdoor",
        description="Optional: `indoor`, `outdoor` or `both`, so volunteers dress for it.",
        examples=["outdoor"],
    )


# Series fields go together; JSON Schema says so with if/then, the check with its own messages.
_SERIES_RULES: dict[str, Any] = {"allOf": [
    {"if": {"required": ["repeat"]},
     "then": {"anyOf": [{"required": ["until"]}, {"required": ["count"]}],
              "not": {"required": ["until", "count"]}}},
    {"if": {"not": {"required": ["repeat"]}},
     "then": {"not": {"anyOf": [{"required": ["until"]}, {"required": ["count"]},
                                {"required": ["except"]}]}}},
]}


# The kinds of service a school or award program asks about (issue 40); `other` is the default.
ServiceType = Literal["tutoring", "mentoring", "environment", "food_security", "health", "arts",
                      "civic", "other"]


class Event(Content):
    """content/events/<slug>.yaml: one event, or a series of them, with its RSVP time slots."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True,
                              json_schema_extra=_SERIES_RULES)

    title: Prose = Field(description="The event's name.", examples=["Inclusive Sports Clinic"])
    host: Slug = Field(
        description="The organization that runs it: its file name in organizations/, without "
        ".yaml.",
        examples=["keenstl"],
    )
    date: dt.date = Field(
        description="The day (year-month-day); for a series, the first date, a day the rule "
        "gives.",
        examples=["2025-07-27"],
    )
    location: Text = Field(description="Where it takes place.", examples=["St. Louis, MO"])
    description: RichProse = Field(
        description="What volunteers will do, in a few sentences. May use **bold**, *italic*, "
        "[links](/keenstl) and lists (see Formatting text).",
        examples=["Coach young athletes *one-to-one*."],
    )
    service_type: ServiceType = Field(
        default="other",
        description="Optional: the kind of service, as service-hours records list it: "
        "`tutoring`, `mentoring`, `environment`, `food_security`, `health`, `arts`, `civic` or "
        "`other` (the default). Schools count some kinds only (the A+ Scholarship: tutoring and "
        "mentoring), so pick the one that fits best.",
        examples=["environment", "tutoring"],
    )
    rsvp: Literal["account", "guest"] = Field(
        default="guest",
        title="RSVP",
        description="Optional: `guest` (the default): anyone RSVPs with a name and an email; "
        "`account`: volunteers sign in to RSVP.",
        examples=["guest", "account"],
    )
    capacity: Capacity | None = Field(
        default=None,
        description="Optional: how many volunteers each slot takes (1 or more).",
        examples=[20],
    )
    max_guests_per_rsvp: Guests = Field(
        default=0,
        title="Guests per RSVP",
        description="Optional: how many other people (friends, family) one RSVP may bring, "
        f"0 to {MAX_GUESTS}; 0 (the default) means each person RSVPs for themselves. Guests "
        "take seats too: a party is seated, waitlisted and moved up whole.",
        examples=[0, 3],
    )
    slots: list[Slot] = Field(min_length=1,
                              description="The RSVP time slots, each with `time` and optionally "
                              "`capacity`.",
                              examples=[[{"time": "1:00-1:50 PM", "capacity": 12}]])
    repeat: RepeatRule | None = Field(
        default=None,
        description="Optional: makes this a series; an RFC 5545 rule such as "
        "FREQ=MONTHLY;BYDAY=3SA, with `until:` or `count:` as the end.",
        examples=["FREQ=WEEKLY;BYDAY=WE", "FREQ=MONTHLY;BYDAY=3SA"],
    )
    until: dt.date | None = Field(default=None,
                                  description="Series only: the last possible date.",
                                  examples=["2027-06-30"])
    count: Annotated[int, Field(ge=1)] | None = Field(
        default=None, description="Series only: how many dates it has.", examples=[12],
    )
    except_: list[dt.date] = Field(
        default=[], alias="except", title="Skipped dates",
        description="Series only: dates of the series that do not take place.",
        examples=[["2027-07-17"]],
    )
    before_you_go: BeforeYouGo | None = Field(
        default=None, title="Before you go",
        description="Optional: what volunteers should know before signing up: `wheelchair`, "
        "`minimum_age`, `guardian_consent`, `bring`, `parking`, `transit` and `setting` "
        "(indoor or outdoor). Write only what the host has told you.",
        examples=[{"minimum_age": 16, "setting": "outdoor", "bring": ["Closed-toe shoes"]}],
    )
    thank_you: Prose | None = Field(default=None,
                                   description="Optional note shown after the event.",
                                   examples=["Thank you for coming out!"])
    gallery: list[Image] = Field(
        default=[], description="Optional pictures shown after the event, each with `src` and "
        "`alt`.",
        examples=[[{"src": "/images/events/my-event/photo-1.svg", "alt": "Volunteers"}]],
    )

    @property
    def is_series(self) -> bool:
        """Whether this file describes a recurring series rather than one event."""
        return self.repeat is not None
