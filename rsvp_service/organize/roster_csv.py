"""A slot's roster as a CSV download that Excel opens correctly and cannot be tricked by.

UTF-8 with a byte-order mark, so Excel reads names with accents as written; any cell that
starts with = + - @ ; (or a tab, a carriage return, or the full-width ＝ ＋ － ＠) is prefixed
with ' so a spreadsheet shows it as text instead of running it as a formula (CSV injection,
OWASP).
"""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime
from zoneinfo import ZoneInfo

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.events import Slot
from rsvp_service.organize.roster import Person, roster, slot_for_organizer
from rsvp_service.web import contract
from rsvp_service.web.contract import ErrorBody, Media, endpoint

HEADER = ("Name", "Email", "Phone", "RSVP time", "Status", "Waitlist position", "Checked in at",
          "Hours", "Hours reason", "Party size", "Present", "Guests", "Guardian consent")
STATUS_WORDS = {"confirmed": "Confirmed", "waitlisted": "Waitlisted", "checked_in": "Checked in",
                "no_show": "No-show"}
# Empty for an RSVP that asked no guardian (an adult, or an event without consent).
CONSENT_WORDS = {"awaiting": "Awaiting consent", "approved": "Approved", "declined": "Declined"}
# `;` separates cells where it is the list separator; spreadsheets read full-width signs
# (U+FF1D, U+FF0B, U+FF0D, U+FF20) as the ASCII ones.
FORMULA_STARTS = ("=", "+", "-", "@", ";", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
BOM = "\ufeff"


def safe_cell(value: str) -> str:
    """Return the cell as text a spreadsheet will not evaluate (a leading ' where needed)."""
    return f"'{value}" if value.startswith(FORMULA_STARTS) else value


def _local(slot: Slot, moment: datetime | None) -> str:
    if moment is None:
        return ""
    return moment.astimezone(ZoneInfo(slot.timezone)).strftime("%Y-%m-%d %H:%M")


def _row(slot: Slot, entry: Person, now: datetime) -> list[str]:
    shown = entry.attendee(slot, now)
    return [
        shown.name,
        shown.email or "",
        shown.phone or "",
        _local(slot, shown.rsvpAt),
        STATUS_WORDS[shown.status],
        "" if shown.position is None else str(shown.position),
        _local(slot, shown.checkedInAt),
        "" if shown.hours is None else f"{shown.hours:g}",
        shown.hoursReason or "",
        str(shown.partySize),
        "" if shown.present is None else str(shown.present),
        "; ".join(shown.guests),
        CONSENT_WORDS[shown.consent] if shown.consent else "",
    ]


def roster_csv(slot: Slot, people: list[Person], now: datetime) -> str:
    """Return the roster as CSV text, BOM first, one row per person after the header."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(HEADER)
    for entry in people:
        writer.writerow([safe_cell(cell) for cell in _row(slot, entry, now)])
    return BOM + buffer.getvalue()


@endpoint("GET", "/api/organize/slots/{slot_id}/roster.csv",
          responses={200: Media("text/csv")},
          errors={401: ErrorBody, 403: ErrorBody, 404: ErrorBody}, auth="token",
          summary="The roster as CSV (UTF-8 with BOM, formulas escaped).")
async def download(request: Request) -> Response:
    """GET /api/organize/slots/{slot_id}/roster.csv: the roster as a spreadsheet file."""
    _organizer, slot = await slot_for_organizer(request)
    now = clock.now(request.app.state.settings)
    text = roster_csv(slot, await roster(slot), now)
    filename = re.sub(r"[^A-Za-z0-9._-]", "_", slot.id)
    return Response(text, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{filename}-roster.csv"'})


def routes() -> list[BaseRoute]:
    """Return the roster download route."""
    return contract.routes(download)
