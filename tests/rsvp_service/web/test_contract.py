"""The endpoint contract on a tiny app: parsing, error shapes, Reply, and handlers that disagree."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from pydantic import BaseModel, ConfigDict, Field
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from rsvp_service.app.openapi import build_document
from rsvp_service.web import contract
from rsvp_service.web.contract import (
    ApiError,
    ContractError,
    ErrorBody,
    LegacyErrors,
    Media,
    Reply,
    endpoint,
)


class Greeting(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=8)


class Hello(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hello: str


class Other(BaseModel):
    model_config = ConfigDict(extra="forbid")

    other: str


class Conflict(ErrorBody):
    position: int


class Page(BaseModel):
    page: int = Field(ge=1)


@endpoint("POST", "/t/hello", body=Greeting, responses={201: Hello},
          errors={404: ErrorBody, 409: Conflict}, summary="Greet.")
async def hello(request: Request, body: Greeting) -> Hello | Reply[Conflict]:
    if body.name == "nobody":
        raise ApiError(404, "Nobody is here.")
    if body.name == "full":
        return Reply(Conflict(error="Taken.", position=2), status=409)
    return Hello(hello=body.name)


@endpoint("POST", "/t/legacy", body=Greeting, responses={200: Hello}, errors={401: LegacyErrors},
          error_shape="errors", summary="Legacy.")
async def legacy(request: Request, body: Greeting) -> Hello:
    raise ApiError(401, "Invalid email or password.")


@endpoint("GET", "/t/items/{item:int}", query=Page, responses={200: Hello}, summary="Item.")
async def item(request: Request, query: Page) -> Reply[Hello]:
    def set_cookie(response: Response) -> None:
        response.set_cookie("seen", "yes")

    return Reply(Hello(hello=f"{request.path_params['item']}/{query.page}"),
                 headers={"X-Page": str(query.page)}, finish=set_cookie)


@endpoint("GET", "/t/wrong-model", responses={200: Hello}, summary="Disagrees.")
async def wrong_model(request: Request) -> Other:
    return Other(other="not the declared model")


@endpoint("GET", "/t/undeclared-error", responses={200: Hello}, summary="Disagrees.")
async def undeclared_error(request: Request) -> Hello:
    raise ApiError(418, "I am a teapot.")


@endpoint("GET", "/t/plain", responses={200: Hello}, summary="Disagrees.")
async def plain_for_model(request: Request) -> Response:
    return PlainTextResponse("hello")


@endpoint("GET", "/t/text", responses={200: Media("text/plain")}, summary="Text.")
async def text(request: Request) -> Response:
    return PlainTextResponse("hello")


APP = Starlette(routes=contract.routes(
    hello, legacy, item, wrong_model, undeclared_error, plain_for_model, text))


@pytest.fixture
async def tiny() -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=APP, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        yield client


async def test_a_declared_model_is_answered_with_the_single_2xx(tiny: httpx.AsyncClient) -> None:
    response = await tiny.post("/t/hello", json={"name": "Ada"})
    assert response.status_code == 201
    assert response.json() == {"hello": "Ada"}


@pytest.mark.parametrize(
    ("content", "headers", "status", "error"),
    [
        ('{"name": "Ada"}', {"content-type": "text/plain"}, 415,
         "The request body must be sent as JSON, with Content-Type: application/json."),
        ('{"name": ', {"content-type": "application/json"}, 400,
         "The request body is not valid JSON."),
        ("[" * 100_000, {"content-type": "application/json"}, 400,
         "The request body is nested too deeply to be read."),
        ('["Ada"]', {"content-type": "application/json"}, 422,
         "The request body must be a JSON object."),
        ("{}", {"content-type": "application/json"}, 422, "The field 'name' is required."),
        ('{"name": "Ada Lovelace"}', {"content-type": "application/json"}, 422,
         "The field 'name' must be at most 8 characters long."),
        ('{"name": "Ada", "age": 3}', {"content-type": "application/json"}, 422,
         "The field 'age' is not allowed."),
    ],
)
async def test_bodies_are_parsed_with_a_sentence_for_each_problem(
    tiny: httpx.AsyncClient, content: str, headers: dict[str, str], status: int, error: str
) -> None:
    response = await tiny.post("/t/hello", content=content, headers=headers)
    assert response.status_code == status
    assert response.json() == {"error": error}


async def test_api_errors_and_parse_errors_take_the_endpoints_shape(
    tiny: httpx.AsyncClient,
) -> None:
    assert (await tiny.post("/t/hello", json={"name": "nobody"})).json() == {
        "error": "Nobody is here."}
    response = await tiny.post("/t/legacy", json={"name": "Ada"})
    assert response.status_code == 401
    assert response.json() == {"errors": [{"msg": "Invalid email or password."}]}
    response = await tiny.post("/t/legacy", json={})
    assert response.status_code == 422
    assert response.json() == {"errors": [{"msg": "The field 'name' is required."}]}


async def test_a_reply_carries_its_status_headers_and_cookies(tiny: httpx.AsyncClient) -> None:
    response = await tiny.post("/t/hello", json={"name": "full"})
    assert response.status_code == 409
    assert response.json() == {"error": "Taken.", "position": 2}

    response = await tiny.get("/t/items/7", params={"page": "3"})
    assert response.status_code == 200
    assert response.json() == {"hello": "7/3"}
    assert response.headers["x-page"] == "3"
    assert response.cookies["seen"] == "yes"


async def test_a_query_is_validated(tiny: httpx.AsyncClient) -> None:
    response = await tiny.get("/t/items/7", params={"page": "0"})
    assert response.status_code == 422
    assert response.json()["error"].startswith("The field 'page' is invalid")


async def test_a_media_answer_is_returned_as_the_handler_built_it(
    tiny: httpx.AsyncClient,
) -> None:
    response = await tiny.get("/t/text")
    assert (response.status_code, response.text) == (200, "hello")


@pytest.mark.parametrize("path", ["/t/wrong-model", "/t/undeclared-error", "/t/plain"])
async def test_a_handler_that_disagrees_with_its_declaration_is_a_500(
    tiny: httpx.AsyncClient, path: str
) -> None:
    assert (await tiny.get(path)).status_code == 500
    transport = httpx.ASGITransport(app=APP)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        with pytest.raises(ContractError):
            await client.get(path)


@endpoint("POST", "/t/twice", body=Greeting, responses={201: Hello, 200: Hello},
          summary="Created, or found again.")
async def twice(request: Request, body: Greeting) -> Reply[Hello] | Hello:
    if body.name == "bare":
        return Hello(hello="which status?")
    return Reply(Hello(hello=body.name), status=200 if body.name == "again" else 201)


async def test_an_endpoint_with_several_successes_names_each_with_a_reply() -> None:
    app = Starlette(routes=contract.routes(twice))
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        created = await client.post("/t/twice", json={"name": "Ada"})
        again = await client.post("/t/twice", json={"name": "again"})
        bare = await client.post("/t/twice", json={"name": "bare"})
    assert (created.status_code, created.json()) == (201, {"hello": "Ada"})
    assert (again.status_code, again.json()) == (200, {"hello": "again"})
    assert bare.status_code == 500
    with pytest.raises(ContractError, match="exactly one 2xx"):
        twice.serialize(Hello(hello="which status?"))


def test_the_document_describes_models_parameters_and_error_shapes() -> None:
    document = build_document(APP.routes)
    operation = document["paths"]["/t/hello"]["post"]
    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Greeting"}
    assert set(operation["responses"]) == {"201", "400", "404", "409", "413", "415", "422"}
    assert operation["responses"]["409"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Conflict"}
    assert document["paths"]["/t/legacy"]["post"]["responses"]["422"]["content"][
        "application/json"]["schema"] == {"$ref": "#/components/schemas/LegacyErrors"}
    assert document["components"]["schemas"]["LegacyErrors"]["properties"]["errors"][
        "items"] == {"$ref": "#/components/schemas/LegacyMessage"}
    parameters = document["paths"]["/t/items/{item}"]["get"]["parameters"]
    assert parameters[0] == {"name": "item", "in": "path", "required": True,
                             "schema": {"type": "integer"}}
    assert parameters[1]["name"] == "page" and parameters[1]["required"] is True
    assert document["paths"]["/t/text"]["get"]["responses"]["200"]["content"] == {
        "text/plain": {"schema": {"type": "string"}}}
