"""Following organizations and causes, and the weekly digest of their upcoming events.

Owns the follower, follow and digest tables (`models`), the follows store (`store`), the signed
links of its emails (`tokens`), the follow and confirm endpoints (`routes`), one-click
unsubscribe and the preferences link (`preferences`) and the digest job (`digest`); its two
emails are built by the one mail builder (`mail/follow_notices.py`). It may import the
catalogue, the clock, settings, accounts (who is signed in, the email normalizer), the mail
outbox, jobs and the web contract; the app, the background work, organize (follower counts)
and privacy (export, deletion, retention) import it.
"""
