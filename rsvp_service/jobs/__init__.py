"""Background work: the mail sender, reminders and guest-data erasure, in one loop.

May import: mail, rsvps, privacy, db, settings, clock.
"""
