"""CivicSTL's RSVP and account service (Starlette + Tortoise ORM), in floors that
import-linter checks (`[tool.importlinter]` in pyproject.toml):

- the app assembly: `__main__` (the command line) and `app` (app factory, server, OpenAPI,
  static files, the background runner), then `ops` (health, backups);
- the domains, each above the ones it may use: `privacy`, `impact`, `organize`,
  `rsvps : consent`, `follows`, `accounts`, `mail`;
- the ground: `web` (the HTTP foundation) and `jobs` (the periodic job), then `db`, `events`,
  `process`, `signing` and `links`, then `clock`, `settings` and `secret_keys`.
"""
