"""Organizing: roles, the organizer's events, rosters, CSV, messages, check-in and the admin
endpoints.

May import: rsvps (its store), accounts, mail, impact's records, db, events, clock,
settings, web's contract and limiter.
"""
