"""Following organizations and causes, and the weekly digest of their upcoming events.

Owns the follower, follow and digest tables (`models`), the follows store (`store`), the follow
and confirm endpoints (`routes`), one-click unsubscribe and the preferences link (`preferences`)
and the digest job (`digest`); its two emails and their signed links are mail's
(`mail/follow_notices.py`, `mail/follow_tokens.py`).

Domain floor, under rsvps (`service-layers`): may import accounts, mail, jobs and the ground;
organize (follower counts), privacy (export, deletion, retention) and the app import it.
"""
