"""A service-hours record as CSV, in the columns a counselor pastes into a spreadsheet.

UTF-8 with a byte-order mark, because Excel opens a CSV without one in the machine's legacy code
page and garbles names like "Zoë"; other spreadsheets skip the mark. Names and titles are
people's text: a cell starting with = + - @, a tab or a carriage return gets a leading
apostrophe, so no spreadsheet runs it as a formula (OWASP's CSV injection advice). The
statement of what CivicSTL checked follows the table, as on the page and in the PDF.
"""

from __future__ import annotations

import csv
import io

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from rsvp_service.impact.bodies import PublicRecord, RecordEntry, RecordRevoked
from rsvp_service.impact.records import PUBLIC_ERRORS, genuine, public_record, revoked_reply
from rsvp_service.impact.statements import PURPOSES, method_text, service_label
from rsvp_service.web import contract
from rsvp_service.web.contract import Media, Reply, endpoint
from rsvp_service.web.ratelimit import Limit

HEADER = ("Date", "Start", "End", "Hours", "Organization", "Activity", "Service type",
          "Attested by", "Role", "Email", "Method", "Attested at")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: str) -> str:
    """A cell a spreadsheet shows as text, never as a formula."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _row(entry: RecordEntry, a_plus: bool) -> list[str]:
    who = entry.attestation
    cells = [
        entry.date, f"{entry.start:%H:%M}" if entry.start else "",
        f"{entry.end:%H:%M}" if entry.end else "", f"{entry.hours:g}", entry.organization,
        entry.title, service_label(entry.service_type), who.name if who else "",
        who.role if who else "", (who.email or "") if who else "", method_text(entry),
        who.at.isoformat(timespec="minutes") if who else ""]
    if a_plus:
        cells.append("yes" if entry.a_plus_eligible else "no")
    return [_cell(cell) for cell in cells]


def record_csv(record: PublicRecord) -> bytes:
    """The record's entries as CSV bytes (UTF-8 with BOM, CRLF lines), then its statement."""
    a_plus = record.purpose == "a-plus"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([*HEADER, *(["A+ eligible"] if a_plus else [])])
    writer.writerows(_row(entry, a_plus) for entry in record.entries)
    writer.writerow([])
    writer.writerow([_cell(f"Service-hours record of {record.name}, code {record.code}")])
    if record.purpose:
        writer.writerow([f"Purpose: {PURPOSES[record.purpose]}"])
    if record.period and record.period.start and record.period.end:
        writer.writerow([f"Period: {record.period.start} to {record.period.end}"])
    for sentence in (*record.checked.checked, *record.checked.notChecked):
        writer.writerow([sentence])
    if record.checked.note:
        writer.writerow([record.checked.note])
    return "\ufeff".encode() + buffer.getvalue().encode()


CSV = Media("text/csv", {"type": "string"})


@endpoint("GET", "/api/hours-records/{code}.csv", responses={200: CSV},
          errors=PUBLIC_ERRORS, limits=(Limit("hours-pdf-ip", key="ip"),),
          summary="The same record as CSV (UTF-8 with a byte-order mark, for Excel).")
async def verify_csv(request: Request) -> Response | Reply[RecordRevoked]:
    """GET /api/hours-records/{code}.csv: the record's table as CSV (public, like the PDF)."""
    record = await genuine(request)
    if record.revoked_at is not None:
        return revoked_reply()
    data = record_csv(public_record(request.app.state.settings, record))
    return Response(data, media_type="text/csv; charset=utf-8", headers={
        "Content-Disposition": 'attachment; filename="civicstl-service-hours.csv"'})


def routes() -> list[BaseRoute]:
    """Return the CSV route (mounted before records', whose `{code}` would take `.csv`)."""
    return contract.routes(verify_csv)
