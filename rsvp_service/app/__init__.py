"""The app assembly: the app factory, the server and its command line, the OpenAPI document,
the built site's static files and the runner of the background jobs.

Top floor (import-linter's `service-layers` contract): it may import every domain and the
ground; no domain or ground module imports it (`assembly-on-top`).
"""
