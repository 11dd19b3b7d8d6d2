"""``zank.simulate`` on a real Dask cluster: a ``LocalCluster`` of two worker
processes gives the games of the serial run.  Needs the ``dask`` extra
(``pip install 'zank[dask]'``); CI installs it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip(
    "distributed", reason="Dask's distributed scheduler is not installed: pip install 'zank[dask]'"
)

from distributed import Client, LocalCluster

from tests.simulate_checks import (
    check_command_matches_serial,
    check_run_matches_serial,
    check_stream_matches_serial,
)
from zank.simulate import Executor, open_executor

# starting a cluster takes seconds
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


@pytest.fixture
def executor(client: Client) -> Executor:
    return client.get_executor()  # type: ignore[no-any-return]


def test_the_workers_are_other_processes(client: Client) -> None:
    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2
    assert os.getpid() not in pids


def test_run_on_dask_plays_the_serial_games(executor: Executor) -> None:
    check_run_matches_serial(executor)


def test_stream_on_dask_writes_and_resumes_the_serial_file(
    executor: Executor, tmp_path: Path
) -> None:
    check_stream_matches_serial(executor, tmp_path)


def test_the_command_reaches_a_dask_scheduler(client: Client, tmp_path: Path) -> None:
    address = client.scheduler_info()["address"]
    assert address.startswith("tcp://")
    check_command_matches_serial(
        tmp_path, "--executor", "dask://" + address.removeprefix("tcp://"), "--chunk", "3"
    )


def test_open_executor_starts_and_stops_a_local_cluster(tmp_path: Path) -> None:
    with open_executor("dask", 2) as executor:
        assert executor is not None
        check_run_matches_serial(executor, games=8, chunk_size=2)
