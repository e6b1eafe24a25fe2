"""The periodic job: the base of every background job (reminders, digests, consent release,
guest-data erasure), which a domain subclasses; the app's `background` runs them in one loop.

Ground floor (`service-layers`): may import db, process, clock and settings, never a domain.
"""
