"""PUT /api/me/language (issue 41): only the signed-in account sets its own language, within the
account-write limit; its later emails are written in it, and the export lists every language."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from mail_testkit import Mailbox, read_raw
from organize_testkit import MakeClient, account_writes, over_the_limit, person

from rsvp_service.accounts.models import User
from rsvp_service.settings import Settings

LANGUAGE = "/api/me/language"


async def test_only_the_signed_in_account_sets_its_own_language(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    zoe, headers = await person(settings, "zoe")
    kim, _ = await person(settings, "kim")

    anonymous = await client.put(LANGUAGE, json={"language": "es"})
    forged = await client.put(LANGUAGE, json={"language": "es"},
                              headers={"Authorization": "Bearer not-a-token"})
    kept = await client.put(LANGUAGE, headers=headers, json={"language": "bs"})

    assert anonymous.status_code == forged.status_code == 401
    assert kept.status_code == 200 and kept.json() == {"language": "bs"}
    assert (await User.get(id=zoe.id)).language == "bs"
    assert (await User.get(id=kim.id)).language == "en"
    exported = (await client.get("/api/me/export", headers=headers)).json()
    assert exported["account"]["language"] == "bs"


async def test_an_unsupported_language_is_refused_with_a_sentence(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    zoe, headers = await person(settings, "zoe")

    german = await client.put(LANGUAGE, headers=headers, json={"language": "de"})
    spanish = await client.put(LANGUAGE, headers={**headers, "Accept-Language": "es"},
                               json={"language": "xx"})
    extra = await client.put(LANGUAGE, headers=headers, json={"language": "es", "admin": True})

    assert german.status_code == spanish.status_code == extra.status_code == 422
    # The languages are listed from the supported ones, named in the answer's language.
    assert german.json() == {"error": "That language is not one we write in yet. Please choose "
                             "English, Spanish, or Bosnian."}
    assert spanish.headers["content-language"] == "es"
    assert spanish.json() == {"error": "Todavía no escribimos en ese idioma. Elige inglés, "
                              "español o bosnio."}
    assert (await User.get(id=zoe.id)).language == "en"


async def test_the_limit_is_kept_per_account(
    make_settings: Callable[..., Settings], make_client: MakeClient
) -> None:
    mine, theirs = await account_writes(make_settings, make_client, "PUT", LANGUAGE,
                                        {"language": "es"})
    assert (mine, theirs) == (over_the_limit(200), 200)


async def test_the_accounts_later_emails_follow_its_language(
    client: httpx.AsyncClient, settings: Settings, mailbox: Mailbox
) -> None:
    ann, headers = await person(settings, "ann")
    await client.put(LANGUAGE, headers=headers, json={"language": "es"})

    await client.post("/api/auth/forgot-password", json={"email": ann.email})

    await mailbox.wait_for(1)
    headers, parts = read_raw(mailbox.raw[0])
    assert headers["Content-Language"] == "es"
    assert '<html lang="es">' in parts["text/html"]
