"""Following from the site: a signed-in volunteer follows and unfollows; a guest follows by email.

A guest's follow waits for the owner of the address: the answer is one sentence whatever the
address (known, new, already following), and the confirmation link goes to the address.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.routing import BaseRoute
from tortoise.transactions import in_transaction

from rsvp_service import clock
from rsvp_service.accounts.models import User
from rsvp_service.accounts.tokens import signed_in, user_from_request
from rsvp_service.events import Catalogue
from rsvp_service.follows import store
from rsvp_service.follows.bodies import (
    Following,
    FollowPending,
    FollowRequest,
    FollowsConfirmed,
    FollowTarget,
    MyFollows,
    Unfollowed,
)
from rsvp_service.follows.models import Follow, Follower
from rsvp_service.i18n import N_, gettext
from rsvp_service.mail import follow_notices
from rsvp_service.mail import follow_tokens as tokens
from rsvp_service.mail.follow_tokens import Purpose
from rsvp_service.mail.outbox import enqueue, notify
from rsvp_service.web import contract
from rsvp_service.web.contract import ApiError, ErrorBody, LinkToken, Reply, endpoint
from rsvp_service.web.ratelimit import Limit, client_ip, enforce

UNKNOWN = N_(
    "We do not know that organization or cause. Follow from an organization's page or "
    "an event card, or check the spelling.")
EMAIL_NEEDED = N_(
    "Please enter your email address to follow without an account, or log in "
    "to follow with your account.")
NOT_VERIFIED = N_(
    "Please verify your email address first (use the link we emailed you when you "
    "signed up), then follow again.")
SIGN_IN = N_("Please log in to see and change what you follow.")
CHECK_EMAIL = N_(
    "Thanks! If this address can receive mail, we have sent it a link: open it and "
    "press Confirm to start getting the weekly email.")
NOW_FOLLOWING = N_("You follow {label}. Its upcoming events come in your weekly email.")
UNFOLLOWED = N_("You no longer follow {label}.")
BAD_LINK = N_(
    "This link is not valid: it may have been changed or copied only in part. Please "
    "use the link in your most recent email from CivicSTL, nothing was changed.")
CONFIRMED = N_(
    "Confirmed: you now get one email a week with the upcoming events of what you follow.")


def _target(request: Request, body: FollowTarget) -> store.Target:
    catalogue: Catalogue = request.app.state.catalogue
    found = store.resolve(catalogue, body)
    if found is None:
        raise ApiError(404, UNKNOWN)
    return found


async def follower_by_token(request: Request, purpose: Purpose, token: str) -> Follower:
    """The follower a token was signed for, for this purpose; else 404 with a sentence."""
    follower_id = tokens.follower_id_of(token)
    follower = None if follower_id is None else await Follower.get_or_none(id=follower_id)
    settings = request.app.state.settings
    if follower is None or not tokens.holds(settings, purpose, token, follower.email):
        raise ApiError(404, BAD_LINK)
    return follower


async def _follow_as(request: Request, user: User, target: store.Target) -> Following:
    if not user.is_verified:
        raise ApiError(403, NOT_VERIFIED)
    now = clock.now(request.app.state.settings)
    follower = await store.follower_for(user.email, user.id, now)
    row = await store.add_follow(follower, target, now, confirmed=True)
    return Following(message=gettext(NOW_FOLLOWING).format(label=target.label),
                     follow=store.item(request.app.state.catalogue, row))


async def _follow_as_guest(request: Request, email: str, target: store.Target) -> FollowPending:
    # Per (address, IP), never per address alone, so nobody can use up someone else's.
    await enforce(request, "follow-email-ip", f"{email}|{client_ip(request)}")
    now = clock.now(request.app.state.settings)
    follower = await store.follower_for(email, None, now)
    await store.add_follow(follower, target, now, confirmed=False)
    waiting = await Follow.filter(follower_id=follower.id, confirmed_at=None)
    if waiting:
        catalogue: Catalogue = request.app.state.catalogue
        labels = sorted(store.label_of(catalogue, row.kind, row.target) for row in waiting)
        async with in_transaction() as connection:
            await enqueue(follow_notices.confirm_mail(
                email, follower_id=follower.id, labels=labels, language=follower.language),
                connection=connection)
        notify(request)
    return FollowPending(message=CHECK_EMAIL)


@endpoint("POST", "/api/follows", body=FollowRequest,
          responses={200: Following, 202: FollowPending},
          errors={403: ErrorBody, 404: ErrorBody, 429: ErrorBody}, auth="optional",
          limits=(Limit("follow-ip", key="ip"), Limit("follow-email-ip", key="address+ip")),
          sends_mail_to="typed",
          summary="Follow an organization or a cause: at once when signed in, else by an "
          "emailed confirmation link (the same answer for every address).")
async def follow(request: Request, body: FollowRequest) -> Reply[Following] | Reply[FollowPending]:
    """POST /api/follows: follow (a no-op when already following)."""
    target = _target(request, body)
    user = await user_from_request(request)
    if user is not None:
        return Reply(await _follow_as(request, user, target), status=200)
    if body.email is None:
        raise ApiError(422, EMAIL_NEEDED)
    return Reply(await _follow_as_guest(request, body.email, target), status=202)


@endpoint("POST", "/api/follows/unfollow", body=FollowTarget, responses={200: Unfollowed},
          errors={401: ErrorBody, 404: ErrorBody, 429: ErrorBody}, auth="token",
          limits=(Limit("account-write", key="account"),),
          summary="Stop following an organization or a cause (a no-op when not following).")
async def unfollow(request: Request, body: FollowTarget) -> Unfollowed:
    """POST /api/follows/unfollow: the signed-in volunteer stops following it."""
    user = await signed_in(request, SIGN_IN)
    await enforce(request, "account-write", str(user.id))
    target = _target(request, body)
    for follower in await Follower.filter(store.followers_of(user)):
        await store.remove_follow(follower.id, target)
    return Unfollowed(message=gettext(UNFOLLOWED).format(label=target.label))


@endpoint("GET", "/api/me/follows", responses={200: MyFollows}, errors={401: ErrorBody},
          auth="token", summary="What the signed-in volunteer follows.")
async def my_follows(request: Request) -> MyFollows:
    """GET /api/me/follows: what the signed-in volunteer follows."""
    user = await signed_in(request, SIGN_IN)
    follower = await Follower.filter(store.followers_of(user)).order_by("id").first()
    if follower is None:
        return MyFollows(follows=[])
    return MyFollows(follows=await store.items(request.app.state.catalogue, follower.id))


@endpoint("POST", "/api/follows/confirm", body=LinkToken, responses={200: FollowsConfirmed},
          errors={404: ErrorBody, 429: ErrorBody}, limits=(Limit("follow-link", key="ip"),),
          summary="Confirm a guest's follows with the token of the emailed link.")
async def confirm(request: Request, body: LinkToken) -> FollowsConfirmed:
    """POST /api/follows/confirm: the address owner confirms what waits for confirmation."""
    follower = await follower_by_token(request, Purpose.CONFIRM, body.token)
    await store.confirm_all(follower.id, clock.now(request.app.state.settings))
    return FollowsConfirmed(message=CONFIRMED,
                            follows=await store.items(request.app.state.catalogue, follower.id))


def routes() -> list[BaseRoute]:
    """Return the follow routes."""
    return contract.routes(follow, unfollow, my_follows, confirm)
