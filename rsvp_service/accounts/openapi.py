"""The OpenAPI description of the /api/auth endpoints, for the service's /api/openapi.json.

Merge with `paths.update(auth_paths())` and
`components["securitySchemes"].update(auth_security_schemes())`.
"""

from __future__ import annotations

from typing import Any

from rsvp_service.accounts.sessions import REFRESH_COOKIE

_EMAIL = {"type": "string", "maxLength": 320}


def _object(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


def _json(schema: dict[str, Any], description: str, **extra: Any) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": schema}},
        **extra,
    }


def _errors(description: str) -> dict[str, Any]:
    item = _object({"msg": {"type": "string"}}, ["msg"])
    return _json(_object({"errors": {"type": "array", "items": item}}, ["errors"]), description)


def _msg(description: str) -> dict[str, Any]:
    return _json(_object({"msg": {"type": "string"}}, ["msg"]), description)


def _redirect(description: str) -> dict[str, Any]:
    return {"description": description, "headers": {"Location": {"schema": {"type": "string"}}}}


USER = _object(
    {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "email": {"type": "string"},
        "role": {"type": "string"},
        "phone": {"type": ["string", "null"]},
        "isVerified": {"type": "boolean"},
    },
    ["id", "name", "email", "role", "phone", "isVerified"],
)
SIGNED_IN = _object({"accessToken": {"type": "string"}, "user": USER}, ["accessToken", "user"])
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}}}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema}}}


def auth_paths() -> dict[str, Any]:
    """OpenAPI path items for every /api/auth endpoint."""
    credentials = _object(
        {"email": _EMAIL, "password": {"type": "string", "maxLength": 1024}},
        ["email", "password"],
    )
    registration = _object(
        {
            "name": {"type": "string", "maxLength": 200},
            "email": _EMAIL,
            "password": {"type": "string", "maxLength": 1024},
            "role": {"type": "string", "enum": ["volunteer"]},
        },
        ["name", "email", "password"],
    )
    bad_input = {
        "400": _errors("Malformed JSON."),
        "415": _errors("The body is not sent as application/json."),
        "422": _errors("A field is missing or wrong."),
    }
    foreign = {"403": _errors("The request came from a site that is not allowed.")}
    limited = {"429": _errors("Too many attempts.") | {"headers": RETRY_AFTER}}
    reset = _object(
        {
            "token": {"type": "string", "maxLength": 200},
            "password": {"type": "string", "maxLength": 1024},
        },
        ["token", "password"],
    )
    cookie = [
        {"name": REFRESH_COOKIE, "in": "cookie", "required": False, "schema": {"type": "string"}}
    ]
    return {
        "/api/auth/register": {
            "post": {
                "summary": "Create an account, send its verification email and sign it in.",
                "requestBody": _body(registration),
                "responses": {
                    "201": _json(SIGNED_IN, "Signed in; the refresh cookie is set."),
                    **bad_input,
                    **foreign,
                    "409": _errors("An account with this email already exists."),
                    "429": _errors("Too many attempts.") | {"headers": RETRY_AFTER},
                },
            }
        },
        "/api/auth/login": {
            "post": {
                "summary": "Sign in with email and password.",
                "requestBody": _body(credentials),
                "responses": {
                    "200": _json(SIGNED_IN, "Signed in; the refresh cookie is set."),
                    **bad_input,
                    **foreign,
                    "401": _errors("Invalid email or password."),
                    "429": _errors("Too many attempts.") | {"headers": RETRY_AFTER},
                },
            }
        },
        "/api/auth/refresh": {
            "post": {
                "summary": "Trade the refresh cookie for a new access token; rotates the cookie.",
                "parameters": cookie,
                "responses": {
                    "200": _json(
                        _object({"accessToken": {"type": "string"}}, ["accessToken"]), "OK."
                    ),
                    "401": _errors("No valid session."),
                    "403": _errors("The request came from a site that is not allowed."),
                },
            }
        },
        "/api/auth/logout": {
            "post": {
                "summary": "End the session behind the refresh cookie.",
                "parameters": cookie,
                "responses": {"200": _msg("Signed out."), "403": _errors("Foreign origin.")},
            }
        },
        "/api/auth/me": {
            "get": {
                "summary": "The signed-in user.",
                "security": [{"accessToken": []}],
                "responses": {"200": _json(USER, "The user."), "401": _errors("Not signed in.")},
            }
        },
        "/api/auth/resend-verification": {
            "post": {
                "summary": "Send a new verification link (same answer for unknown accounts).",
                "requestBody": _body(_object({"email": _EMAIL}, ["email"])),
                "responses": {
                    "200": _msg("Sent if the account needs it."),
                    "400": _msg("Malformed JSON."),
                    "415": _msg("The body is not sent as application/json."),
                    "422": _msg("The email is missing or invalid."),
                    "429": _msg("Too many attempts.") | {"headers": RETRY_AFTER},
                },
            }
        },
        "/api/auth/forgot-password": {
            "post": {
                "summary": "Email a one-hour, single-use password reset link "
                "(same answer and timing for unknown accounts).",
                "requestBody": _body(_object({"email": _EMAIL}, ["email"])),
                "responses": {
                    "200": _msg("Sent if an account uses the address."),
                    **bad_input,
                    **limited,
                },
            }
        },
        "/api/auth/reset-password": {
            "post": {
                "summary": "Set a new password with the token from a reset link; marks the "
                "email verified and ends every session of the account.",
                "requestBody": _body(reset),
                "responses": {
                    "200": _msg("Password changed; sign in with it."),
                    "400": _errors("Malformed JSON, or an invalid, expired or spent token."),
                    "415": bad_input["415"],
                    "422": _errors("A field is missing, or the new password is refused."),
                    **foreign,
                    **limited,
                },
            }
        },
        "/api/auth/verify": {
            "get": {
                "summary": "Spend a verification token from the email link.",
                "parameters": [
                    {
                        "name": "token",
                        "in": "query",
                        "required": False,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": _msg("Verified."),
                    "400": _msg("Missing, invalid or spent token."),
                },
            }
        },
        "/api/auth/google": {
            "get": {
                "summary": "Start Google sign-in (redirects to Google or the login error).",
                "responses": {"302": _redirect("To Google, or to /login?error=oauth_error.")},
            }
        },
        "/api/auth/google/callback": {
            "get": {
                "summary": "Finish Google sign-in; redirects to the site with a token.",
                "parameters": [
                    {"name": name, "in": "query", "required": False, "schema": {"type": "string"}}
                    for name in ("code", "state", "error")
                ],
                "responses": {"302": _redirect("To /auth/callback or /login?error=oauth_error.")},
            }
        },
    }


def auth_security_schemes() -> dict[str, Any]:
    """The `x-auth-token` header scheme used by /api/auth/me and the signed-in RSVP calls."""
    return {"accessToken": {"type": "apiKey", "in": "header", "name": "x-auth-token"}}
