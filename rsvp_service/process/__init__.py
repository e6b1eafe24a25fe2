"""What one process keeps for itself: its Prometheus counters and its lifeline to its parent.

Ground floor (import-linter's `service layers` contract): may import settings and the standard
library, nothing else of the service.
"""
