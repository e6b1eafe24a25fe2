"""The forms' adapter: every site path taking a POST is a form mirroring a declared, limited
endpoint, and its answer page escapes whatever it shows."""

from __future__ import annotations

import pytest
from starlette.routing import Route

from rsvp_service.app.app import create_app
from rsvp_service.settings import Settings
from rsvp_service.web.contract import limit_problems
from rsvp_service.web.forms import FormRoute, Link, Page, page_response

pytestmark = pytest.mark.sqlite_only


def test_every_site_path_taking_a_post_is_a_form_of_a_limited_endpoint(
    settings: Settings,
) -> None:
    forms = {}
    for route in create_app(settings).routes:
        if isinstance(route, Route) and not route.path.startswith("/api") and (
                route.methods and "POST" in route.methods):
            owner = getattr(route.endpoint, "__self__", None)
            assert isinstance(owner, FormRoute), route.path
            # Its limits are its endpoint's: declared, and spent under that declaration.
            assert owner.mirrors.limits and not limit_problems(owner.mirrors), route.path
            forms[route.path] = owner.mirrors.path
    assert forms == {"/rsvp": "/api/rsvp", "/login": "/api/auth/login",
                     "/register": "/api/auth/register", "/cancel": "/api/rsvp/cancel",
                     "/consent": "/api/consent/approve", "/follows": "/api/follows/confirm",
                     "/hours-request": "/api/hours-requests/confirm"}


def test_the_answer_page_escapes_what_it_shows() -> None:
    page = Page("<b>Hi</b>", "<script>alert(1)</script>",
                links=(Link('/rsvp?x="><script>', "<i>back</i>"),), status=422)
    body = bytes(page_response(page).body).decode()
    assert "<script>" not in body and "<b>" not in body and "<i>" not in body
    assert "<h1>&lt;b&gt;Hi&lt;/b&gt;</h1>" in body
    assert ('<p class="refused" role="alert">&lt;script&gt;alert(1)&lt;/script&gt;</p>'
            in body)
    assert '<a href="/rsvp?x=&#34;&gt;&lt;script&gt;">&lt;i&gt;back&lt;/i&gt;</a>' in body
    assert '<title>&lt;b&gt;Hi&lt;/b&gt; · CivicSTL</title>' in body
