"""The HTTP foundation: the endpoint contract, path types, errors, middleware, security headers,
rate limits and the access log.

Ground floor (`service-layers`): may import db, process, clock and settings, never a domain;
every domain declares its endpoints through it, and the app assembles them.
"""
