"""Languages (issue 41): the supported locales, the request's language, and the catalogs.

Owns `LOCALES`, the negotiation of an `Accept-Language` header, the `.po` catalogs under
rsvp_service/locales (read at import, no compiled .mo), the language of the work at hand (a
context variable the web layer sets per request and the mail builder per email), and the markers
that put sentences in the catalogs. Imports nothing of the service: every floor may use it.

Usage:

    NOT_FOUND = N_("There is no event with that id.")  # stays the English str; extracted
    raise ApiError(404, NOT_FOUND)                      # the contract translates it when answering
    gettext("The field '{name}' is required.").format(name=name)  # translate, then fill in
    ngettext("{count} person", "{count} people", count).format(count=count)
    with speaking(rsvp.language): ...                   # an email in its recipient's language
"""

from rsvp_service.i18n.catalogs import (
    DEFAULT,
    LOCALES,
    N_,
    current,
    direction,
    gettext,
    language_names,
    negotiate,
    ngettext,
    speaking,
    supported,
    translate,
)

__all__ = ["DEFAULT", "LOCALES", "N_", "current", "direction", "gettext", "language_names",
           "negotiate", "ngettext",
           "speaking", "supported", "translate"]
