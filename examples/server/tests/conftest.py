"""Servers in their own processes on the loopback interface, for the server's tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import zank

EXAMPLE = Path(__file__).resolve().parents[1]  # examples/server
ZANK_SRC = Path(zank.__file__).resolve().parents[1]  # the zank these tests import


UNLIMITED = (
    "--rate", "100000", "--burst", "100000", "--client-rate", "100000", "--client-burst",
    "100000", "--connections-per-client", "100000", "--tables-per-client", "100000",
    "--connect-rate", "100000", "--connect-burst", "100000",
)  # fmt: skip
"""The limits raised for bots that play at full speed, all from 127.0.0.1."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m zank_server`` in a child process: start, stop (kill or terminate), again."""

    def __init__(self, database: Path, *args: str) -> None:
        self.database = database
        self.port = free_port()
        self.args = args
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        """The file that the server's output goes to (appended at every start)."""
        return self.database.with_suffix(".log")

    def reloaded(self) -> int:
        """How many open tables the last start reloaded, as the server printed it."""
        lines = [line for line in self.log.read_text().splitlines() if "reloaded" in line]
        return int(lines[-1].split()[2])

    @property
    def url(self) -> str:
        """The WebSocket address of the game protocol."""
        return f"ws://127.0.0.1:{self.port}/ws"

    @property
    def http(self) -> str:
        """The HTTP address of the server."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the server and wait until it answers ``/health`` (at most 30 s)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(EXAMPLE), str(ZANK_SRC), *filter(None, [env.get("PYTHONPATH")])]
        )
        command = [sys.executable, "-m", "zank_server", "--port", str(self.port)]
        command += ["--db", str(self.database), *self.args]
        with open(self.log, "ab") as log:  # the child keeps its own handle
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            try:
                self.get("/health")
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """Stop the server with ``how`` (SIGKILL: no chance to clean up) and wait for it."""
        assert self.process is not None
        self.process.send_signal(how)
        self.process.wait(timeout=30)
        self.process = None

    def get(self, path: str) -> Any:
        """The JSON that ``GET path`` answers."""
        with urllib.request.urlopen(self.http + path, timeout=10) as response:
            return json.loads(response.read())

    def alive(self) -> bool:
        """Whether the server process is running."""
        return self.process is not None and self.process.poll() is None


@pytest.fixture(scope="session")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose rate limit lets random agents play at full speed."""
    server = ServerProcess(tmp_path_factory.mktemp("fast") / "games.sqlite", *UNLIMITED)
    server.start()
    yield server
    if server.alive():
        server.stop()


@pytest.fixture(scope="session")
def strict_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with the default limits (20 messages a second, 40 at once)."""
    server = ServerProcess(tmp_path_factory.mktemp("strict") / "games.sqlite")
    server.start()
    yield server
    if server.alive():
        server.stop()
