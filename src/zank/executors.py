"""Executors for :mod:`zank.simulate`: what a simulation needs of one, and the
engines it can run on by name (a local process pool, Dask, Ray).

:func:`open_executor` opens one from a spec such as ``"process"``, ``"dask"``,
``"dask://HOST:PORT"``, ``"ray"`` or ``"ray://HOST:PORT"``; the Dask and Ray
engines are the extras ``zank[dask]`` and ``zank[ray]``.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from typing import Any, Protocol, runtime_checkable

from zank.errors import ZankError, quote

__all__ = ["Executor", "RayExecutor", "open_executor"]


@runtime_checkable
class Executor(Protocol):
    """What :func:`~zank.simulate.run` and :func:`~zank.simulate.stream` need
    of an executor: the ``submit`` method of a
    :class:`concurrent.futures.Executor`, returning a future with ``result()``
    and ``cancel()``.  Every standard executor fits, and so do a Dask
    client's ``get_executor()`` and a :class:`RayExecutor`."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Schedule ``fn(*args, **kwargs)``; return its future."""
        ...


class RayExecutor(concurrent.futures.Executor):
    """A :class:`concurrent.futures.Executor` that runs each task as a Ray task.

    Ray must be installed (``python -m pip install "zank[ray]"``) and
    connected (``ray.init(...)``; without it, Ray starts a local instance at
    the first task).  Its ``shutdown()`` leaves Ray running: call
    ``ray.shutdown()`` yourself, or let :func:`open_executor` do both.
    """

    def __init__(self) -> None:
        try:
            import ray
        except ImportError:
            raise ZankError("RayExecutor needs Ray: python -m pip install 'zank[ray]'") from None
        self._ray: Any = ray
        self._task: Any = None

    @property
    def workers(self) -> int | None:
        """The CPUs of the connected Ray cluster (``None`` before ``ray.init``):
        the default ``in_flight`` of :func:`~zank.simulate.run` and
        :func:`~zank.simulate.stream` is four tasks per CPU."""
        if not self._ray.is_initialized():
            return None
        return int(self._ray.cluster_resources().get("CPU", 0)) or None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its
        :class:`concurrent.futures.Future`."""
        if self._task is None:
            self._task = self._ray.remote(_call)
        return self._task.remote(fn, *args, **kwargs).future()


def _call(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``: the one Ray task of a :class:`RayExecutor`, so that
    any picklable callable can be submitted (Ray makes tasks of functions only)."""
    return fn(*args, **kwargs)


def _dask(address: str | None, workers: int) -> contextlib.AbstractContextManager[Executor]:
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise ZankError(
            "the dask executor needs Dask's distributed scheduler: "
            "python -m pip install 'zank[dask]'"
        ) from None

    @contextlib.contextmanager
    def session() -> Iterator[Executor]:
        with contextlib.ExitStack() as stack:
            if address is None:
                cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                )
                stack.enter_context(contextlib.closing(cluster))
                client = Client(cluster)
            else:
                try:
                    client = Client(address, timeout=30)
                except (OSError, TimeoutError) as e:
                    raise ZankError(
                        f"cannot reach the Dask scheduler at {address[:100]}: {e}"
                    ) from None
            stack.enter_context(contextlib.closing(client))
            yield client.get_executor()

    return session()


def _ray(address: str | None, workers: int) -> contextlib.AbstractContextManager[Executor]:
    executor = RayExecutor()
    ray = executor._ray

    @contextlib.contextmanager
    def session() -> Iterator[Executor]:
        try:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.WARNING)
            else:
                ray.init(address=address, logging_level=logging.WARNING)
        except (ConnectionError, OSError, RuntimeError, TimeoutError, ValueError) as e:
            raise ZankError(f"cannot start or reach Ray at {address or 'local'}: {e}") from None
        try:
            yield executor
        finally:
            ray.shutdown()

    return session()


def open_executor(
    spec: str = "process", workers: int | None = None
) -> contextlib.AbstractContextManager[Executor | None]:
    """An executor named by ``spec``, as a context manager that closes it.

    ==========================  ==============================================
    ``"process"``               a :class:`~concurrent.futures.ProcessPoolExecutor`
                                of ``workers`` processes (with one worker:
                                ``None``, which plays in this process)
    ``"dask"``                  a Dask ``LocalCluster`` of ``workers``
                                single-threaded worker processes
    ``"dask://HOST:PORT"``      the Dask scheduler at ``tcp://HOST:PORT``
                                (``"dask:ADDRESS"`` passes any other
                                address, e.g. ``dask:tls://HOST:PORT``)
    ``"ray"``                   a new local Ray instance with ``workers`` CPUs
    ``"ray://HOST:PORT"``       a Ray cluster through Ray Client
                                (``"ray:ADDRESS"`` passes any other address
                                to ``ray.init``, e.g. ``ray:auto``)
    ==========================  ==============================================

    ``workers`` (for the local kinds) defaults to one per CPU.  Dask and Ray
    are optional: ``python -m pip install "zank[dask]"`` or ``"zank[ray]"``.

    Raises:
        ZankError: an unknown ``spec``; ``workers`` not an int >= 0 or ``None``;
            the engine is not installed; the cluster cannot be reached.
    """
    if workers is not None and (
        not isinstance(workers, int) or isinstance(workers, bool) or workers < 0
    ):
        raise ZankError(
            f"workers must be an int >= 0 or None (0 or None: one per CPU), not {quote(workers)}"
        )
    n = workers or os.cpu_count() or 1
    kind, sep, address = spec.partition(":")
    if spec == "process":
        if n == 1:
            return contextlib.nullcontext()
        return concurrent.futures.ProcessPoolExecutor(max_workers=n)
    if kind == "dask" and (not sep or address):
        if address.startswith("//"):
            address = "tcp:" + address
        return _dask(address or None, n)
    if kind == "ray" and (not sep or address):
        if address.startswith("//"):
            address = "ray:" + address
        return _ray(address or None, n)
    raise ZankError(
        f"unknown executor {spec[:60]!r}: use process, dask, dask://HOST:PORT, ray "
        "or ray://HOST:PORT"
    )
