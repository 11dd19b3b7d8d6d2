"""Test configuration: Hypothesis profiles, the sample of the slow cases, schemas.

``HYPOTHESIS_PROFILE=full`` (``nox -s full``) runs the thorough profile; the
default ``dev`` profile is quick.

The slow tests that run over the matrix of variants (the Hypothesis random walks of
the contract and table-mode suites, the OpenSpiel simulation, the playouts-against-
the-API games, ...) are *sampled* by default: of each such test function a seeded
quarter of its cases runs (at least one), every other test runs whole. ``--full``
(or ``ZANK_FULL_TESTS=1``; ``nox -s full`` sets both this and the thorough profile)
runs every case; ``ZANK_SAMPLE_SEED`` picks another sample (``.ci/run`` derives it
from the commit, so that successive commits cover different cases). The header of
the run says what was sampled.
"""

from __future__ import annotations

import os
import random
import zlib
from collections import defaultdict
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
    "full",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
# "ci": the thorough profile's former name (CI ran it on every commit until the run
# had to fit in 15 minutes; it now runs the dev profile and samples, see above)
settings.register_profile("ci", settings.get_profile("full"))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

#: The share of a sampled test function's cases that runs without ``--full``.
SAMPLE_SHARE = 0.25


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--full",
        action="store_true",
        default=os.environ.get("ZANK_FULL_TESTS", "") not in ("", "0"),
        help="run every case of the slow matrix tests (default: a seeded quarter of them)",
    )


def _sample_seed() -> int:
    return int(os.environ.get("ZANK_SAMPLE_SEED", "0") or 0)


def pytest_report_header(config: pytest.Config) -> str:
    name = os.environ.get("HYPOTHESIS_PROFILE", "dev")
    if config.getoption("--full"):
        return f"zank: every case of the slow matrix tests (--full); Hypothesis profile {name}"
    return (
        f"zank: a seeded quarter of each slow matrix test's cases (ZANK_SAMPLE_SEED="
        f"{_sample_seed()}; --full runs all); Hypothesis profile {name}"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep a seeded share of the cases of every parametrized slow test (see above).

    The choice depends only on the seed and the test ids, so that every worker of
    a parallel run (pytest-xdist) makes the same choice.
    """
    if config.getoption("--full"):
        return
    groups: dict[str, list[pytest.Item]] = defaultdict(list)
    for item in items:
        if item.get_closest_marker("slow") is not None and hasattr(item, "callspec"):
            groups[item.nodeid.split("[", 1)[0]].append(item)
    seed = _sample_seed()
    dropped: list[pytest.Item] = []
    for function, cases in groups.items():
        if len(cases) < 2:
            continue
        keep = max(1, round(len(cases) * SAMPLE_SHARE))
        chosen = set(
            random.Random(seed * 2**32 + zlib.crc32(function.encode())).sample(
                sorted(c.nodeid for c in cases), keep
            )
        )
        dropped += [c for c in cases if c.nodeid not in chosen]
    if dropped:
        out = {id(c) for c in dropped}
        items[:] = [i for i in items if id(i) not in out]
        config.hook.pytest_deselected(items=dropped)


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
    if terminalreporter.config.getoption("numprocesses", None):  # pytest-xdist's -n
        terminalreporter.write_line("JSON Schema check: in every worker (counts: run without -n)")
        return
    counts = ", ".join(
        f"{schema_check.checked[kind]} of {n} {kind} documents"
        for kind, n in sorted(schema_check.written.items())
    )
    terminalreporter.write_line(f"JSON Schema check: {counts or 'no documents'} validated")
