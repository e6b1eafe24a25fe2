"""The database: Tortoise's configuration, start-up with migrations, transactions, group
commit and the writability check.

May import: settings only.
"""
