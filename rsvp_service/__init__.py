"""CivicSTL's RSVP and account service (Starlette + Tortoise ORM)."""
