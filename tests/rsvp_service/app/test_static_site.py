"""Serving the built site: pages, redirects and the 404 page."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from pathlib import Path

import httpx
import pytest
from service_testkit import build_site

from generator.cli import main as generator_main
from rsvp_service.settings import Settings
from tests.generator.generator_testkit import VALID

# HTTP behaviour: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only

MakeClient = Callable[..., AbstractAsyncContextManager[httpx.AsyncClient]]


async def test_pages_redirects_and_404(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    settings = make_settings(static_dir=build_site(tmp_path / "site"))
    async with make_client(settings) as client:
        home = await client.get("/")
        page = await client.get("/Coca")
        page_slash = await client.get("/Coca/")
        image = await client.get("/images/logo.svg")
        redirect = await client.get("/coca")
        missing = await client.get("/no-such-page")
        api_missing = await client.get("/api/no-such-endpoint")

    assert (home.status_code, home.text) == (200, "<h1>Home</h1>")
    assert (page.status_code, page.text) == (200, "<h1>COCA</h1>")
    assert page_slash.status_code == 200
    assert image.headers["content-type"].startswith("image/svg+xml")
    assert image.headers["content-security-policy"] == (
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox")
    assert redirect.status_code == 301
    assert redirect.headers["location"] == "/Coca"
    assert (missing.status_code, missing.text) == (404, "<h1>Page not found</h1>")
    assert api_missing.status_code == 404
    assert api_missing.json() == {"error": "There is no such API endpoint."}
    assert "frame-ancestors 'none'" in home.headers["content-security-policy"]
    assert home.headers["referrer-policy"] == "no-referrer"


async def test_without_a_built_site_unknown_pages_are_plain_404(client: httpx.AsyncClient) -> None:
    response = await client.get("/no-such-page")

    assert response.status_code == 404
    assert response.text == "This page does not exist."


async def test_verify_hours_page_answers_every_code(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    site = build_site(tmp_path / "site")
    (site / "verify-hours").mkdir()
    (site / "verify-hours" / "index.html").write_text("<h1>Verify</h1>", encoding="utf-8")
    settings = make_settings(static_dir=site)
    async with make_client(settings) as client:
        bare = await client.get("/verify-hours")
        with_code = await client.get("/verify-hours/AbC_123-xyz.sig")
        head = await client.head("/verify-hours/AbC_123-xyz.sig")
        nested = await client.get("/verify-hours/a/b")
        api = await client.get("/api/hours-records/AbC_123-xyz.sig")

    assert (bare.status_code, bare.text) == (200, "<h1>Verify</h1>")
    assert (with_code.status_code, with_code.text) == (200, "<h1>Verify</h1>")
    assert with_code.headers["content-type"] == "text/html; charset=utf-8"
    assert "default-src 'self'" in with_code.headers["content-security-policy"]
    assert head.status_code == 200
    assert (nested.status_code, nested.text) == (404, "<h1>Page not found</h1>")
    # The fallback is the site's: API paths keep their own answers.
    assert api.headers["content-type"].startswith("application/json")


async def test_verify_hours_without_its_page_is_the_404_page(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    settings = make_settings(static_dir=build_site(tmp_path / "site"))
    async with make_client(settings) as client:
        response = await client.get("/verify-hours/some-code")

    assert (response.status_code, response.text) == (404, "<h1>Page not found</h1>")


async def test_only_the_web_editor_gets_its_relaxed_content_security_policy(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    site = build_site(tmp_path / "site")
    for folder, page in (("admin", "<h1>Editor</h1>"), ("adminstl", "<h1>A profile</h1>")):
        (site / folder).mkdir()
        (site / folder / "index.html").write_text(page, encoding="utf-8")
    (site / "admin" / "config.yml").write_text("backend: {name: github}\n", encoding="utf-8")
    async with make_client(make_settings(static_dir=site)) as client:
        editor = [await client.get(path) for path in ("/admin", "/admin/", "/admin/config.yml")]
        others = [await client.get(path) for path in
                  ("/", "/adminstl", "/Coca", "/admin/no-such-file.js")]

    assert [r.status_code for r in editor] == [200, 200, 200]
    for response in editor:
        policy = response.headers["content-security-policy"]
        assert "script-src 'self' 'unsafe-eval';" in policy
        assert "connect-src 'self' blob: https://api.github.com http://localhost:*" in policy
        assert "frame-ancestors 'none'" in policy
        assert response.headers["cross-origin-opener-policy"] == "same-origin-allow-popups"
    assert [r.status_code for r in others] == [200, 200, 200, 404]  # the site's 404 page
    for response in others:
        policy = response.headers["content-security-policy"]
        assert "'unsafe-eval'" not in policy and "blob:" not in policy
        assert "script-src 'self';" in policy
        assert response.headers["cross-origin-opener-policy"] == "same-origin"


async def test_only_a_development_editor_may_call_the_local_backend(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    """A production /admin whose page is subverted still cannot reach a backend on the
    visitor's machine (decap-server answers there); `make admin` (development) needs it."""
    site = build_site(tmp_path / "site")
    (site / "admin").mkdir()
    (site / "admin" / "index.html").write_text("<h1>Editor</h1>", encoding="utf-8")
    policies = {}
    for environment in ("production", "development"):
        settings = make_settings(static_dir=site, environment=environment,
                                 site_url="https://civicstl.example")
        async with make_client(settings) as client:
            policies[environment] = (await client.get("/admin/")).headers[
                "content-security-policy"]

    connect = {environment: next(part for part in policy.split("; ")
                                 if part.startswith("connect-src"))
               for environment, policy in policies.items()}
    assert connect["production"] == "connect-src 'self' blob: https://api.github.com"
    assert connect["development"] == ("connect-src 'self' blob: https://api.github.com "
                                      "http://localhost:* http://127.0.0.1:*")
    assert all("'unsafe-eval'" in policy for policy in policies.values())


async def test_site_files_are_gzipped_and_only_hashed_assets_cached_for_good(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    site = build_site(tmp_path / "site")
    script = "export const greeting = 'hello';\n" * 100
    (site / "assets").mkdir()
    (site / "assets" / "entry-Ab12Cd34.js").write_text(script, encoding="utf-8")
    (site / "auth" / "callback").mkdir(parents=True)
    (site / "auth" / "callback" / "index.html").write_text("<h1>Signing in</h1>", encoding="utf-8")
    settings = make_settings(static_dir=site)
    gzip, identity = {"accept-encoding": "gzip"}, {"accept-encoding": "identity"}
    async with make_client(settings) as client:
        packed = await client.get("/assets/entry-Ab12Cd34.js", headers=gzip)
        plain = await client.get("/assets/entry-Ab12Cd34.js", headers=identity)
        page = await client.get("/Coca", headers=gzip)
        callback = await client.get("/auth/callback", headers=gzip)
        api = await client.get("/api/config", headers=gzip)

    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(script) / 10
    assert packed.text == script  # httpx decodes the gzip body
    assert packed.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert "content-encoding" not in plain.headers
    assert plain.text == script
    # Pages keep their address across builds: browsers ask again (ETag) rather than keep them.
    assert page.headers["cache-control"] == "no-cache"
    # Google's sign-in hands its token to this page: nothing keeps it.
    assert (callback.status_code, callback.headers["cache-control"]) == (200, "no-store")
    assert api.status_code == 200
    assert "content-encoding" not in api.headers


async def test_paths_with_a_nul_byte_are_the_404_page(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path
) -> None:
    site = build_site(tmp_path / "site")
    (site / "assets").mkdir()
    async with make_client(make_settings(static_dir=site)) as client:
        responses = [await client.get(path) for path in
                     ("/%00", "/events%00", "/assets/%00", "/Coca/%00", "/index.html%00")]

    for response in responses:
        assert (response.status_code, response.text) == (404, "<h1>Page not found</h1>")


async def test_feeds_icons_manifest_and_security_txt_go_out_with_their_types(
    make_settings: Callable[..., Settings], make_client: MakeClient, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    site = build_site(tmp_path / "site")
    # The generator's own files, published beside the pages as the site's build copies them.
    assert generator_main(["build", "--content", str(VALID), "--out", str(tmp_path / "out")]) == 0
    capsys.readouterr()
    shutil.copytree(tmp_path / "out" / "public", site, dirs_exist_ok=True)
    settings = make_settings(static_dir=site)
    async with make_client(settings) as client:
        answers = {path: await client.get(path) for path in (
            "/events.atom", "/organizations/keenstl/events.atom", "/favicon.ico",
            "/apple-touch-icon.png", "/icon.svg", "/manifest.webmanifest",
            "/.well-known/security.txt", "/calendar.ics",
        )}

    assert {path: (r.status_code, r.headers["content-type"]) for path, r in answers.items()} == {
        "/events.atom": (200, "application/atom+xml"),
        "/organizations/keenstl/events.atom": (200, "application/atom+xml"),
        "/favicon.ico": (200, "image/vnd.microsoft.icon"),
        "/apple-touch-icon.png": (200, "image/png"),
        "/icon.svg": (200, "image/svg+xml"),
        "/manifest.webmanifest": (200, "application/manifest+json"),
        "/.well-known/security.txt": (200, "text/plain; charset=utf-8"),
        "/calendar.ics": (200, "text/calendar; charset=utf-8"),
    }
    assert answers["/favicon.ico"].content[:4] == b"\0\0\1\0"  # an ICO file's header
    assert answers["/manifest.webmanifest"].json()["icons"]
    assert answers["/.well-known/security.txt"].text.startswith("Contact: mailto:")
