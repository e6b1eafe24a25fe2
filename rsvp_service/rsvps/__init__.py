"""RSVPs: create, cancel, waitlist, reminders, check-in codes and the one RSVP store.

May import: db, mail, accounts (the email normalizer, users), events, clock, settings, web's
errors and limiter.
"""
