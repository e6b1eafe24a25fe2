"""Locations read as places: a name and the postal address parts the text gives, nothing more."""

from __future__ import annotations

import pytest

from generator.places import place


@pytest.mark.parametrize(("location", "name", "address"), [
    ("Doorways, 4385 Maryland Ave, St. Louis, MO", "Doorways",
     ("4385 Maryland Ave", "St. Louis", "MO", None, "US")),
    ("Dennis & Judith Jones Visitor and Education Center, 5595 Grand Dr, Forest Park, "
     "St. Louis, MO 63110", "Dennis & Judith Jones Visitor and Education Center",
     ("5595 Grand Dr, Forest Park", "St. Louis", "MO", "63110", "US")),
    ("St. Louis, MO", "St. Louis, MO", (None, "St. Louis", "MO", None, "US")),
    ("800 N Tucker Blvd, St. Louis, MO", "800 N Tucker Blvd, St. Louis, MO",
     ("800 N Tucker Blvd", "St. Louis", "MO", None, "US")),
    # No state named: no city, state or country is guessed.
    ("Central Library", "Central Library", (None, None, None, None, None)),
    ("Pool, Somewhere, XX", "Pool", ("Somewhere, XX", None, None, None, None)),
])
def test_a_location_gives_its_name_and_only_the_address_parts_it_says(
        location: str, name: str, address: tuple[str | None, ...]) -> None:
    found = place(location)
    assert found.name == name
    parts = found.address
    assert (parts.street_address, parts.locality, parts.region, parts.postal_code,
            parts.country) == address
