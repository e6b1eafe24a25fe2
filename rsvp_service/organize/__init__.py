"""Organizing: roles, the organizer's events, rosters, CSV, messages, check-in, removals, blocks
and the admin endpoints.

Domain floor, under impact (`service-layers`): may import rsvps, consent, follows, accounts,
mail, jobs and the ground.
"""
