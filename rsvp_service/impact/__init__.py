"""A volunteer's impact: verified hours, badges, service-hours records and their PDF.

Domain floor, under privacy (`service-layers`): may import organize, rsvps, consent, follows,
accounts, mail, jobs and the ground.
"""
