"""RSVPs: create, cancel, waitlist, reminders, check-in codes, attendance, who may hold seats and
the one RSVP store.

Domain floor, beside consent (`service-layers`: `rsvps : consent`; see consent's docstring):
may import consent, follows, accounts, mail, jobs and the ground.
"""
