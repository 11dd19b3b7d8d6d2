"""``zank.executors`` without a cluster: the executor specs, the arguments each
engine is started with, and the refusals when it cannot be reached.

Dask and Ray stand in as small fakes (``sys.modules``), so these tests run in
the quick loop; ``test_simulate_dask.py`` and ``test_simulate_ray.py`` start
real local clusters (slow).  Written for the mutation campaign of
``zank.executors`` (issue 38): its Dask and Ray paths had no quick test.
"""

from __future__ import annotations

import concurrent.futures
import os
import sys
import types
from typing import Any, cast

import pytest

from zank import executors
from zank.errors import ZankError
from zank.executors import RayExecutor, open_executor


class _Closing:
    closed = False

    def close(self) -> None:
        self.closed = True


def _fake_dask(monkeypatch: pytest.MonkeyPatch, refuse: BaseException | None = None) -> list[Any]:
    """Fake ``dask.distributed``: every cluster and client made is appended to the list."""
    made: list[Any] = []

    class LocalCluster(_Closing):
        def __init__(self, **kwargs: Any) -> None:
            self.kwargs = kwargs
            made.append(self)

    class Client(_Closing):
        def __init__(self, target: Any, **kwargs: Any) -> None:
            if refuse is not None:
                raise refuse
            self.target, self.kwargs = target, kwargs
            made.append(self)

        def get_executor(self) -> tuple[str, Any]:
            return ("executor of", self)

    distributed = types.ModuleType("dask.distributed")
    distributed.Client = Client  # type: ignore[attr-defined]
    distributed.LocalCluster = LocalCluster  # type: ignore[attr-defined]
    dask = types.ModuleType("dask")
    dask.distributed = distributed  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "dask", dask)
    monkeypatch.setitem(sys.modules, "dask.distributed", distributed)
    return made


class _FakeRay(types.ModuleType):
    def __init__(self, cpus: float = 0, refuse: BaseException | None = None) -> None:
        super().__init__("ray")
        self.cpus, self.refuse = cpus, refuse
        self.started: dict[str, Any] | None = None
        self.shut = 0
        self.remotes: list[Any] = []

    def is_initialized(self) -> bool:
        return self.started is not None

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": self.cpus} if self.cpus else {}

    def init(self, **kwargs: Any) -> None:
        if self.refuse is not None:
            raise self.refuse
        self.started = kwargs

    def shutdown(self) -> None:
        self.shut += 1

    def remote(self, fn: Any) -> Any:
        ray = self

        class Task:
            def remote(self, *args: Any, **kwargs: Any) -> Any:
                ray.remotes.append((fn, args, kwargs))
                done: concurrent.futures.Future[Any] = concurrent.futures.Future()
                done.set_result(fn(*args, **kwargs))
                return types.SimpleNamespace(future=lambda: done)

        return Task()


def _fake_ray(monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> _FakeRay:
    ray = _FakeRay(**kwargs)
    monkeypatch.setitem(sys.modules, "ray", ray)
    return ray


# ------------------------------------------------------------------ specs
@pytest.mark.parametrize(
    ("spec", "engine", "address"),
    [
        ("dask", "_dask", None),
        ("dask://10.0.0.1:8786", "_dask", "tcp://10.0.0.1:8786"),
        ("dask:tls://h:1", "_dask", "tls://h:1"),
        ("ray", "_ray", None),
        ("ray://h:10001", "_ray", "ray://h:10001"),
        ("ray:auto", "_ray", "auto"),
    ],
)
def test_a_spec_names_the_engine_and_its_address(
    monkeypatch: pytest.MonkeyPatch, spec: str, engine: str, address: str | None
) -> None:
    calls: list[tuple[str, str | None, int]] = []
    for name in ("_dask", "_ray"):
        monkeypatch.setattr(executors, name, lambda a, n, name=name: calls.append((name, a, n)))
    open_executor(spec, workers=3)
    assert calls == [(engine, address, 3)]


@pytest.mark.parametrize("spec", ["dask:", "ray:", "threads", "process:2", "x" * 200])
def test_an_unknown_spec_is_refused(spec: str) -> None:
    with pytest.raises(ZankError) as info:
        open_executor(spec)
    assert str(info.value) == (
        f"unknown executor {spec[:60]!r}: use process, dask, dask://HOST:PORT, ray "
        "or ray://HOST:PORT"
    )


def test_one_process_plays_in_this_process() -> None:
    with open_executor("process", workers=1) as executor:
        assert executor is None
    with open_executor("process", workers=2) as executor:
        assert isinstance(executor, concurrent.futures.ProcessPoolExecutor)


# ------------------------------------------------------------------- dask
def test_a_local_dask_cluster_has_single_threaded_worker_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _fake_dask(monkeypatch)
    with open_executor("dask", workers=3) as executor:
        cluster, client = made
        assert cluster.kwargs["n_workers"] == 3
        assert cluster.kwargs["threads_per_worker"] == 1
        assert cluster.kwargs["processes"] is True
        assert client.target is cluster
        assert cast(Any, executor) == ("executor of", client)
        assert not client.closed
    assert client.closed
    assert cluster.closed


def test_a_dask_scheduler_is_reached_by_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _fake_dask(monkeypatch)
    with open_executor("dask://h:8786") as executor:
        (client,) = made
        assert (client.target, client.kwargs) == ("tcp://h:8786", {"timeout": 30})
        assert cast(Any, executor) == ("executor of", client)
    assert client.closed


@pytest.mark.parametrize("error", [OSError("refused"), TimeoutError("refused")])
@pytest.mark.parametrize("length", [100, 101])
def test_an_unreachable_dask_scheduler_is_named_in_at_most_100_characters(
    monkeypatch: pytest.MonkeyPatch, error: BaseException, length: int
) -> None:
    _fake_dask(monkeypatch, refuse=error)
    address = "tcp://" + "h" * (length - 6)
    with pytest.raises(ZankError) as info, open_executor("dask:" + address):
        pass  # pragma: no cover
    assert str(info.value) == f"cannot reach the Dask scheduler at {address[:100]}: refused"


# -------------------------------------------------------------------- ray
def test_a_local_ray_instance_gets_the_workers_and_is_shut_down(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ray = _fake_ray(monkeypatch, cpus=4)
    with open_executor("ray", workers=3) as executor:
        assert isinstance(executor, RayExecutor)
        assert ray.started is not None
        assert ray.started["num_cpus"] == 3
        assert ray.shut == 0
    assert ray.shut == 1


def test_a_ray_cluster_is_reached_by_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = _fake_ray(monkeypatch)
    with open_executor("ray://h:10001"):
        assert ray.started is not None
        assert ray.started["address"] == "ray://h:10001"
    assert ray.shut == 1


@pytest.mark.parametrize(
    "error", [ConnectionError, OSError, RuntimeError, TimeoutError, ValueError]
)
@pytest.mark.parametrize(("spec", "where"), [("ray", "local"), ("ray:auto", "auto")])
def test_a_ray_that_cannot_start_is_a_zank_error(
    monkeypatch: pytest.MonkeyPatch, error: type[Exception], spec: str, where: str
) -> None:
    _fake_ray(monkeypatch, refuse=error("no"))
    with pytest.raises(ZankError) as info, open_executor(spec):
        pass  # pragma: no cover
    assert str(info.value) == f"cannot start or reach Ray at {where}: no"


@pytest.mark.parametrize(("cpus", "workers"), [(0, None), (4, 4), (2.0, 2)])
def test_ray_workers_are_the_clusters_cpus(
    monkeypatch: pytest.MonkeyPatch, cpus: float, workers: int | None
) -> None:
    ray = _fake_ray(monkeypatch, cpus=cpus)
    executor = RayExecutor()
    assert executor.workers is None  # before ray.init
    ray.init()
    assert executor.workers == workers


def test_a_ray_task_runs_the_function_submitted(monkeypatch: pytest.MonkeyPatch) -> None:
    ray = _fake_ray(monkeypatch)
    executor = RayExecutor()
    future = executor.submit(divmod, 17, 5)
    assert future.result() == (3, 2)
    assert executor.submit(pow, 2, exp=3).result() == 8
    assert len(ray.remotes) == 2


def test_without_ray_the_executor_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(ZankError) as info:
        RayExecutor()
    assert str(info.value) == "RayExecutor needs Ray: python -m pip install 'zank[ray]'"


def test_without_dask_the_executor_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    with pytest.raises(ZankError) as info:
        open_executor("dask")
    assert str(info.value) == (
        "the dask executor needs Dask's distributed scheduler: python -m pip install 'zank[dask]'"
    )


def test_executor_is_a_runtime_checkable_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_ray(monkeypatch)
    assert isinstance(RayExecutor(), executors.Executor)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        assert isinstance(pool, executors.Executor)
    assert not isinstance(object(), executors.Executor)


@pytest.mark.parametrize(("cpus", "workers"), [(None, 1), (3, 3), (1, 1)])
def test_workers_default_to_one_per_cpu(
    monkeypatch: pytest.MonkeyPatch, cpus: int | None, workers: int
) -> None:
    """``os.cpu_count()`` may answer ``None``: then one worker, which plays in this
    process; ``workers=0`` also means one per CPU."""
    monkeypatch.setattr(os, "cpu_count", lambda: cpus)
    calls: list[int] = []
    monkeypatch.setattr(executors, "_dask", lambda a, n: calls.append(n))
    open_executor("dask")
    open_executor("dask", workers=0)
    assert calls == [workers, workers]
    with open_executor("process") as executor:
        assert (executor is None) is (workers == 1)


@pytest.mark.parametrize("workers", [-1, -8, 1.5, "2", True])
def test_a_bad_worker_count_is_refused(workers: Any) -> None:
    with pytest.raises(ZankError) as info:
        open_executor("process", workers)
    assert str(info.value) == (
        f"workers must be an int >= 0 or None (0 or None: one per CPU), not {workers!r}"
    )
