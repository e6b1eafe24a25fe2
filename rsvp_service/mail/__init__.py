"""Outgoing email: rendering, calendar attachments, the outbox and its transports."""
