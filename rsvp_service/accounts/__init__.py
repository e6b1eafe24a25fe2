"""Accounts for the RSVP service: passwords, tokens, email verification and Google sign-in."""
