"""Background work: the mail sender, reminders, weekly digests and guest-data erasure, in one loop.

May import: mail, rsvps, follows, privacy, db, settings, clock.
"""
