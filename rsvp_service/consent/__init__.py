"""Guardian consent: a minor's RSVP to an event that asks for it waits on a parent's or guardian's
Approve, sent by email with a signed link; the seat is held until then, and released (through
the RSVP store's cancel path, which promotes the waitlist) on Decline or when the hold expires.

It owns the `GuardianConsent` table, the approve/decline endpoints and the periodic release of
expired or declined holds, and queues the guardian's email request; the email and its signed
token are mail's (`mail/consent_request.py`, `mail/consent_tokens.py`).

Domain floor, beside rsvps (`service-layers`: `rsvps : consent`, the one floor whose two
packages may import each other, because a held seat is both an RSVP and a consent request):
may import rsvps, follows, accounts, mail, jobs and the ground.
"""
