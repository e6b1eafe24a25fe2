"""What a failed delivery means: final or worth retrying, a server outage or not, and why.

Reasons are kept and logged without email addresses (privacy by default).
"""

from __future__ import annotations

import re

from aiosmtplib import (
    SMTPDataError,
    SMTPNotSupported,
    SMTPRecipientRefused,
    SMTPRecipientsRefused,
    SMTPResponseException,
    SMTPSenderRefused,
)

from rsvp_service.mail.message import PermanentMailError

ADDRESS = re.compile(r"[^\s<>\"'(),;:]+@[^\s<>\"'(),;:]+")


def redact(text: str) -> str:
    """Return the text with every email address replaced (for logs and stored reasons)."""
    return ADDRESS.sub("[address]", text)


def describe(exc: BaseException) -> str:
    """Return a one-line reason for a failed delivery, without addresses."""
    if isinstance(exc, SMTPRecipientsRefused) and exc.recipients:
        exc = exc.recipients[0]
    if isinstance(exc, SMTPResponseException):
        text = f"The mail server answered {exc.code} {exc.message}"
    else:
        text = f"{type(exc).__name__}: {exc}"
    return redact(" ".join(text.split()))[:1000]


def is_permanent(exc: BaseException) -> bool:
    """Whether a delivery error means this message can never be delivered as it is."""
    if isinstance(exc, PermanentMailError | UnicodeError):
        return True
    if isinstance(exc, SMTPRecipientsRefused):
        return all(refused.code >= 500 for refused in exc.recipients)
    if isinstance(exc, SMTPSenderRefused | SMTPRecipientRefused | SMTPDataError):
        return exc.code >= 500
    # Raised when the recipient needs SMTPUTF8 and the server lacks it.
    return isinstance(exc, SMTPNotSupported) and "SMTPUTF8" in str(exc)


def is_connection_error(exc: BaseException) -> bool:
    """Whether a delivery error means the mail server could not be reached at all."""
    # aiosmtplib's connect, disconnect and timeout errors are OSErrors too.
    return isinstance(exc, OSError)
