"""What the HTML forms' answer pages say (rsvp_service/web/forms.py), read as a person reads it."""

from __future__ import annotations

import html
import re

import httpx

ANSWER = re.compile(r'<p class="(?:done|refused)" role="(?:status|alert)">(.*?)</p>')


def sentence(page: httpx.Response) -> str:
    """The answer page's sentence, as the person reads it."""
    found = ANSWER.search(page.text)
    assert found is not None, page.text
    return html.unescape(found.group(1))
