"""Organizers message a slot's people (and optionally its waitlist): preview, send, rate limit, log.

A send queues one email per address through the outbox and logs the message (sender, slot,
subject, body, recipients, time) in the same transaction, so a logged message is exactly
one that goes out. Sends are limited per organizer; previews are free.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.bodies import has_control_characters, no_encoded_words
from rsvp_service.events import Catalogue, Slot
from rsvp_service.mail.organizer_message import compose, message_data, organizer_message_mail
from rsvp_service.mail.outbox import enqueue, notify
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.organize.roster import slot_for_organizer
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.web.errors import ApiError, read_json
from rsvp_service.web.ratelimit import RateLimiter

LIMIT = "organizer-message"
ON_ITS_WAY = "Your message is on its way to {n} {people}."
NOBODY = ("Nobody on this slot's roster has an email address yet, so there is nobody to "
          "message. Nothing was sent.")
TOO_MANY = ("You have sent as many messages as we allow in an hour. "
            "Please wait {minutes} minutes and try again; nothing was sent.")


def _plain(value: str, *, multiline: bool) -> str:
    """Return the text (line breaks as LF), refusing control characters besides LF and tab."""
    if multiline:
        value = value.replace("\r\n", "\n").replace("\r", "\n")
    checked = value.replace("\n", "").replace("\t", "") if multiline else value
    if has_control_characters(checked):
        raise ValueError("it must not contain control characters" +
                         ("" if multiline else " or line breaks"))
    return value


class MessagePayload(BaseModel):
    """Body of POST .../messages: plain-text subject and body, and what to do with them."""

    model_config = ConfigDict(extra="forbid")

    subject: str = Field(min_length=1, max_length=150)
    body: str = Field(min_length=1, max_length=5000)
    includeWaitlist: bool = False
    preview: bool = False

    @field_validator("subject")
    @classmethod
    def _subject(cls, value: str) -> str:
        cleaned = no_encoded_words(_plain(value, multiline=False).strip())
        if not cleaned:
            raise ValueError("it must not be blank")
        return cleaned

    @field_validator("body")
    @classmethod
    def _body(cls, value: str) -> str:
        cleaned = _plain(value, multiline=True).strip("\n")
        if not cleaned.strip():
            raise ValueError("it must not be blank")
        return cleaned


async def recipients(slot: Slot, include_waitlist: bool) -> dict[str, str]:
    """Return name by address of the slot's people with an email (one copy per address)."""
    statuses = [RsvpStatus.CONFIRMED, RsvpStatus.WALK_IN]
    if include_waitlist:
        statuses.append(RsvpStatus.WAITLISTED)
    people: dict[str, str] = {}
    for row in await Rsvp.filter(slot_id=slot.id, status__in=statuses).exclude(email="") \
            .order_by("id"):
        people.setdefault(row.email, f"{row.first_name} {row.last_name}".strip())
    return people


async def _spend(request: Request, user_id: int) -> None:
    limiter: RateLimiter = request.app.state.rate_limiter
    retry_after = await limiter.hit(LIMIT, str(user_id))
    if retry_after is not None:
        minutes = max(1, -(-retry_after // 60))
        raise ApiError(429, TOO_MANY.format(minutes=minutes), shape="error",
                       headers={"Retry-After": str(retry_after)})


async def message_slot(request: Request) -> Response:
    """POST /api/organize/slots/{slot_id}/messages: preview or send a message to the slot."""
    organizer, slot = await slot_for_organizer(request)
    payload = await read_json(request, MessagePayload, shape="error")
    settings = request.app.state.settings
    catalogue: Catalogue = request.app.state.catalogue
    host = catalogue.host_of(slot)
    data = message_data(slot, organization=catalogue.organizations.get(host, slot.host_name),
                        subject=payload.subject, body=payload.body)
    people = await recipients(slot, payload.includeWaitlist)
    if payload.preview:
        composed = compose(data, settings.site_url)
        return JSONResponse({"recipients": len(people), "subject": composed.subject,
                             "body": composed.text})
    if not people:
        raise ApiError(409, NOBODY, shape="error")
    await _spend(request, organizer.user.id)
    async with in_transaction() as connection:
        await OrganizerMessage.create(
            sender_id=organizer.user.id, organization=host, slot_id=slot.id,
            subject=payload.subject, body=payload.body, include_waitlist=payload.includeWaitlist,
            recipients=len(people), sent_at=clock.now(settings), using_db=connection)
        for email, name in people.items():
            await enqueue(organizer_message_mail(email, name=name, data=data),
                          connection=connection)
    notify(request)
    count = len(people)
    return JSONResponse({"recipients": count, "message": ON_ITS_WAY.format(
        n=count, people="person" if count == 1 else "people")}, status_code=202)


def routes() -> list[BaseRoute]:
    """Return the messaging route."""
    return [Route("/api/organize/slots/{slot_id}/messages", message_slot, methods=["POST"])]
