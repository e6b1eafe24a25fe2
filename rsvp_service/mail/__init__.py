"""Outgoing email: rendering, the outbox and its transports (the .ics: `generator.calendars`)."""
