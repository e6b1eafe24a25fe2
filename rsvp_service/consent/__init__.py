"""Guardian consent: a minor's RSVP to an event that asks for it waits on a parent's or guardian's
Approve, sent by email with a signed link; the seat is held until then, and released (through
the RSVP store's cancel path, which promotes the waitlist) on Decline or when the hold expires.

It owns the `GuardianConsent` table, the consent tokens, the guardian's email request, the
approve/decline endpoints and the periodic release of expired or declined holds.
"""
