"""The server process is killed in the middle of games and started again: nothing lost.

Four tables play at once; the server is stopped with SIGKILL (no chance to flush or
say goodbye) after some moves, and later with SIGTERM, and started again on the same
database file each time.  The clients reconnect with their tokens and play on.  Every
move a client saw acknowledged must be in the stored record at its number, every
record must replay, and each seat's last view must be its observation of the replayed
final state.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
from pathlib import Path

import pytest

import zank
from conftest import UNLIMITED, ServerProcess
from zank.agents import RandomAgent
from zank_server.client import SeatClient, create_table, observation_from_view

pytestmark = pytest.mark.server

TABLES = [("zank", 2), ("zank-104", 2), ("spite-and-malice", 2), ("spite-and-malice", 3)]


def _moves_seen(clients: list[SeatClient]) -> int:
    return sum(len(c.seen) for c in clients)


async def _play_through_restarts(server: ServerProcess) -> tuple[list[list[SeatClient]], int]:
    tables = []
    for variant, seats in TABLES:
        table = await create_table(server.url, variant, seats=seats)
        clients = [
            SeatClient(server.url, RandomAgent(7 * s + 1), patience=60) for s in range(seats)
        ]
        for seat, client in enumerate(clients):
            await client.join(table, seat)
        tables.append(clients)
    everyone = [c for clients in tables for c in clients]
    games = asyncio.gather(*(c.play() for c in everyone))
    reloaded = []
    for how, after in ((signal.SIGKILL, 60), (signal.SIGTERM, 200)):
        while _moves_seen(everyone) < after:  # some moves first
            await asyncio.sleep(0.005)
        await asyncio.to_thread(server.stop, how)
        with sqlite3.connect(server.database) as db:  # the games still open on the file
            (still_open,) = db.execute("SELECT COUNT(*) FROM tables WHERE record IS NULL")
        await asyncio.sleep(0.3)  # the clients find the server gone and start retrying
        await asyncio.to_thread(server.start)
        assert server.reloaded() == still_open[0]  # all of them
        reloaded.append(still_open[0])
    await asyncio.wait_for(games, timeout=120)
    return tables, min(reloaded)


def test_no_move_is_lost_or_played_twice(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite", *UNLIMITED)
    server.start()
    try:
        tables, reloaded = asyncio.run(_play_through_restarts(server))
        assert reloaded >= 1  # each stop came with games still running
        for clients in tables:
            final = clients[0].final
            assert final is not None
            record = zank.GameRecord.from_dict(server.get(f"/records/{final['table']}"))
            states = list(zank.replay(record))  # every stored move is legal where it stands
            rules = record.rules()
            assert rules.result(states[-1]) == record.result
            assert len(record.moves) == final["seq"]
            for client in clients:
                assert client.reconnections >= 1  # it did live through the restarts
                assert client.final is not None
                assert client.final["result"] == final["result"]
                for seq, move in client.seen.items():  # no acknowledged move lost
                    assert record.moves[seq - 1] == move
                view = observation_from_view(rules, client.final["view"])
                assert view == rules.observe(states[-1], client.seat)
            # moves seen by no client: at most the one in flight at each stop
            seen = set().union(*(c.seen for c in clients))
            assert len(record.moves) - len(seen) <= 2
        with sqlite3.connect(server.database) as db:
            assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            stored = db.execute("SELECT COUNT(*), COUNT(DISTINCT table_id) FROM moves").fetchone()
        assert stored == (sum(c[0].final["seq"] for c in tables if c[0].final), len(TABLES))
    finally:
        if server.alive():
            server.stop()
