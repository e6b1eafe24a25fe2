"""What a record says CivicSTL checked and did not, and its purpose's note: the words, once.

The verification page, the PDF and the CSV all print these sentences, so they never disagree.
The statement is made when a record is read, from the ways its entries were attested, so
records issued before these words existed state them too.
"""

from __future__ import annotations

from collections.abc import Sequence

from rsvp_service.i18n import N_
from rsvp_service.impact.bodies import Checked, Purpose, RecordEntry

CHECKED_CHECK_IN = (
    N_("For entries attested by check-in: the organizer who checked the person in was signed in "
    "to CivicSTL with an organizer role for the host organization (or as a CivicSTL "
    "administrator) at that time, and the hours are the slot's length or what that organizer "
    "set."))
CHECKED_EMAIL = (
    N_("For entries attested by email confirmation: the supervisor answered from the address the "
    "volunteer gave, through a signed link sent to that address only."))
NOT_CHECKED = (
    N_("CivicSTL did not check the identity of an attester beyond their sign-in or their email "
    "address, that an address is an official one of the organization, how the attester is "
    "related to the volunteer, the volunteer's age or school, what they did during the "
    "service, or that a school or award program accepts the service."))
A_PLUS_NOTE = (
    N_("For the Missouri A+ Scholarship: entries marked A+ eligible are tutoring or mentoring. "
    "The school's A+ coordinator must still approve them; other entries usually do not count."))
PURPOSES: dict[Purpose, str] = {
    "school": N_("School service hours"), "nhs": N_("National Honor Society"),
    "pvsa": N_("President's Volunteer Service Award"), "a-plus": N_("Missouri A+ Scholarship"),
    "other": N_("Other"),
}
A_PLUS_TYPES = frozenset({"tutoring", "mentoring"})


def statement(entries: Sequence[RecordEntry], purpose: Purpose | None) -> Checked:
    """The checked and not-checked sentences for these entries, and the purpose's note."""
    methods = {entry.attestation.method if entry.attestation else "check-in"
               for entry in entries}
    checked = ([CHECKED_CHECK_IN] if "check-in" in methods else []) + (
        [CHECKED_EMAIL] if "email" in methods else [])
    return Checked(checked=checked, notChecked=[NOT_CHECKED],
                   note=A_PLUS_NOTE if purpose == "a-plus" else None)


def a_plus_eligible(service_type: str | None) -> bool:
    """Whether an entry's kind of service may count for the A+ Scholarship."""
    return service_type in A_PLUS_TYPES


def method_text(entry: RecordEntry) -> str:
    """How the entry was attested, in words ("check-in" for entries older than attesters)."""
    method = entry.attestation.method if entry.attestation else "check-in"
    return N_("by check-in") if method == "check-in" else N_("by email confirmation")


def service_label(service_type: str | None) -> str:
    """The kind of service as a record prints it ("food_security" is "Food security")."""
    return (service_type or "other").replace("_", " ").capitalize()
