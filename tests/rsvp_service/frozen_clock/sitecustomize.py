"""Stops a test's service process's wall clock at FROZEN_CLOCK (an ISO time), with time-machine.

Python imports `sitecustomize` at start-up from PYTHONPATH: `service_testkit.frozen_clock`
puts this folder there. Only the wall clock stands still; the monotonic clock that timeouts
and the event loop use runs on.
"""

import os

if os.environ.get("FROZEN_CLOCK"):
    import time_machine

    time_machine.travel(os.environ["FROZEN_CLOCK"], tick=False).start()
