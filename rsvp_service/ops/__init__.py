"""What operators run and watch: backups and restores, and /api/health.

Floor under the app (`service-layers`): may import every domain and the ground.
"""
