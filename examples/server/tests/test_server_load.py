"""A bounded load test: 100 concurrent games of spite-and-malice over real connections.

Each seat is its own WebSocket connection played by a random agent (200 connections),
all at once against one server process.  The test is bounded in count and time:
``ZANK_SERVER_LOAD_GAMES`` games (default 100) of spite-and-malice, which end by
themselves (about 60 moves each with random agents: the draw pile runs out), and at
most 120 s.  It prints moves/s and the p50/p99 latency of a move (from sending it to
the view that acknowledges it, measured by the client), and checks that every stored
record replays to the final state each seat saw.  ``pytest -s`` shows the figures;
``ZANK_SERVER_SYNC=full`` measures the server with SQLite's ``synchronous=FULL``.
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

import zank
from conftest import UNLIMITED, ServerProcess
from zank.agents import RandomAgent
from zank_server.client import SeatClient, create_table, observation_from_view

pytestmark = [pytest.mark.server, pytest.mark.slow]

GAMES = int(os.environ.get("ZANK_SERVER_LOAD_GAMES", "100"))
SYNC = os.environ.get("ZANK_SERVER_SYNC", "normal")  # SQLite's synchronous mode


async def _load(server: ServerProcess) -> tuple[list[list[SeatClient]], float]:
    tables = [await create_table(server.url, "spite-and-malice") for _ in range(GAMES)]
    games = [
        [SeatClient(server.url, RandomAgent(1000 * g + s)) for s in (0, 1)] for g in range(GAMES)
    ]
    await asyncio.gather(
        *(
            c.join(table, s)
            for table, clients in zip(tables, games, strict=True)
            for s, c in enumerate(clients)
        )
    )
    start = time.perf_counter()
    await asyncio.wait_for(asyncio.gather(*(c.play() for g in games for c in g)), timeout=120)
    return games, time.perf_counter() - start


def _percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def test_concurrent_games(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite", *UNLIMITED, "--sync", SYNC)
    server.start()
    try:
        games, seconds = asyncio.run(_load(server))
        moves = 0
        for clients in games:
            final = clients[0].final
            assert final is not None
            record = zank.GameRecord.from_dict(server.get(f"/records/{final['table']}"))
            *_, last = zank.replay(record)
            rules = record.rules()
            for client in clients:
                assert client.final is not None
                view = observation_from_view(rules, client.final["view"])
                assert view == rules.observe(last, client.seat)
            moves += len(record.moves)
        latencies = [t for clients in games for c in clients for t in c.latencies]
        assert len(latencies) == moves  # every move was acknowledged to its sender
        print(
            f"\n{GAMES} concurrent games of spite-and-malice, {2 * GAMES} connections, "
            f"synchronous={SYNC}: "
            f"{moves} moves in {seconds:.1f} s = {moves / seconds:.0f} moves/s; "
            f"move latency p50 {1000 * _percentile(latencies, 50):.1f} ms, "
            f"p99 {1000 * _percentile(latencies, 99):.1f} ms"
        )
    finally:
        server.stop()
