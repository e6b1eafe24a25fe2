"""Outgoing email: each kind's typed payload and builder, rendering, the outbox (its table, sender
and `outbox` CLI), transports and DKIM signing (the .ics: `generator.calendars`).

Owns the `OutboxMessage` table (`models`), the kinds (`kinds`), the signed links its emails carry
(`consent_tokens`, `follow_tokens`, signed when an email is built so the outbox stores no working
link) and how a check-in code is shown (`checkin_code`).

The lowest domain floor (`service-layers`): domains call it, and it imports no domain, only the
ground (db, the event catalogue, signing, links, clock, settings) and the generator's calendars;
what a builder needs from a domain is in the payload its domain queued.
"""
