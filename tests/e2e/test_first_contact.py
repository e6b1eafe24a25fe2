"""Issue 26, a newcomer's first minute: the development server on a port of one's own."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    PASSWORD,
    Server,
    Session,
    field_by_label,
    unique_email,
    visit,
    wait_path,
)

pytestmark = pytest.mark.e2e

WIDTHS = [1280, 390]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_newcomer_registers_on_either_loopback_name(
    development_server: Server, new_session: Callable[..., Session], host: str, width: int
) -> None:
    """`PORT=<other> make run`: registering works on 127.0.0.1 and on localhost alike, and the
    session survives a reload there (its cookie belongs to the name the person used)."""
    port = development_server.url.rsplit(":", 1)[1]
    page = new_session(development_server, width=width).new_page()
    name = "Dana Whitfield"

    visit(page, f"http://{host}:{port}/register")
    field_by_label(page, r"^\s*(full )?name").fill(name)
    field_by_label(page, r"^\s*email").fill(unique_email(f"newcomer-{host}"))
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    field_by_label(page, r"(verify|confirm).*password").fill(PASSWORD)
    page.get_by_role("button", name=re.compile(r"^\s*(sign up|register|create account)\s*$",
                                               re.I)).click()

    wait_path(page, "/dashboard")
    assert page.url.startswith(f"http://{host}:{port}/")
    expect(page.locator("main").get_by_text(name).first).to_be_visible()
    expect(page.get_by_text("not allowed to use your session")).to_have_count(0)
    page.reload()
    expect(page.locator("main").get_by_text(name).first).to_be_visible()
