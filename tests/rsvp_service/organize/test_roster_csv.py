"""The roster CSV: UTF-8 with BOM, a header row, every person, and no formula a spreadsheet runs."""

from __future__ import annotations

import csv
import io

import httpx
import pytest
from organize_testkit import DURING_TINY, KEEN, at, person, rsvp, slot_path
from service_testkit import TINY_SLOT

from rsvp_service.organize.roster_csv import safe_cell
from rsvp_service.settings import Settings

HEADER = ["Name", "Email", "Phone", "RSVP time", "Status", "Waitlist position", "Checked in at",
          "Hours", "Hours reason", "Party size", "Present", "Guests", "Guardian consent"]


async def test_roster_csv_parses_back_with_names_as_written_and_formulas_defused(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))
    zoe = await rsvp(TINY_SLOT, "Zoë", last="Ångström", phone="+1 314 555 0100")
    await rsvp(TINY_SLOT, "=HYPERLINK(\"http://evil\")", last="@SUM(A1)", phone="-2+3")
    await rsvp(TINY_SLOT, "Wes", last="Lee, Jr.", waitlist=True)
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=headers,
                      json={"attendee": zoe.id})

    response = await client.get(slot_path(TINY_SLOT, "/roster.csv"), headers=headers)

    assert response.status_code == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == (
        f'attachment; filename="{TINY_SLOT}-roster.csv"')
    assert response.headers["cache-control"] == "no-store"
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == HEADER
    body = {row[0]: row for row in rows[1:]}
    assert len(rows) == 4
    assert body["'=HYPERLINK(\"http://evil\") @SUM(A1)"][1:3] == [
        '\'=hyperlink("http://evil")@example.org', "'-2+3"]
    zoe_row = body["Zoë Ångström"]
    assert zoe_row[1:3] == ["zoë@example.org", "'+1 314 555 0100"]
    assert zoe_row[4:] == ["Checked in", "", "2025-05-01 18:10", "1", "", "1", "1", "", ""]
    assert body["Wes Lee, Jr."][4:] == ["Waitlisted", "1", "", "", "", "1", "", "", ""]
    assert zoe_row[3].startswith("20") and len(zoe_row[3]) == len("2025-05-01 18:10")


@pytest.mark.parametrize(("cell", "safe"), [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("Ann", "Ann"), ("", ""), ("a=b", "a=b"),
    # ; is the cell separator in some locales; spreadsheets read full-width signs as ASCII.
    (";x", "';x"), ("\uff1d1+1", "'\uff1d1+1"), ("\uff0b1", "'\uff0b1"), ("\uff0d1", "'\uff0d1"),
    ("\uff20x", "'\uff20x"), ("x;y", "x;y"),
])
def test_cells_that_start_like_formulas_are_prefixed(cell: str, safe: str) -> None:
    assert safe_cell(cell) == safe


async def test_an_unknown_slots_roster_is_a_json_sentence(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, headers = await person(settings, "kim", organizes=(KEEN,))

    response = await client.get(slot_path("nope", "/roster.csv"), headers=headers)

    assert response.status_code == 404
    assert response.json()["error"].startswith("There is no time slot with that id.")
