"""The printable PDF of a service-hours record (fpdf2), with its verification link, code and QR.

Text is set in DejaVu Sans, shipped in rsvp_service/impact/fonts (its license beside it), so names
in Latin, Greek and Cyrillic scripts print as written.
"""

from __future__ import annotations

import io
from datetime import UTC, date, datetime
from functools import cache
from pathlib import Path

import segno
from fpdf import FPDF
from fpdf.enums import XPos, YPos

from rsvp_service.i18n import N_, gettext
from rsvp_service.i18n.dates import clock_time, long_date, short_date, time_range
from rsvp_service.impact.bodies import PublicRecord, RecordEntry
from rsvp_service.impact.statements import PURPOSES, method_text, service_label

FONTS = Path(__file__).parent / "fonts"
FAMILY = "DejaVu"
INK = (26, 26, 26)
MUTED = (85, 85, 85)
# Date, Times, Event and organization, Service, Hours, Attested by (mm; page text width 180)
COLUMNS = (24, 22, 40, 22, 12, 60)
# What an entry written before attesters were recorded (issue 40) says instead of a name.
UNNAMED = N_("Checked in at the event by its organizer (name not recorded)")
# The fixed words, in the language of the work at hand (pdf_builds sets the record's).
TITLE = N_("Service-hours record")
DOCUMENT_TITLE = N_("Service-hours record: {name}")
BYLINE = N_("CivicSTL, St. Louis volunteer events")
TOTAL = N_("Total verified hours: {hours}")
ISSUED = N_("Issued {date}, {time} UTC")
FOR = N_("For: {purpose}")
PERIOD = N_("Period: {start} to {end}")
A_PLUS = N_("{service} (A+ eligible)")
HEADINGS = (N_("Date"), N_("Times"), N_("Event, organization"), N_("Service"), N_("Hours"),
            N_("Attested by"))
CONFIRM = N_("Confirm this record online (a revoked record says so):")
CODE = N_("Verification code: {code}")
QR = N_("QR code of {url}")


@cache
def _qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make_qr(url, error="m").save(buffer, kind="png", scale=4, border=2)
    return buffer.getvalue()


def _hours(value: float) -> str:
    return f"{value:g}"


def _issued(stamp: datetime) -> str:
    moment = stamp.astimezone(UTC)
    return gettext(ISSUED).format(date=long_date(moment), time=clock_time(moment))


def _times(entry: RecordEntry) -> str:
    """The entry's local times as its language tells them (else the event's own time text)."""
    if entry.start is None or entry.end is None:
        return entry.time or ""
    return time_range(entry.start, entry.end)


def attested_text(entry: RecordEntry) -> str:
    """Who attests the entry, how and when, in one cell's words."""
    who = entry.attestation
    if who is None:
        return gettext(UNNAMED)
    at = who.at.astimezone(entry.start.tzinfo if entry.start else UTC)
    parts = [who.name, who.role, who.organization, who.email or ""]
    return (", ".join(part for part in parts if part)
            + f"; {gettext(method_text(entry))}, {short_date(at)}, {clock_time(at)}")


def _document(record: PublicRecord) -> FPDF:
    pdf = FPDF(format="Letter", unit="mm")
    pdf.set_margins(18, 18, 18)
    pdf.set_auto_page_break(auto=True, margin=18)
    pdf.add_font(FAMILY, "", str(FONTS / "DejaVuSans.ttf"))
    pdf.add_font(FAMILY, "B", str(FONTS / "DejaVuSans-Bold.ttf"))
    pdf.set_title(gettext(DOCUMENT_TITLE).format(name=record.name))
    pdf.set_author("CivicSTL")
    pdf.set_creation_date(record.issuedAt)
    pdf.set_text_color(*INK)
    pdf.add_page()
    return pdf


def _line(pdf: FPDF, text: str, *, size: float = 11, bold: bool = False,
          muted: bool = False, height: float = 6) -> None:
    pdf.set_font(FAMILY, "B" if bold else "", size)
    pdf.set_text_color(*(MUTED if muted else INK))
    pdf.multi_cell(0, height, text, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_text_color(*INK)


def _heading(record: PublicRecord) -> str | None:
    """The record's purpose and period in one line (None for records issued without them)."""
    parts = ([gettext(FOR).format(purpose=gettext(PURPOSES[record.purpose]))]
             if record.purpose else [])
    period = record.period
    if period is not None and period.start and period.end:
        parts.append(gettext(PERIOD).format(start=long_date(period.start),
                                            end=long_date(period.end)))
    return ". ".join(parts) or None


def _service(entry: RecordEntry) -> str:
    label = gettext(service_label(entry.service_type))
    return gettext(A_PLUS).format(service=label) if entry.a_plus_eligible else label


def record_pdf(record: PublicRecord, url: str) -> bytes:
    """Return the PDF of a public record (as `records.public_record` answers it)."""
    pdf = _document(record)
    _line(pdf, gettext(TITLE), size=22, bold=True, height=11)
    _line(pdf, gettext(BYLINE), muted=True)
    pdf.ln(4)
    _line(pdf, record.name, size=15, bold=True, height=8)
    _line(pdf, gettext(TOTAL).format(hours=_hours(record.hours)), size=12)
    _line(pdf, _issued(record.issuedAt), muted=True)
    if heading := _heading(record):
        _line(pdf, heading, bold=True)
    pdf.ln(4)
    pdf.set_font(FAMILY, "", 8)
    with pdf.table(col_widths=COLUMNS,
                   text_align=("LEFT", "LEFT", "LEFT", "LEFT", "RIGHT", "LEFT"),
                   line_height=4.5, first_row_as_headings=True) as table:
        table.row(tuple(gettext(heading) for heading in HEADINGS))
        for entry in record.entries:
            table.row((short_date(date.fromisoformat(entry.date)), _times(entry),
                       f"{entry.title}, {entry.organization}",
                       _service(entry), _hours(entry.hours),
                       attested_text(entry)))
    pdf.ln(6)
    for sentence in (*record.checked.checked, *record.checked.notChecked):
        _line(pdf, gettext(sentence), muted=True, size=9, height=4.5)
    if record.checked.note:
        _line(pdf, gettext(record.checked.note), bold=True, size=10)
    pdf.ln(2)
    _line(pdf, gettext(CONFIRM), bold=True)
    pdf.set_font(FAMILY, "", 10)
    pdf.cell(0, 6, url, link=url, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    _line(pdf, gettext(CODE).format(code=record.code), size=10)
    pdf.ln(2)
    pdf.image(io.BytesIO(_qr_png(url)), w=32, alt_text=gettext(QR).format(url=url))
    return bytes(pdf.output())
