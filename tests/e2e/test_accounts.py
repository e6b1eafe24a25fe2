"""Journeys 1, 2 and 5: register and verify, sign in, and sign out across tabs."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.helpers import (
    PASSWORD,
    Account,
    Mailbox,
    Server,
    Session,
    body_text,
    field_by_label,
    login_fields,
    record_seen_text,
    register_account,
    sign_in,
    unique_email,
    visit,
    wait_path,
    wait_seen,
)

pytestmark = pytest.mark.e2e

VERIFY_PROMPT = "Verify your account"


ROLE = re.compile(r"\bvolunteer\b", re.IGNORECASE)


def nav_link(page: Page, label: str) -> Locator:
    """The navigation bar's link called `label`."""
    return page.get_by_role("navigation").first.get_by_role("link", name=label, exact=True)


def expect_dashboard(page: Page, account: Account) -> None:
    """The dashboard shows the account's name and the role volunteer."""
    wait_path(page, "/dashboard")
    main = page.locator("main")
    expect(main.get_by_text(account.name).first).to_be_visible()
    expect(main.get_by_text(ROLE).first).to_be_visible()
    expect(page.get_by_role("button", name=re.compile(r"^\s*log ?out\s*$", re.I))).to_be_visible()


def test_register_verify_and_dashboard(
    pinned_server: Server, mailbox: Mailbox, new_session: Callable[..., Session]
) -> None:
    """1. Register (mismatch refused), land on the dashboard, verify through the email link."""
    session = new_session(pinned_server)
    page = session.new_page()
    account = Account(name="Avery Johnson", email=unique_email("register"), password=PASSWORD)

    visit(page, "/register")
    name = field_by_label(page, r"^\s*(full )?name")
    email = field_by_label(page, r"^\s*email")
    password = page.get_by_label("Password", exact=True)
    verify_password = field_by_label(page, r"(verify|confirm).*password")
    submit = page.get_by_role(
        "button", name=re.compile(r"^\s*(sign up|register|create account)\s*$", re.I)
    )
    expect(
        page.get_by_role("link", name=re.compile(r"(sign in|log in)", re.I)).first
    ).to_have_attribute("href", re.compile(r"^/login"))

    name.fill(account.name)
    email.fill(account.email)
    password.fill(account.password)
    verify_password.fill(account.password + "x")
    submit.click()
    expect(page.get_by_text("Passwords must match")).to_be_visible()
    wait_path(page, "/register")
    assert mailbox.messages_to(account.email) == [], "a refused form must not create an account"

    verify_password.fill(account.password)
    submit.click()
    expect_dashboard(page, account)
    expect(page.get_by_text(VERIFY_PROMPT)).to_be_visible()
    expect(page.get_by_role("button", name="Resend Verification")).to_be_visible()

    message = mailbox.wait_for(account.email, "verify")
    text = body_text(message)
    match = re.search(re.escape(pinned_server.url) + r"/verify\?token=[\w\-.~%]+", text)
    assert match, (
        f"the verification email has no {pinned_server.url}/verify?token=... link:\n{text}"
    )
    link = match.group(0)

    record_seen_text(page)
    visit(page, link)
    page.get_by_role("button", name="Verify Your Email").click()
    wait_seen(page, "Email verified successfully!")
    # The page leads on: to the dashboard, since no RSVP was under way.
    page.get_by_role("link", name="Go to your dashboard").click()
    expect_dashboard(page, account)
    expect(page.get_by_text(VERIFY_PROMPT)).to_have_count(0)
    expect(page.get_by_role("button", name="Resend Verification")).to_have_count(0)
    assert session.watch(page).page_errors == []


def test_login_wrong_password_then_right(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """2. A wrong password shows the error; the right one lands on /dashboard."""
    account = register_account(pinned_server, "Blake Carter", "login")
    session = new_session(pinned_server)
    page = session.new_page()

    visit(page, "/login")
    expect(
        page.get_by_role("link", name=re.compile(r"(sign up|register)", re.I)).first
    ).to_have_attribute("href", re.compile(r"^/register"))
    email_input, password_input, _submit = login_fields(page)
    expect(email_input).to_have_attribute("type", "email")

    sign_in(page, account, password="Not-The-Password-1!")
    error = page.get_by_text("Invalid email or password.")
    expect(error).to_be_visible()
    wait_path(page, "/login")

    # Any field edit clears the error.
    password_input.fill(account.password)
    expect(error).to_have_count(0)
    _submit.click()
    expect_dashboard(page, account)
    assert session.watch(page).page_errors == []


def test_logout_in_one_tab_logs_out_the_other(
    pinned_server: Server, new_session: Callable[..., Session]
) -> None:
    """5. Logging out in one tab signs the other out; /dashboard then redirects to /."""
    account = register_account(pinned_server, "Casey Morgan", "tabs")
    session = new_session(pinned_server)
    first = session.new_page()
    visit(first, "/login")
    sign_in(first, account)
    expect_dashboard(first, account)

    second = session.new_page()
    second.goto("/dashboard")
    expect_dashboard(second, account)
    expect(nav_link(second, "Dashboard")).to_be_visible()

    first.bring_to_front()
    first.get_by_role("button", name=re.compile(r"^\s*log ?out\s*$", re.I)).click()
    wait_path(first, "/")

    # The other tab follows through the storage event, without a reload.
    wait_path(second, "/")
    expect(
        second.get_by_role("navigation").first.get_by_role("link", name="Log in")
    ).to_be_visible()
    second.goto("/dashboard")
    wait_path(second, "/")
    expect(
        second.get_by_role("navigation").first.get_by_role("link", name="Log in")
    ).to_be_visible()
    assert session.watch(first).page_errors == []
    assert session.watch(second).page_errors == []


@pytest.mark.parametrize(("path", "label"), [("/login", "Sign in with Google"),
                                             ("/register", "Sign up with Google")])
def test_google_buttons_only_when_the_service_has_google(
    pinned_server: Server, google_server: Server, new_session: Callable[..., Session],
    path: str, label: str,
) -> None:
    """Without GOOGLE_CLIENT_ID/SECRET the service's /api/config says so and no Google button
    is shown (it would end in "OAuth authentication failed"); with them, the button is there
    and leads to the service's Google endpoint."""
    off = new_session(pinned_server).new_page()
    visit(off, path)
    expect(off.locator("html[data-hydrated]")).to_have_count(1)
    assert off.request.get("/api/config").json() == {"google": False}
    expect(off.get_by_role("button", name=re.compile(r"^\s*(sign in|log in|register|sign up)",
                                                     re.I)).first).to_be_visible()
    expect(off.get_by_role("button", name=re.compile("Google", re.I))).to_have_count(0)

    on = new_session(google_server).new_page()
    visit(on, path)
    assert on.request.get("/api/config").json() == {"google": True}
    button = on.get_by_role("button", name=label)
    expect(button).to_be_visible()
    with on.expect_request(re.compile(r"/api/auth/google$")) as started:
        on.route(re.compile(r"/api/auth/google$"), lambda route: route.abort())
        button.click()
    assert started.value.method == "GET"
