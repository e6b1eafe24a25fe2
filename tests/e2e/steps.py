"""Steps the journeys share: signing in (through the API or in a tab), an RSVP made through the
API as set-up, a time slot's list item and its message on an event page and an event's card, an
email's cancel link, the roles CLI, a QR code held up to the fake camera, and the slot layout
check."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import jwt
import pytest
from PIL import Image
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import (
    BUILD_CONTENT,
    CONSENT_EVENT,
    PYTHON,
    ROOT,
    Account,
    Mailbox,
    PageWatch,
    Server,
    Session,
    body_text,
    sign_in,
    visit,
    wait_path,
)

# The spec's sentence for an RSVP made on an event page or the feed (in the slot, never an alert).
RSVP_SUCCESS = "You have RSVP'd! A confirmation email will be sent!"
CANCEL_LINK = re.compile(r"https?://[^\s\"'<>]+/cancel\?token=[^\s\"'<>]+")


def auth_headers(server: Server, account: Account) -> dict[str, str]:
    """The x-auth-token header of `account`, signed in through the API (set-up, cross-checks)."""
    status, body = server.api(
        "POST", "/api/auth/login", {"email": account.email, "password": account.password})
    assert status == 200, body
    return {"x-auth-token": str(body["accessToken"])}


def signed_in_page(session: Session, account: Account) -> Page:
    """A tab of `session` signed in as `account`, on its dashboard."""
    page = session.new_page()
    visit(page, "/login")
    sign_in(page, account)
    wait_path(page, "/dashboard")
    return page


def rsvp_through_api(server: Server, account: Account, slot_id: str) -> None:
    """RSVP `account` to `slot_id` through the API (set-up, such as filling a slot); confirmed."""
    first, _, last = account.name.partition(" ")
    status, body = server.api(
        "POST", "/api/rsvp",
        {"eventId": slot_id, "email": account.email, "firstName": first, "lastName": last,
         "phone": None},
        headers=auth_headers(server, account))
    assert status == 201 and body["status"] == "confirmed", body


def slot_item(page: Page, slot_id: str) -> Locator:
    """The list item of one time slot (its time, spots left, button, forms and waitlist offer)."""
    return page.locator(f"main li[data-event-id={json.dumps(slot_id)}]")


def slot_message(page: Page, slot_id: str) -> Locator:
    """A time slot's own message: its confirmation, waitlist place or error."""
    return page.locator(f"[id={json.dumps(f'slot-message-{slot_id}')}]")


def expect_rsvp_made(page: Page, watch: PageWatch, slot_id: str, text: str = RSVP_SUCCESS) -> None:
    """The slot's own message says `text`, focused, and no browser alert said anything."""
    message = slot_message(page, slot_id)
    expect(message).to_contain_text(text)
    expect(message).to_be_focused()
    # The page shows its message after any alert it would raise, so none can come later.
    assert watch.dialogs == [], f"the RSVP raised browser alerts: {watch.dialogs}"


def cancel_path(message: EmailMessage) -> str:
    """The path and fragment of the "Cancel your spot" link in an email."""
    text = body_text(message)
    match = CANCEL_LINK.search(text)
    assert match, f"no SITE_URL/cancel?token=... link in the email:\n{text}"
    return re.sub(r"^https?://[^/]+", "", match.group(0))


def roles_cli(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m rsvp_service roles ...` against the server's own database."""
    return subprocess.run(
        [str(PYTHON), "-m", "rsvp_service", "roles", *args],
        cwd=ROOT, env=server.env, capture_output=True, text=True, timeout=60, check=False,
    )

# The moment the check-in slot (CHECKIN_SLOT, 10:00-11:30 AM) has ended.
CHECKIN_ENDED = "2027-01-16T11:30:00-06:00"
# A check-in code as the service writes it.
CODE = re.compile(r"\b[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}\b")
# A phone's screen, for new_session(..., **PHONE).
PHONE = {"width": 360, "height": 740, "scale": 2}
# The widths the layout checks run at: a desktop and a phone.
WIDTHS = [1280, 390]
# What the cancel page says once an RSVP is cancelled.
CANCELLED = "Your spot is cancelled. We have emailed you a confirmation."


def guest_event(events: dict[str, Any]) -> dict[str, Any]:
    """The guest-RSVP (popup form) event."""
    return next(event for event in events["events"] if event["slug"] == events["guest_rsvp_event"])


def _xpath_literal(text: str) -> str:
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    parts = text.split('"')
    return "concat(" + ", '\"', ".join(f'"{part}"' for part in parts) + ")"


def card_of(page: Page, text: str, containing: str = ".//button") -> Locator:
    """The innermost element around the element showing `text` that has `containing`."""
    return page.locator(
        f"xpath=//main//*[normalize-space(text())={_xpath_literal(text)}]"
        f"/ancestor-or-self::*[{containing}][1]"
    )


def qr_video(png: bytes, path: Path) -> Path:
    """A Y4M clip (what Chromium's fake camera plays) of the QR code `png` held up to the camera."""
    width, height = 640, 480
    code = Image.open(io.BytesIO(png)).convert("L")
    side = 360
    code = code.resize((side, side), Image.Resampling.NEAREST)
    frame = Image.new("L", (width, height), 255)
    frame.paste(code, ((width - side) // 2, (height - side) // 2))
    chroma = bytes([128]) * (width // 2 * height // 2 * 2)
    header = f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + (b"FRAME\n" + frame.tobytes() + chroma) * 10)
    return path


_LAYOUT = """slot => {
  const box = (el) => el.getBoundingClientRect()
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 &&
    a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5
  const card = slot.closest('.event-card')
  const parts = [...slot.querySelectorAll('*')].filter((el) => box(el).width > 0)
  const overlaps = []
  const blocks = [...slot.children].filter((el) => box(el).width > 0)
  for (let i = 0; i < blocks.length; i++) for (let j = i + 1; j < blocks.length; j++) {
    const a = box(blocks[i]), b = box(blocks[j])
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 &&
        b.top < a.bottom - 0.5) overlaps.push(blocks[i].outerHTML + ' / ' + blocks[j].outerHTML)
  }
  return {
    slotInCard: inside(box(slot), box(card)),
    outside: parts.filter((el) => !inside(box(el), box(slot))).map((el) => el.outerHTML),
    overlaps,
  }
}"""


def assert_inside_its_card(slot: Locator, state: str, width: int) -> None:
    """Assert that the time slot `slot` and what it shows stay inside their card, overlapping
    nothing (`state` and `width` name the moment in the message)."""
    layout = slot.evaluate(_LAYOUT)
    assert layout["slotInCard"], f"{state} at {width} px: the slot leaves its card"
    assert layout["outside"] == [], f"{state} at {width} px: outside the slot: {layout['outside']}"
    assert layout["overlaps"] == [], f"{state} at {width} px: overlapping: {layout['overlaps']}"


# The paged build's event that asks for a guardian's consent, the time its journeys run at, and
# what the volunteer is told while the seat waits.
CONSENT_NOW = "2027-10-01T10:00:00-05:00"
HELD = "your spot is held for 48 hours until they approve."
AWAITING = "Awaiting consent: your parent or guardian has the link to approve."


def consent_event(build: tuple[Path, Path]) -> dict[str, Any]:
    """The event of the paged build that asks for a guardian's consent."""
    _, content = build
    events = json.loads((content / "events.json").read_text(encoding="utf-8"))["events"]
    event: dict[str, Any] = next(e for e in events if e["slug"] == CONSENT_EVENT)
    assert event["before_you_go"]["guardian_consent"] is True
    return event


def write_events(events: dict[str, Any], folder: Path) -> Path:
    """Write a changed events.json into `folder`, with build/content's organizations.json beside
    it (the service reads both); return the events file."""
    (folder / "events.json").write_text(json.dumps(events), encoding="utf-8")
    shutil.copy(BUILD_CONTENT / "organizations.json", folder / "organizations.json")
    return folder / "events.json"


def events_with_contact(events: dict[str, Any], folder: Path, host: str, email: str) -> Path:
    """A copy of build/content's events.json (and organizations.json beside it) in which the
    host's events list its contact email, as its YAML's `email` would make them."""
    for event in events["events"]:
        if event["host"]["slug"] == host:
            event["host"]["email"] = email
    return write_events(events, folder)


def report_outside_hours(panel: Locator, *, organization: str, day: str, start: str, end: str,
                         did: str, kind: str, supervisor: str, email: str) -> None:
    """Fill the dashboard's "Hours served elsewhere" form (its statements are left to check)."""
    panel.get_by_label("Organization").fill(organization)
    panel.get_by_label("Date").fill(day)
    panel.get_by_label("Start time").fill(start)
    panel.get_by_label("End time").fill(end)
    panel.get_by_label("What you did").fill(did)
    panel.get_by_label("Kind of service").select_option(label=kind)
    panel.get_by_label("Supervisor's name").fill(supervisor)
    panel.get_by_label("Supervisor's email").fill(email)


# The supervisor's links in an hours-request email: the page's path and query.
HOURS_REQUEST_LINK = re.compile(r"https?://[^/\s]+(/hours-request\?[^\s<>\"]+)")


def link_of(mailbox: Mailbox, supervisor: str, act: str) -> str:
    """The /hours-request path of the email to `supervisor` whose link pre-chooses `act`."""
    message = mailbox.wait_for(supervisor, "Action requested: confirm hours for")
    paths = [m.group(1) for m in HOURS_REQUEST_LINK.finditer(body_text(message))]
    chosen = [p for p in paths if p.endswith(f"act={act}")]
    assert chosen, f"the email to {supervisor} has no /hours-request link for {act}: {paths}"
    return chosen[0]


def verified_credential(server: Server, token: str) -> dict[str, Any]:
    """The claims of a downloaded credential, verified with PyJWT (not the signer's code) against
    the served /.well-known/jwks.json; a copy with one byte changed must fail verification."""
    keys = jwt.PyJWKSet.from_dict(httpx.get(f"{server.url}/.well-known/jwks.json").json())
    key = next(k for k in keys.keys if k.key_id == jwt.get_unverified_header(token)["kid"])
    # The server's clock is pinned, so the record's validFrom (nbf) may lie after today: the
    # signature is what is checked here, its time in tests/rsvp_service/impact.
    claims: dict[str, Any] = jwt.decode(token, key=key, algorithms=["EdDSA"],
                                        options={"verify_nbf": False})
    head, body, signature = token.split(".")
    changed = body[:20] + ("A" if body[20] != "A" else "B") + body[21:]
    with pytest.raises(jwt.InvalidSignatureError):
        jwt.decode(f"{head}.{changed}.{signature}", key=key, algorithms=["EdDSA"],
                   options={"verify_nbf": False})
    return claims
