"""The generated OpenAPI document covers every /api and /.well-known route, its methods and its
error answers."""

from __future__ import annotations

import re

import pytest
from starlette.applications import Starlette
from starlette.routing import Route

from rsvp_service.app.openapi import build_document

# The document depends on code only: no SQL dialect answers it differently (see conftest.py).
pytestmark = pytest.mark.sqlite_only
# The catch-all answering unknown /api paths with the JSON 404 is not an endpoint.
CATCH_ALL = {"/api", "/api/{rest}"}


def _api_routes(app: Starlette) -> dict[str, set[str]]:
    methods: dict[str, set[str]] = {}
    for route in app.routes:
        if isinstance(route, Route) and route.path.startswith(("/api", "/.well-known")):
            path = re.sub(r":\w+}", "}", route.path)
            methods.setdefault(path, set()).update((route.methods or set()) - {"HEAD"})
    return {path: found for path, found in methods.items() if path not in CATCH_ALL}


def test_every_api_route_of_the_app_is_documented_with_its_methods(app: Starlette) -> None:
    paths = build_document(app.routes)["paths"]

    documented = {path: {method.upper() for method in item} for path, item in paths.items()}
    assert documented == _api_routes(app)


def test_every_declared_status_has_a_description_and_every_error_a_schema(
    app: Starlette,
) -> None:
    document = build_document(app.routes)
    schemas = document["components"]["schemas"]

    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, answer in operation["responses"].items():
                where = f"{method.upper()} {path} {status}"
                assert answer["description"], where
                if int(status) >= 400:
                    content = answer.get("content")
                    assert content, f"{where} has no schema"
                    for media in content.values():
                        ref = media["schema"].get("$ref")
                        if ref is not None:
                            assert ref.rsplit("/", 1)[1] in schemas, f"{where}: {ref}"


def test_the_legacy_endpoints_document_their_legacy_shapes(app: Starlette) -> None:
    paths = build_document(app.routes)["paths"]

    def schema(path: str, method: str, status: str) -> object:
        return paths[path][method]["responses"][status]["content"]["application/json"]["schema"]

    legacy_errors = {"$ref": "#/components/schemas/LegacyErrors"}
    legacy_msg = {"$ref": "#/components/schemas/LegacyMessage"}
    assert schema("/api/auth/login", "post", "401") == legacy_errors
    assert schema("/api/auth/register", "post", "409") == legacy_errors
    assert schema("/api/auth/resend-verification", "post", "422") == legacy_msg
    assert schema("/api/auth/verify", "get", "400") == legacy_msg
    assert schema("/api/auth/refresh", "post", "401") == {
        "$ref": "#/components/schemas/ErrorBody"}


def test_the_document_names_the_token_and_cookie_schemes(app: Starlette) -> None:
    document = build_document(app.routes)

    assert document["openapi"] == "3.1.0"
    assert document["components"]["securitySchemes"] == {
        "accessToken": {"type": "apiKey", "in": "header", "name": "x-auth-token"},
        "refreshCookie": {"type": "apiKey", "in": "cookie", "name": "civicstl_refresh"},
    }
    assert document["paths"]["/api/rsvp"]["post"]["security"] == [{}, {"accessToken": []}]


def test_every_operation_has_its_own_id(app: Starlette) -> None:
    # A generated client names its calls by operationId: two alike would merge two endpoints.
    paths = build_document(app.routes)["paths"]
    ids = [op["operationId"] for item in paths.values() for op in item.values()]

    assert sorted(ids) == sorted(set(ids))
