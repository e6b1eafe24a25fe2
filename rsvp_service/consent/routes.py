"""The guardian's consent page's endpoints: what the link is about, Approve and Decline.

The page reads the token from its URL (query, or fragment in older links) and POSTs it here; its
form posts to its own URL instead (consent/forms.py). A GET of the page changes nothing. A token
that is malformed, signed for another record or address, already used, or past its hold gets a
full sentence and changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from starlette.requests import Request
from starlette.routing import BaseRoute

from rsvp_service import clock
from rsvp_service.consent.bodies import (
    ConsentDecided,
    ConsentPreview,
    ConsentStatus,
)
from rsvp_service.consent.models import Decision, GuardianConsent
from rsvp_service.consent.records import state_of
from rsvp_service.consent.release import release
from rsvp_service.events import Catalogue
from rsvp_service.i18n import N_, current
from rsvp_service.i18n.dates import long_date
from rsvp_service.mail import consent_tokens as tokens
from rsvp_service.mail.outbox import notify
from rsvp_service.rsvps.models import RsvpStatus
from rsvp_service.settings import Settings
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, LinkToken, endpoint
from rsvp_service.web.ratelimit import Limit

BAD_LINK = N_(
    "This consent link is not valid. Please use the link in the most recent email from "
    "CivicSTL, or ask the volunteer to RSVP again.")
USED = N_(
    "This consent link was already used: the answer given then stands. If it was a mistake, "
    "ask the volunteer to RSVP again.")
EXPIRED = N_(
    "This consent link has expired, so the spot was released. The volunteer can RSVP "
    "again while spots are open.")
CANCELLED = N_("This RSVP was cancelled, so there is nothing to approve or decline.")
APPROVED = N_("Thank you: you approved, and the volunteer's spot is confirmed.")
DECLINED = N_("Thank you: you declined, and the volunteer's spot has been released.")

ERRORS = {404: ErrorBody, 410: ErrorBody, 429: ErrorBody}
LIMITS = (Limit("consent-link", key="ip"),)


async def _record(request: Request, body: LinkToken) -> GuardianConsent:
    """The consent record the token was signed for (404 for anything else)."""
    settings: Settings = request.app.state.settings
    consent_id = tokens.consent_id_of(body.token)
    record = None if consent_id is None else await GuardianConsent.get_or_none(
        id=consent_id).select_related("rsvp")
    if record is None or not tokens.holds(settings, body.token, record.guardian_email):
        raise ApiError(404, BAD_LINK)
    return record


def _status(record: GuardianConsent, now: datetime) -> ConsentStatus:
    if record.decision is not None:
        return state_of(record)
    expired = record.expires_at <= now or record.released_at is not None
    return "expired" if expired else "awaiting"


@endpoint("POST", "/api/consent/preview", body=LinkToken, responses={200: ConsentPreview},
          errors={404: ErrorBody, 429: ErrorBody}, limits=LIMITS,
          summary="What a guardian's consent link is about and where it stands; changes nothing.")
async def consent_preview(request: Request, body: LinkToken) -> ConsentPreview:
    """Who asked for which slot, and whether it is still awaiting an answer."""
    record = await _record(request, body)
    catalogue: Catalogue = request.app.state.catalogue
    rsvp = record.rsvp
    slot = catalogue.in_language(current()).slots.get(rsvp.slot_id)
    return ConsentPreview(
        volunteer=f"{rsvp.first_name} {rsvp.last_name}".strip() or "The volunteer",
        event=slot.title if slot else rsvp.event, date_text=long_date(slot.start) if slot else "",
        time=slot.time if slot else "", location=slot.location if slot else "",
        path=slot.path if slot else f"/events/{rsvp.event}",
        status=_status(record, clock.now(request.app.state.settings)))


async def _decide(request: Request, body: LinkToken, decision: Decision) -> GuardianConsent:
    """Record the decision once (410 when used, expired or cancelled; nothing changes then)."""
    record = await _record(request, body)
    now = clock.now(request.app.state.settings)
    status = _status(record, now)
    if status != "awaiting":
        raise ApiError(410, EXPIRED if status == "expired" else USED)
    if record.rsvp.status is RsvpStatus.CANCELLED:
        raise ApiError(410, CANCELLED)
    # Conditional, so two clicks at once decide once.
    decided = await GuardianConsent.filter(id=record.id, decision__isnull=True).update(
        decision=decision, decided_at=now)
    if not decided:
        raise ApiError(410, USED)
    record.decision, record.decided_at = decision, now
    return record


@endpoint("POST", "/api/consent/approve", body=LinkToken, responses={200: ConsentDecided},
          errors=ERRORS, limits=LIMITS,
          summary="The guardian approves: the held seat is the volunteer's. The link works once.")
async def consent_approve(request: Request, body: LinkToken) -> ConsentDecided:
    """Approve the minor's RSVP."""
    await _decide(request, body, Decision.APPROVED)
    return ConsentDecided(decision="approved", message=APPROVED)


@endpoint("POST", "/api/consent/decline", body=LinkToken, responses={200: ConsentDecided},
          errors=ERRORS, limits=LIMITS,
          summary="The guardian declines: the RSVP is cancelled and the waitlist promoted. The "
          "link works once.")
async def consent_decline(request: Request, body: LinkToken) -> ConsentDecided:
    """Decline the minor's RSVP and release its seat now."""
    record = await _decide(request, body, Decision.DECLINED)
    await release(request.app.state.catalogue, record,
                  clock.now(request.app.state.settings))
    notify(request)
    return ConsentDecided(decision="declined", message=DECLINED)


def routes() -> list[BaseRoute]:
    """Return the consent routes."""
    return contract.routes(consent_preview, consent_approve, consent_decline)
