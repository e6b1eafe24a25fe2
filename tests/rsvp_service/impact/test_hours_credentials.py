"""Hours credentials (Open Badges 3.0, VC-JWT): verified by an independent library against the
served JWKS, tamper-evident, surviving key rotation, revocable, and only for their owner."""

from __future__ import annotations

import base64
import stat

import httpx
import jwt
import pytest
from organize_testkit import DURING_TINY, at, person, rsvp, slot_path
from service_testkit import TEST_SECRET_KEY, TINY_SLOT, run_command

from rsvp_service.impact import credential_keys
from rsvp_service.settings import Settings

NOT_VALID = "This verification code is not valid. Check that the link was copied in full."
SITE = {"Origin": "http://127.0.0.1:8000"}
ISSUER = "http://127.0.0.1:8000/.well-known/civicstl-issuer.json"


async def record_of_zoe(client: httpx.AsyncClient, settings: Settings
                        ) -> tuple[dict[str, str], str]:
    """Zoë, checked in at the tiny slot (1 h), issued a record: her headers and its code."""
    _, staff = await person(settings, "ada", admin=True)
    zoe, headers = await person(settings, "zoe")
    await zoe.filter(id=zoe.id).update(name="Zoë Ångström")
    row = await rsvp(TINY_SLOT, "Zoë", user=zoe)
    at(settings, DURING_TINY)
    await client.post(slot_path(TINY_SLOT, "/checkins"), headers=staff, json={"attendee": row.id})
    at(settings, "2025-06-01T12:00:00-05:00")
    code = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    return headers, code


async def download(client: httpx.AsyncClient, headers: dict[str, str], code: str) -> str:
    """The credential as the dashboard downloads it."""
    answer = await client.get(f"/api/me/hours-records/{code}/credential.jwt", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/jwt"
    return answer.text


async def verified(client: httpx.AsyncClient, token: str) -> dict[str, object]:
    """The claims, verified with PyJWT (not the signer's code) against the served JWKS."""
    keys = jwt.PyJWKSet.from_dict((await client.get("/.well-known/jwks.json")).json())
    kid = jwt.get_unverified_header(token)["kid"]
    [key] = [k for k in keys.keys if k.key_id == kid]
    claims: dict[str, object] = jwt.decode(token, key=key, algorithms=["EdDSA"],
                                           options={"require": ["iss", "jti", "nbf"]})
    return claims


def segment(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


async def test_a_downloaded_credential_verifies_against_the_served_keys_with_pyjwt(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)

    token = await download(client, headers, code)
    claims = await verified(client, token)

    header = jwt.get_unverified_header(token)
    assert (header["alg"], header["typ"]) == ("EdDSA", "JWT")
    assert claims["@context"] == ["https://www.w3.org/ns/credentials/v2",
                                  "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"]
    assert claims["type"] == ["VerifiableCredential", "OpenBadgeCredential"]
    assert claims["issuer"] == {"id": ISSUER, "type": ["Profile"], "name": "CivicSTL",
                                "url": "http://127.0.0.1:8000"}
    assert claims["iss"] == ISSUER and claims["jti"] == claims["id"]
    assert claims["validFrom"] == "2025-06-01T17:00:00Z"
    assert claims["nbf"] == 1748797200
    subject = claims["credentialSubject"]
    assert isinstance(subject, dict)
    assert subject["type"] == ["AchievementSubject"]
    assert subject["identifier"] == [{"type": "IdentityObject", "identityType": "name",
                                      "identityHash": "Zoë Ångström", "hashed": False}]
    assert subject["achievement"]["name"] == "1 hour of volunteer service"
    assert claims["evidence"] == [{
        "type": ["Evidence"], "name": "Tiny Workshop",
        "description": "KEEN St. Louis, May 1, 2025 (2025-05-01): 1 hour, by check-in"}]
    assert claims["credentialStatus"] == {
        "id": f"http://127.0.0.1:8000/api/hours-records/{code}/status",
        "type": "CivicSTLRecordStatus"}
    raw = base64.urlsafe_b64decode(token.split(".")[1] + "==")
    assert b"@example.org" not in raw and b"zoe" not in raw.lower()


async def test_the_credential_says_the_records_period_and_purpose(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, _ = await record_of_zoe(client, settings)
    asked = await client.post("/api/me/hours-records", headers=headers, json={
        "period": "custom", "from": "2025-05-01", "to": "2025-05-31", "purpose": "nhs"})
    assert asked.status_code == 201, asked.text
    code = asked.json()["code"]
    claims = await verified(client, await download(client, headers, code))
    subject = claims["credentialSubject"]
    assert isinstance(subject, dict)
    assert subject["achievement"]["description"] == (
        "Zoë Ångström served 1 hour in 1 attested entry with 1 organization, from 2025-05-01 "
        "to 2025-05-31. Purpose: National Honor Society. Record "
        f"{code}: http://127.0.0.1:8000/verify-hours/{code}")
    assert "checks the volunteer in" in subject["achievement"]["criteria"]["narrative"]
    assert "supervisor confirms hours served elsewhere" in \
        subject["achievement"]["criteria"]["narrative"]


async def test_changing_one_byte_of_the_payload_fails_verification(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)
    token = await download(client, headers, code)
    head, body, signature = token.split(".")
    payload = base64.urlsafe_b64decode(body + "==")
    # One byte of the JSON: "1 hour" becomes "9 hour".
    position = payload.index(b'"1 hour')
    changed = payload[:position + 1] + b"9" + payload[position + 2:]
    # And one character of the encoded payload as sent.
    flipped = body[:10] + ("A" if body[10] != "A" else "B") + body[11:]

    for forged in (f"{head}.{segment(changed)}.{signature}", f"{head}.{flipped}.{signature}"):
        with pytest.raises(jwt.InvalidSignatureError):
            await verified(client, forged)


async def test_after_rotation_old_credentials_verify_and_new_ones_carry_the_new_kid(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)
    before = await download(client, headers, code)

    new_key = credential_keys.rotate(settings)
    after = await download(client, headers, code)
    jwks = (await client.get("/.well-known/jwks.json")).json()

    old_kid, new_kid = (jwt.get_unverified_header(t)["kid"] for t in (before, after))
    assert new_kid == new_key.kid != old_kid
    assert [k["kid"] for k in jwks["keys"]] == [new_kid, old_kid]
    assert (await verified(client, before))["id"] == (await verified(client, after))["id"]
    # Ed25519 is deterministic and the token holds no signing time: one record, one key, one token.
    assert after == await download(client, headers, code)


async def test_the_keys_are_private_files_and_the_jwks_holds_public_parts_only(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    credential_keys.current(settings)  # made on first use
    credential_keys.rotate(settings)
    answer = await client.get("/.well-known/jwks.json")
    issuer = await client.get("/.well-known/civicstl-issuer.json")

    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "public, max-age=300"
    assert answer.headers["access-control-allow-origin"] == "*"
    for key in answer.json()["keys"]:
        assert set(key) == {"kty", "crv", "x", "kid", "alg", "use"}
        assert (key["kty"], key["crv"], key["alg"], key["use"]) == ("OKP", "Ed25519", "EdDSA",
                                                                     "sig")
    place = credential_keys.folder(settings)
    assert stat.S_IMODE(place.stat().st_mode) == 0o700
    files = sorted(place.iterdir())
    assert [f.name for f in files] == ["key-000001.pem", "key-000002.pem"]
    assert all(stat.S_IMODE(f.stat().st_mode) == 0o600 for f in files)
    assert issuer.json()["id"] == ISSUER and issuer.json()["type"] == ["Profile"]
    assert issuer.headers["cache-control"] == "public, max-age=300"


async def test_the_status_says_revoked_once_the_owner_revokes_or_deletes(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)
    status_url = f"/api/hours-records/{code}/status"
    active = (await client.get(status_url)).json()

    await client.post(f"/api/me/hours-records/{code}/revoke", headers=headers)
    revoked = (await client.get(status_url)).json()
    again = await client.get(f"/api/me/hours-records/{code}/credential.jwt", headers=headers)
    second = (await client.post("/api/me/hours-records", headers=headers)).json()["code"]
    await client.post("/api/me/delete", headers={**headers, **SITE}, json={"confirm": "DELETE"})
    deleted = await client.get(f"/api/hours-records/{second}/status")

    assert active == {"code": code, "status": "active", "issuedAt": "2025-06-01T17:00:00+00:00"}
    assert revoked["status"] == "revoked"
    assert again.status_code == 410
    assert deleted.status_code == 200 and deleted.json()["status"] == "revoked"


async def test_the_export_lists_the_credential_and_where_its_status_is(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)
    claims = await verified(client, await download(client, headers, code))

    [record] = (await client.get("/api/me/export", headers=headers)).json()["hours_records"]

    assert record["credential_id"] == claims["id"] == claims["jti"]
    assert record["credential_status"] == claims["credentialStatus"]["id"]  # type: ignore[index]


async def test_a_stranger_gets_no_credential_and_no_status_for_a_forged_code(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    _, code = await record_of_zoe(client, settings)
    _, mallory = await person(settings, "mallory")
    record_id, mac = code.split("-")
    forged = f"{record_id}-{'a' * len(mac) if mac[0] != 'a' else 'b' * len(mac)}"

    theirs = await client.get(f"/api/me/hours-records/{code}/credential.jwt", headers=mallory)
    anonymous = await client.get(f"/api/me/hours-records/{code}/credential.jwt")
    nothing = await client.get(f"/api/me/hours-records/{forged}/credential.jwt",
                               headers=mallory)
    status = await client.get(f"/api/hours-records/{forged}/status")

    assert theirs.status_code == 404 and theirs.json() == {"error": NOT_VALID}
    assert nothing.status_code == 404 and nothing.json() == theirs.json()
    assert anonymous.status_code == 401
    assert status.status_code == 404 and status.json() == {"error": NOT_VALID}


async def test_downloads_are_limited_per_owner(
    client: httpx.AsyncClient, settings: Settings
) -> None:
    headers, code = await record_of_zoe(client, settings)
    path = f"/api/me/hours-records/{code}/credential.jwt"

    answers = [(await client.get(path, headers=headers)).status_code for _ in range(61)]

    assert answers[:60] == [200] * 60 and answers[60] == 429


def test_two_processes_making_the_first_key_at_once_end_with_one(settings: Settings) -> None:
    made = [credential_keys._create(settings, 1) for _ in range(2)]

    assert made == [True, False]
    assert [k.kid for k in credential_keys.all_keys(settings)] == [
        credential_keys.current(settings).kid]
    assert not [p for p in credential_keys.folder(settings).iterdir() if p.name.startswith(".")]


def test_the_rotate_command_makes_a_new_current_key_and_keeps_the_old(
    settings: Settings,
) -> None:
    first = credential_keys.current(settings).kid
    env = {"ENVIRONMENT": "test", "SECRET_KEY": TEST_SECRET_KEY,
           "VAR_DIR": str(settings.var_dir), "SITE_URL": settings.site_url}

    rotated = run_command(env, "credentials", "rotate-key")
    listed = run_command(env, "credentials", "keys")

    new = credential_keys.current(settings).kid
    assert rotated.returncode == 0, rotated.stderr
    assert rotated.stdout.startswith(f"New current key {new};") and new != first
    assert listed.stdout.splitlines() == [f"{new}  (current)", first]
    assert "PRIVATE" not in rotated.stdout + listed.stdout
