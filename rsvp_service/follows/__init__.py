"""Following organizations and causes, and the weekly digest of their upcoming events.

Owns the follower, follow and digest tables (`models`), the follows store (`store`), the signed
links of its emails (`tokens`), the follow and confirm endpoints (`routes`), one-click
unsubscribe and the preferences link (`preferences`) and the digest job (`digest`).

Domain floor, under rsvps (`service-layers`): may import accounts, mail, jobs and the ground;
organize (follower counts), privacy (export, deletion, retention) and the app import it.
"""
