"""Test configuration: Hypothesis profiles and the rules objects of the contract suite.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) runs the thorough profile; the
default ``dev`` profile is quick.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from . import schema_check

settings.register_profile(
    "dev",
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "ci",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


# Every state document and game record written during the tests is checked against
# the JSON Schemas in src/zank/schemas/ (tests/schema_check.py).
schema_check.install()


@pytest.fixture(autouse=True)
def _documents_meet_their_schemas() -> Iterator[None]:
    schema_check.take_failures()
    yield
    failed = schema_check.take_failures()
    assert not failed, f"documents written by this test do not meet their schemas: {failed[:3]}"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    counts = ", ".join(
        f"{schema_check.checked[kind]} of {n} {kind} documents"
        for kind, n in sorted(schema_check.written.items())
    )
    terminalreporter.write_line(f"JSON Schema check: {counts or 'no documents'} validated")
