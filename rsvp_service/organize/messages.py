"""Organizers message a slot's people (and optionally its waitlist): preview, send, rate limit, log.

A send queues one email per address through the outbox and logs the message (sender, slot,
subject, body, recipients, time) in the same transaction, so a logged message is exactly
one that goes out. Sends are limited per organizer; previews are free.

Replies go to the sender's own verified address, or to the organization's listed contact when
the organizer chooses: the body names a choice, never an address. From stays the service's.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.transactions import in_transaction

from rsvp_service import clock, links
from rsvp_service.events import Catalogue, Slot
from rsvp_service.i18n import N_, gettext, ngettext
from rsvp_service.mail.organizer_message import (
    ReplyTo,
    compose,
    message_data,
    organizer_message_mail,
)
from rsvp_service.mail.outbox import enqueue, notify
from rsvp_service.organize.bodies import (
    MessagePayload,
    MessagePreview,
    MessageSent,
    ReplyChoices,
)
from rsvp_service.organize.models import OrganizerMessage
from rsvp_service.organize.roles import NOT_VERIFIED, Organizer
from rsvp_service.organize.roster import slot_for_organizer
from rsvp_service.rsvps.models import Rsvp, RsvpStatus
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, RateLimiter

LIMIT = "organizer-message"
NOBODY = N_(
    "Nobody on this slot's roster has an email address yet, so there is nobody to "
    "message. Nothing was sent.")
TOO_MANY = N_(
    "You have sent as many messages as we allow in an hour. "
    "Please wait {minutes} minutes and try again; nothing was sent.")
NO_CONTACT = N_(
    "{name} lists no contact email, so replies cannot go to the organization. Have "
    "replies come to your own address, or ask an editor to add the organization's "
    "email to its profile. Nothing was sent.")


def reply_choices(organizer: Organizer, catalogue: Catalogue, host: str) -> ReplyChoices:
    """Where replies to the organizer's messages about the host's events may go."""
    return ReplyChoices(me=organizer.user.email, organization=catalogue.contacts.get(host))


def reply_to(organizer: Organizer, catalogue: Catalogue, host: str,
             choice: str) -> ReplyTo:
    """The address replies go to: the organizer's own verified one, or the organization's
    listed contact; any other address cannot be asked for (409/403 when the choice is not
    available)."""
    name = catalogue.organizations.get(host, host)
    if choice == "organization":
        contact = catalogue.contacts.get(host)
        if contact is None:
            raise ApiError(409, gettext(NO_CONTACT).format(name=name))
        return ReplyTo(contact, name)
    # The role check refuses unverified accounts already; the rule stays where the address is used.
    if not organizer.user.is_verified:
        raise ApiError(403, NOT_VERIFIED)
    return ReplyTo(organizer.user.email, organizer.user.name)


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
        raise ApiError(429, gettext(TOO_MANY).format(minutes=minutes),
                       headers={"Retry-After": str(retry_after)})


@endpoint("POST", "/api/organize/slots/{slot_id}/messages", body=MessagePayload,
          responses={202: MessageSent, 200: MessagePreview},
          errors={401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody,
                  429: ErrorBody},
          auth="token", limits=(Limit(LIMIT, key="account"),),
          summary="Send (202) a message to the slot's people through the outbox, or preview "
          "it (200) with preview: true.")
async def message_slot(
    request: Request, body: MessagePayload
) -> Reply[MessageSent] | Reply[MessagePreview]:
    """POST /api/organize/slots/{slot_id}/messages: preview or send a message to the slot."""
    organizer, slot = await slot_for_organizer(request)
    settings = request.app.state.settings
    catalogue: Catalogue = request.app.state.catalogue
    host = catalogue.host_of(slot)
    replies = reply_to(organizer, catalogue, host, body.replyTo)
    data = message_data(slot, host=host,
                        organization=catalogue.organizations.get(host, slot.host_name),
                        subject=body.subject, body=body.body, reply_to=replies,
                        contact=catalogue.contacts.get(host))
    people = await recipients(slot, body.includeWaitlist)
    if body.preview:
        composed = compose(data, links.site(settings))
        return Reply(MessagePreview(recipients=len(people), subject=composed.subject,
                                    body=composed.text, replyTo=replies.address), status=200)
    if not people:
        raise ApiError(409, NOBODY)
    await _spend(request, organizer.user.id)
    async with in_transaction() as connection:
        await OrganizerMessage.create(
            sender_id=organizer.user.id, organization=host, slot_id=slot.id,
            subject=body.subject, body=body.body, include_waitlist=body.includeWaitlist,
            recipients=len(people), sent_at=clock.now(settings), using_db=connection)
        for email, name in people.items():
            await enqueue(organizer_message_mail(email, name=name, data=data),
                          connection=connection)
    notify(request)
    count = len(people)
    return Reply(MessageSent(recipients=count, message=ngettext(
        "Your message is on its way to {n} person.", "Your message is on its way to {n} people.",
        count).format(n=count)), status=202)


def routes() -> list[BaseRoute]:
    """Return the messaging route."""
    return contract.routes(message_slot)
