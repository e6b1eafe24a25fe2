"""Who attests an hours entry: the organizer who checked the person in, as a school asks for it.

Schools and award programs (issue 40) want each entry's supervisor by name, role and an
official address at the organization. Everything here comes from the server's side, from the
signed-in organizer and the organization's YAML, never from a request body: an attestation a
caller could type would attest nothing.
"""

from __future__ import annotations

from typing import Any

from rsvp_service.events import Catalogue, Slot
from rsvp_service.organize.roles import Organizer

ORGANIZER_ROLE = "Organizer"
ADMIN_ROLE = "CivicSTL administrator"


def _domain(address: str | None) -> str | None:
    return address.rsplit("@", 1)[1].casefold() if address and "@" in address else None


def attestation(catalogue: Catalogue, slot: Slot, by: Organizer) -> dict[str, Any]:
    """The attendance columns that say who attests a check-in at `slot`, and what it was."""
    host = catalogue.host_of(slot)
    contact = catalogue.volunteer_contacts.get(host)
    public = catalogue.contacts.get(host)
    own = by.user.email
    # A counselor needs an official address that reaches the organization: the organizer's own
    # when it is on one of the organization's domains (a work address), else the volunteer
    # contact's, else the organization's public one. Never an organizer's personal address: the
    # verification page is public, and a gmail address is no official one; with none of these
    # the entry says it has no address at the organization.
    domains = {_domain(contact.email) if contact else None, _domain(public)} - {None}
    if _domain(own) in domains:
        email: str | None = own
    else:
        email = (contact.email if contact else None) or public
    if contact is not None and contact.email.casefold() == own.casefold():
        role = contact.role
    elif host in by.organizations or not by.admin:
        role = ORGANIZER_ROLE
    else:
        role = ADMIN_ROLE
    return {
        "attested_name": by.user.name, "attested_role": role, "attested_email": email,
        "attested_organization": catalogue.organizations.get(host, host) or None,
        "service_type": slot.service_type, "starts_at": slot.start, "ends_at": slot.end,
    }
