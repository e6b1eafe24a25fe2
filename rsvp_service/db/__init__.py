"""The database: Tortoise's configuration, start-up with migrations, transactions, group
commit, the writability check and what a database failure is.

Ground floor (`service-layers`): may import process, clock and settings; Tortoise's private
names appear only in `tortoise_adapter`. Migrations copy the enums they write, never import them.
"""
