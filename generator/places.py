"""An event's location text read as a place: its name and the parts of a postal address it gives.

Locations are written as people write them: `Doorways, 4385 Maryland Ave, St. Louis, MO`.
The last part is a US state's code (with a ZIP code when given), the one before it the city,
a part starting with a number the street, and a first part that is no street the place's name.
Only what the text says is kept: a location that names no state gives no city, state or country.
"""

from __future__ import annotations

import re

from generator.outputs import AddressOut, PlaceOut

# The USPS codes of the states and DC: a final part that is one of them is the state.
US_STATES = frozenset(
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH "
    "NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY".split()
)
_STATE = re.compile(r"^(?P<state>[A-Z]{2})(?:\s+(?P<zip>\d{5}(?:-\d{4})?))?$")


def place(location: str) -> PlaceOut:
    """The place a location text names, with the address parts it gives."""
    parts = [part.strip() for part in location.split(",") if part.strip()]
    region = postal_code = country = locality = None
    state = _STATE.match(parts[-1]) if len(parts) > 1 else None
    if state and state["state"] in US_STATES:
        region, postal_code, country = state["state"], state["zip"], "US"
        parts.pop()
        locality = parts.pop()
    name = parts.pop(0) if parts and not parts[0][0].isdigit() else None
    street = ", ".join(parts) or None
    return PlaceOut(
        name=name or location.strip(),
        address=AddressOut(street_address=street, locality=locality, region=region,
                           postal_code=postal_code, country=country),
    )
