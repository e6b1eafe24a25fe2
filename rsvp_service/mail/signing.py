"""DKIM signatures (RFC 6376) on outgoing mail, for operators whose relay does not sign.

Optional: with DKIM_KEY_FILE (a PEM RSA private key) and DKIM_SELECTOR set, the outbox signs
every message just before handing it to the transport, over the bytes the transport sends. The
public key goes into DNS at `SELECTOR._domainkey.DOMAIN` (deploy/README.md says how). dkimpy is
imported only when a key is configured.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import parseaddr

from rsvp_service.mail import headers
from rsvp_service.mail.message import as_bytes
from rsvp_service.settings import Settings

# The headers a reader trusts or a client acts on. Each is signed once more than the message
# has it (RFC 6376 8.15, "oversigning"): a forger can neither change one nor add one, such as a
# Reply-To or a second Subject. Received and the like, added on the way, are not signed.
SIGNED = ("From", "To", "Subject", "Date", "Message-ID", "Reply-To", "List-Id",
          "List-Unsubscribe", "List-Unsubscribe-Post", "Auto-Submitted", "MIME-Version",
          "Content-Type", "Content-Transfer-Encoding")


class DkimKeyError(ValueError):
    """DKIM_KEY_FILE cannot be read or holds no RSA private key."""


@dataclass(frozen=True, slots=True)
class DkimSigner:
    """Signs messages for one domain and selector with one private key."""

    key: bytes
    selector: str
    domain: str

    def sign(self, message: EmailMessage) -> None:
        """Add a DKIM-Signature over the body and the headers that matter, present or not."""
        import dkim

        names = [name.encode() for name in SIGNED
                 for _ in range(len(message.get_all(name, [])) + 1)]
        # relaxed/relaxed: a relay that refolds a header or trims trailing spaces breaks nothing.
        signature = dkim.sign(
            as_bytes(message), self.selector.encode(), self.domain.encode(), self.key,
            include_headers=names, canonicalize=(b"relaxed", b"relaxed"))
        value = signature.decode("ascii").removeprefix(f"{headers.DKIM_SIGNATURE}: ")
        message[headers.DKIM_SIGNATURE] = headers.Verbatim(
            headers.DKIM_SIGNATURE, value.removesuffix("\r\n"))


def signer_for(settings: Settings) -> DkimSigner | None:
    """Return the signer DKIM_KEY_FILE configures (None without one); check the key now."""
    path = settings.dkim_key_file
    if path is None:
        return None
    import dkim.crypto

    try:
        key = path.read_bytes()
        dkim.crypto.parse_pem_private_key(key)
    except OSError as exc:
        raise DkimKeyError(f"DKIM_KEY_FILE {path} cannot be read ({exc.strerror}); "
                           "point it at the PEM private key, or unset it.") from None
    except (dkim.crypto.UnparsableKeyError, dkim.crypto.ASN1FormatError, ValueError):
        raise DkimKeyError(f"DKIM_KEY_FILE {path} holds no PEM RSA private key; make one with "
                           "`openssl genrsa -out dkim.pem 2048`.") from None
    domain = settings.dkim_domain or parseaddr(settings.mail_from)[1].rpartition("@")[2]
    assert settings.dkim_selector is not None  # the settings require it with a key file
    return DkimSigner(key, settings.dkim_selector, domain)
