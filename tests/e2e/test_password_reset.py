"""Journey: forgot password -> email -> reset page -> sign in with the new password."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import (
    Mailbox,
    Server,
    Session,
    body_text,
    field_by_label,
    register_account,
    settle,
    sign_in,
    visit,
    wait_path,
)

pytestmark = pytest.mark.e2e

NEW_PASSWORD = "Maple-Lantern-Harbor-77"
SENT = "If an account uses that email, a link to choose a new password is on its way."
DONE = "Your password has been changed. Please sign in with your new password."


def test_forgot_password_reset_and_sign_in_with_the_new_password(
    pinned_server: Server, mailbox: Mailbox, new_session: Callable[..., Session]
) -> None:
    account = register_account(pinned_server, "Robin Reyes", "reset")
    session = new_session(pinned_server)
    page = session.new_page()

    visit(page, "/login")
    page.get_by_role("link", name="Forgot your password?").click()
    wait_path(page, "/reset-password")
    settle(page)
    field_by_label(page, r"^\s*email").fill(account.email)
    page.get_by_role("button", name="Send Reset Link").click()
    expect(page.get_by_text(SENT)).to_be_visible()

    text = body_text(mailbox.wait_for(account.email, "reset"))
    match = re.search(re.escape(pinned_server.url) + r"/reset-password#token=[\w\-]+", text)
    assert match, f"no {pinned_server.url}/reset-password#token=... link in the email:\n{text}"

    # The link opens in a new tab, as from an email client.
    reset_page = session.new_page()
    visit(reset_page, match.group(0))
    new_password = reset_page.get_by_label("New Password", exact=True)
    verify_password = field_by_label(reset_page, r"^\s*verify password")
    expect(new_password).to_be_visible()
    # The token leaves the address bar (and history) once the page has read it.
    assert "token" not in reset_page.url
    submit = reset_page.get_by_role("button", name="Reset Password")
    new_password.fill(NEW_PASSWORD)
    verify_password.fill(NEW_PASSWORD + "x")
    submit.click()
    expect(reset_page.get_by_text("Passwords must match")).to_be_visible()
    verify_password.fill(NEW_PASSWORD)
    submit.click()
    expect(reset_page.get_by_text(DONE)).to_be_visible()

    reset_page.get_by_role("link", name="Sign In", exact=True).click()
    wait_path(reset_page, "/login")
    settle(reset_page)
    sign_in(reset_page, account, NEW_PASSWORD)
    wait_path(reset_page, "/dashboard")
    expect(reset_page.locator("main").get_by_text(account.name).first).to_be_visible()
    assert session.watch(page).page_errors == []
    assert session.watch(reset_page).page_errors == []
