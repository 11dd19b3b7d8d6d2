"""``zank.simulate`` on Ray: a local Ray instance (its own raylet and worker
processes on this machine) gives the games of the serial run.  Needs the
``ray`` extra (``pip install 'zank[ray]'``); CI installs it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray: Any = pytest.importorskip("ray", reason="Ray is not installed: pip install 'zank[ray]'")

from tests.simulate_checks import (  # noqa: E402
    check_command_matches_serial,
    check_run_matches_serial,
    check_stream_matches_serial,
)
from zank.simulate import Executor, RayExecutor, open_executor  # noqa: E402

# starting Ray takes seconds
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def executor() -> Iterator[Executor | None]:
    # open_executor("ray", 2) starts a local Ray instance of two CPUs, and stops it
    with open_executor("ray", 2) as executor:
        yield executor


def test_the_tasks_run_in_ray_workers(executor: Executor) -> None:
    assert isinstance(executor, RayExecutor)
    assert executor.workers == 2
    pids = {executor.submit(os.getpid).result() for _ in range(4)}
    assert os.getpid() not in pids


def test_run_on_ray_plays_the_serial_games(executor: Executor) -> None:
    check_run_matches_serial(executor)


def test_stream_on_ray_writes_and_resumes_the_serial_file(
    executor: Executor, tmp_path: Path
) -> None:
    check_stream_matches_serial(executor, tmp_path)


def test_the_command_joins_a_running_ray_cluster(executor: Executor, tmp_path: Path) -> None:
    address = ray.get_runtime_context().gcs_address
    check_command_matches_serial(tmp_path, "--executor", f"ray:{address}", "--chunk", "3")
