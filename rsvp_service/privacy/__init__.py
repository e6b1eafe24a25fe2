"""Privacy: a person's export and deletion of everything, and the expiry of guests' data.

Domain floor, the highest (`service-layers`): it must find all of a person's rows, so it may
import every domain and the ground; only ops and the app import it.
"""
