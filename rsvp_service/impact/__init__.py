"""A volunteer's impact: verified hours, badges, service-hours records and their PDF.

May import: organize's tables and bodies, rsvps' models, accounts, events, db, clock,
settings, web's contract and limiter.
"""
