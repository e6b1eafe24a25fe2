"""Link previews: the picture each event, series and profile page shows where it is shared.

A page's preview is its first photo (the JPEG rendition: social sites do not show WebP or SVG
everywhere), or else a share card drawn for it (generator.share_cards). share.json maps each
page's path to its preview; the site writes it into the page's og:image and twitter:image tags.
Every other page of the site (home, about, the Civic Index, the app's pages) shows the site's
own card, so no shared link unfurls without a picture.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from urllib.parse import urlsplit

from generator import outputs, photos, share_cards
from generator.models import Organization

KINDS = {"university": "University", "community_college": "Community college",
         "nonprofit": "Nonprofit", "foundation": "Foundation"}


def _unbroken(time_text: str) -> str:
    """Keep each time with its AM or PM when a card wraps the line."""
    return time_text.replace(" AM", "\u00a0AM").replace(" PM", "\u00a0PM")


class Previews:
    """Chooses or draws each page's preview; collects share.json and the cards' files."""

    def __init__(self, site_name: str, site_url: str, cache: Path,
                 photo_variants: dict[str, list[photos.Variant]]) -> None:
        self.site_name = site_name
        self.footer = urlsplit(site_url).netloc or site_url
        self.cache = cache
        # Each photo's JPEG rendition by its published path (an ImageOut's `src`).
        self.jpegs = {v.src: v for made in photo_variants.values() for v in made
                      if v.src.endswith(".jpg")}
        self.table: dict[str, outputs.ShareImageOut] = {}
        self.files: dict[str, bytes] = {}

    def _photo(self, gallery: list[outputs.ImageOut]) -> outputs.ShareImageOut | None:
        for image in gallery:
            jpeg = self.jpegs.get(image.src)
            if jpeg is not None:
                return outputs.ShareImageOut(src=jpeg.src, alt=image.alt, width=jpeg.width,
                                             height=jpeg.height, type="image/jpeg")
        return None

    def _card(self, folder: str, slug: str, card: share_cards.Card) -> outputs.ShareImageOut:
        # The digest in the name: a changed card gets a new address, which social sites (that
        # keep a picture by its address for weeks) fetch again.
        src = f"/share/{folder}/{slug}-{share_cards.key(card)[:12]}.png"
        self.files[f"public{src}"] = share_cards.cached(card, self.cache)
        alt = ". ".join([card.title, *card.details]).replace(" · ", ", ").replace("\u00a0", " ")
        return outputs.ShareImageOut(src=src, alt=alt, width=share_cards.WIDTH,
                                     height=share_cards.HEIGHT, type="image/png")

    def event(self, event: outputs.EventOut) -> None:
        """One event's page, or one date's page of a series."""
        day = dt.date.fromisoformat(event.date)
        card = share_cards.Card(
            label=f"{self.site_name} · Volunteer event", title=event.title,
            details=(f"{day:%A}, {event.date_text} · {_unbroken(event.time_text)}",
                     f"Hosted by {event.host.name}", event.location),
            footer=self.footer)
        self.table[event.path] = self._photo(event.gallery) or self._card("events", event.slug,
                                                                          card)

    def series(self, series: outputs.SeriesOut, gallery: list[outputs.ImageOut]) -> None:
        """A series' overview page: its span of dates instead of one date."""
        live = [d for d in series.dates if not d.cancelled]
        span = (f"{len(live)} dates, {live[0].date_text} to {live[-1].date_text}"
                if len(live) > 1 else live[0].date_text if live else "No upcoming dates")
        card = share_cards.Card(
            label=f"{self.site_name} · Volunteer series", title=series.title,
            details=(span, _unbroken(series.time_text), f"Hosted by {series.host.name}",
                     series.location),
            footer=self.footer)
        self.table[series.path] = self._photo(gallery) or self._card("series", series.slug, card)

    def organization(self, org: outputs.OrganizationOut, model: Organization) -> None:
        """An organization's profile."""
        card = share_cards.Card(
            label=f"{self.site_name} · {KINDS[model.kind]} partner", title=org.name,
            details=(org.tagline,), footer=self.footer)
        self.table[org.link] = self._photo(org.photos) or self._card("organizations", org.slug,
                                                                     card)

    def site(self, tagline: str, description: str, paths: list[str]) -> None:
        """The site's card, for each of these pages that has no preview of its own."""
        card = share_cards.Card(label=self.site_name, title=tagline, details=(description,),
                                footer=self.footer)
        image = self._card("site", "site", card)
        for path in paths:
            self.table.setdefault(path, image)

    def output(self) -> dict[str, bytes]:
        """share.json and every card's PNG under public/share/."""
        table = outputs.ShareImagesOut(dict(sorted(self.table.items())))
        data = table.model_dump_json(indent=2, by_alias=True).encode() + b"\n"
        return {"share.json": data, **self.files}
