"""What operators run and watch: backups and restores, /api/health and /metrics.

May import: db, mail's outbox (its health), settings, clock.
"""
