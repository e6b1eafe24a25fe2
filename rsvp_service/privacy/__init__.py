"""Privacy: a person's export and deletion of everything, and the expiry of guests' data.

May import: every domain's tables (it must find all of a person's rows) and bodies, db, clock,
settings, web's contract and limiter.
"""
