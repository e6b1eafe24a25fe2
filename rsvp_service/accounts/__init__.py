"""Accounts: users, passwords, sessions, tokens, email verification, password reset and
Google sign-in.

Domain floor, under follows (import-linter's `service-layers`): may import mail and the ground
(web's contract and limiter, db, events, process, signed ids, clock, settings).
"""
