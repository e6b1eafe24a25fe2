"""Check-in codes: their form, how typed ones are read, the QR image, and the emails with them."""

from __future__ import annotations

import io
from email.message import EmailMessage

import httpx
import pytest
import segno
from mail_testkit import Mailbox, arrived, fill, token_in
from organize_testkit import person
from PIL import Image
from service_testkit import CLINIC_SLOTS, GUEST_SLOT, TINY_SLOT

from rsvp_service.mail.checkin_code import display, qr_png
from rsvp_service.rsvps import store as rsvp_store
from rsvp_service.rsvps.codes import ALPHABET, new_code, parse, qr_svg_uri
from rsvp_service.rsvps.models import Rsvp
from rsvp_service.settings import Settings


def test_codes_are_random_crockford_base32() -> None:
    codes = {new_code() for _ in range(2000)}

    assert len(codes) == 2000
    assert all(len(code) == 8 and set(code) <= set(ALPHABET) for code in codes)
    assert not set("ILOU") & set("".join(codes))
    assert display("ABCD2345") == "ABCD-2345"


def test_typed_codes_are_read_the_crockford_way() -> None:
    assert parse("abcd-2345") == "ABCD2345"
    assert parse(" AbCd 2345 ") == "ABCD2345"
    assert parse("0ILO-1234") == "0110" + "1234"
    for bad in ("ABCD-234", "ABCD-23456", "ABCD-234U", "ABCD_2345", "", "ÄBCD-2345"):
        assert parse(bad) is None, bad


def test_the_qr_image_encodes_the_code_as_shown() -> None:
    png = qr_png("ABCD2345")
    image = Image.open(io.BytesIO(png)).convert("1")
    matrix = segno.make_qr("ABCD-2345", error="m").matrix
    scale, border = 6, 4

    assert image.size == ((len(matrix) + 2 * border) * scale,) * 2
    for row, modules in enumerate(matrix):
        for column, dark in enumerate(modules):
            x, y = (column + border) * scale + 3, (row + border) * scale + 3
            assert (image.getpixel((x, y)) == 0) == bool(dark), (row, column)


def code_block(message: EmailMessage) -> tuple[str, str, bytes]:
    """The text body, HTML body and inline QR PNG of an email with a check-in code."""
    text, html = message.get_body(("plain",)), message.get_body(("html",))
    assert text is not None and html is not None
    related = [part for part in message.walk() if part.get_content_type() == "multipart/related"]
    assert len(related) == 1
    [image] = [p for p in related[0].iter_parts() if p.get_content_type() == "image/png"]
    cid = str(image["Content-ID"]).strip("<>")
    assert f'src="cid:{cid}"' in html.get_content()
    assert image.get_content_disposition() == "inline"
    return text.get_content(), html.get_content(), image.get_content()


async def test_confirmation_carries_the_code_as_text_and_qr_and_my_rsvps_shows_it(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    user, headers = await person(settings, "ann")
    response = await client.post("/api/rsvp", headers=headers, json={
        "eventId": CLINIC_SLOTS[0], "email": user.email, "firstName": "Ann"})
    assert response.status_code == 201
    row = await Rsvp.get(slot_id=CLINIC_SLOTS[0])
    assert row.checkin_code is not None

    [message] = await mailbox.wait_for(1)
    text, html, png = code_block(message)
    mine = (await client.get("/api/me/rsvps", headers=headers)).json()["rsvps"]

    shown = display(row.checkin_code)
    assert f"Your check-in code: {shown}" in text
    assert shown in html
    assert png == qr_png(row.checkin_code)
    assert [item["code"] for item in mine] == [shown]
    # The dashboard's QR is the email's code, as an SVG data: URI with nothing left unencoded.
    assert [item["qr"] for item in mine] == [qr_svg_uri(row.checkin_code)]
    assert mine[0]["qr"].startswith("data:image/svg+xml")
    assert not set(mine[0]["qr"]) & set(" \"'<>")
    assert mine[0]["checkedIn"] is False
    assert any(part.get_filename() == "event.ics" for part in message.iter_attachments())


async def test_promotion_carries_the_code_and_the_waitlist_notice_does_not(
    client: httpx.AsyncClient, mailbox: Mailbox
) -> None:
    await fill(client, "ann", "bo", "cy")
    waiting = await arrived(mailbox, "cy@example.org", "You're on the waitlist")
    first = await arrived(mailbox, "ann@example.org", "Your RSVP")

    await client.post("/api/rsvp/cancel", json={"token": token_in(first[0])})
    [promoted] = await arrived(mailbox, "cy@example.org", "A spot opened up")

    cy = await Rsvp.get(slot_id=TINY_SLOT, active_email="cy@example.org")
    assert cy.checkin_code is not None
    text, _, png = code_block(promoted)
    assert f"Your check-in code: {display(cy.checkin_code)}" in text
    assert png == qr_png(cy.checkin_code)
    assert "check-in code" not in str(waiting[0].get_body(("plain",)).get_content())
    assert not any(p.get_content_type() == "image/png" for p in waiting[0].walk())


async def test_a_code_already_taken_in_the_slot_is_drawn_again(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Randomness cannot be made to collide on demand, so the draws are fixed here.
    draws = iter(["AAAA1111", "AAAA1111", "BBBB2222", "AAAA1111"])
    monkeypatch.setattr(rsvp_store, "new_code", lambda: next(draws))

    answers = [await client.post("/api/rsvp", json={
        "eventId": slot, "email": f"{name}@example.org", "firstName": name})
        for slot, name in ((GUEST_SLOT, "ann"), (GUEST_SLOT, "bo"), (TINY_SLOT, "ann"))]

    assert [a.status_code for a in answers] == [201, 201, 201]
    assert sorted(await Rsvp.all().values_list("slot_id", "checkin_code")) == [
        (GUEST_SLOT, "AAAA1111"), (GUEST_SLOT, "BBBB2222"), (TINY_SLOT, "AAAA1111")]
