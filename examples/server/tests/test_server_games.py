"""Complete games of every variant, each seat a random agent on its own WebSocket."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

import zank
from conftest import ServerProcess
from zank.agents import RandomAgent
from zank_server.client import SeatClient, observation_from_view, play_table

pytestmark = pytest.mark.server


def _replayed(server: ServerProcess, table: str) -> tuple[zank.GameRecord, list[zank.State]]:
    record = zank.GameRecord.from_dict(server.get(f"/records/{table}"))
    return record, list(zank.replay(record))


def _check_game(server: ServerProcess, clients: list[SeatClient]) -> zank.GameRecord:
    """Every view each seat received is its observation of the replayed state."""
    final = clients[0].final
    assert final is not None
    record, states = _replayed(server, final["table"])
    rules = record.rules()
    assert record.result is not None
    assert len(record.moves) == final["seq"]
    for client in clients:
        assert client.final is not None
        assert client.final["result"] == final["result"]
        # every move it saw played is the record's move of that number
        assert client.seen == {n: m for n, m in enumerate(record.moves, 1) if n in client.seen}
        assert len(client.seen) == len(record.moves)  # it saw them all
        for seq, view in client.views.items():
            seen = observation_from_view(rules, view["view"])
            assert seen == rules.observe(states[seq], client.seat), (client.seat, seq)
            state = states[seq]
            assert view["legal"] == (
                [m.text for m in rules.legal_moves(state)]
                if state.to_move == client.seat and state.outcome is None
                else []
            )
    return record


@pytest.mark.parametrize(
    ("variant", "seats"),
    [(name, 2) for name in zank.VARIANTS] + [("spite-and-malice", 4), ("zank", 3)],
)
def test_a_complete_game(fast_server: ServerProcess, variant: str, seats: int) -> None:
    agents = [RandomAgent(seat + 1) for seat in range(seats)]
    clients = asyncio.run(
        play_table(fast_server.url, variant, seats=seats, agents=agents, keep_views=True)
    )
    record = _check_game(fast_server, clients)
    assert record.variant == variant
    assert record.players == seats


def test_options_reach_the_rules(fast_server: ServerProcess) -> None:
    options: dict[str, Any] = {"pay_off_size": 5, "jokers": True}
    clients = asyncio.run(play_table(fast_server.url, "spite-and-malice", options, keep_views=True))
    record = _check_game(fast_server, clients)
    assert record.options["pay_off_size"] == 5
    assert record.options["jokers"] is True


def test_a_seat_resumed_after_the_end_gets_the_end(fast_server: ServerProcess) -> None:
    async def resume_after_the_end() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        clients = await play_table(fast_server.url, "spite-and-malice")
        async with connect(fast_server.url) as ws:
            await ws.send(json.dumps({"type": "resume", "token": clients[1].token}))
            joined = json.loads(await ws.recv())
            view = json.loads(await ws.recv())
            await ws.send(json.dumps({"type": "move", "move": "a-b1"}))
            refused = json.loads(await ws.recv())
        assert clients[1].final is not None
        assert view == clients[1].final  # the same last view, from the database
        return joined, refused, view

    joined, refused, view = asyncio.run(resume_after_the_end())
    assert joined["seat"] == 1
    assert refused["code"] == "game-over"
    assert view["result"] is not None


def test_table_mode_calls_go_through_the_seat_to_move(fast_server: ServerProcess) -> None:
    # In table mode the other seat may call a fault ("Stop!"): the rules give it the
    # move (state.to_move) for its call, so the turn check of the server still holds.
    options: dict[str, Any] = {"table_mode": True, "call_window": "every-move"}
    clients = asyncio.run(
        play_table(fast_server.url, "zank-104", options, agents=[RandomAgent(3), RandomAgent(4)])
    )
    final = clients[0].final
    assert final is not None
    record = zank.GameRecord.from_dict(fast_server.get(f"/records/{final['table']}"))
    assert record.options["table_mode"] is True
    assert "halt" in record.moves  # calls were made (hundreds in a game of random play)
    *_, last = zank.replay(record)
    assert record.rules().result(last) == record.result


def test_zank_replay_reads_the_stored_record(fast_server: ServerProcess, tmp_path: Path) -> None:
    clients = asyncio.run(play_table(fast_server.url, "zank-104"))
    assert clients[0].final is not None
    path = tmp_path / "game.json"
    record = zank.GameRecord.from_dict(fast_server.get(f"/records/{clients[0].final['table']}"))
    record.save(path)
    done = subprocess.run(
        [sys.executable, "-m", "zank", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()


def test_seeds_differ_and_are_not_sent_while_playing(fast_server: ServerProcess) -> None:
    async def two() -> list[list[SeatClient]]:
        return list(
            await asyncio.gather(
                *(play_table(fast_server.url, "spite-and-malice", keep_views=True) for _ in "ab")
            )
        )

    games = asyncio.run(two())
    seeds = set()
    for clients in games:
        assert clients[0].final is not None
        record = zank.GameRecord.from_dict(fast_server.get(f"/records/{clients[0].final['table']}"))
        seeds.add(record.seed)
        for client in clients:
            for view in client.views.values():
                assert "seed" not in view
                assert "rng" not in view["view"]
                assert str(record.seed) not in str(view)
    assert len(seeds) == 2
