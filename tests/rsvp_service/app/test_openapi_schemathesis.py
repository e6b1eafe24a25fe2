"""Schemathesis against /api/openapi.json on a real service process: no 5xx, schema-true answers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from mail_testkit import SmtpServer
from schemathesis import GenerationMode
from schemathesis.schemas import APIOperation, BaseSchema
from schemathesis.specs.openapi.checks import positive_data_acceptance
from service_testkit import ServiceProcess, service_env

from tests.ports import free_port


@pytest.fixture(scope="module")
def api_schema(
    tmp_path_factory: pytest.TempPathFactory, events_file: Path
) -> Iterator[BaseSchema]:
    """A running service on a fresh SQLite file, and its schema loaded from the service."""
    folder = tmp_path_factory.mktemp("schemathesis")
    smtp = SmtpServer(free_port())
    smtp.start()
    env = service_env(
        port=free_port(),
        database_url=f"sqlite://{folder / 'db.sqlite3'}",
        events_file=events_file,
        var_dir=folder,
        smtp_port=smtp.port,
    )
    service = ServiceProcess(env, log_path=folder / "service.log")
    try:
        service.wait_ready()
        yield schemathesis.openapi.from_url(f"{service.base_url}/api/openapi.json")
    finally:
        service.stop()
        smtp.stop()


def _operations(schema: BaseSchema) -> list[APIOperation]:
    return [result.ok() for result in schema.get_all_operations()]


@pytest.mark.slow
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_api_conforms_to_its_schema(api_schema: BaseSchema, mode: GenerationMode) -> None:
    # Schemathesis' pytest plugin does not load under pytest 9, so each operation's
    # Hypothesis strategy is driven directly.
    for operation in _operations(api_schema):

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=20,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            phases=[Phase.explicit, Phase.generate],
            database=None,
        )
        def check(case: schemathesis.Case) -> None:
            # Schema-valid is not always acceptable: the schema cannot say "not a common
            # password" or "no line breaks", so only that acceptance check is left out.
            case.call_and_validate(excluded_checks=[positive_data_acceptance])

        try:
            check()
        except Unsatisfiable:
            # Operations without parameters or a body have no schema-violating variant.
            assert mode is GenerationMode.NEGATIVE
