"""The HTTP layer: the app factory, middleware, security headers, rate limits, errors, the
built site's static files, the OpenAPI document and what uvicorn serves.

May import every domain (it mounts their routes); the domains import only its errors, limiter
and path types.
"""
