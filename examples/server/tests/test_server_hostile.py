"""Hostile clients: each bad message is refused with a clear error; nothing changes.

The server runs with its default limits (messages of at most 4,096 characters,
WebSocket frames of at most 64 KiB, 20 messages a second with bursts of 40).
After every refusal the table is asked for its view again: it must be the same.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
import websockets
from websockets.asyncio.client import ClientConnection, connect

import zank
from conftest import ServerProcess
from zank.agents import RandomAgent
from zank_server.lobby import Lobby
from zank_server.store import Store

pytestmark = pytest.mark.server

Message = str | bytes | dict[str, Any]


async def _ask(ws: ClientConnection, message: Message) -> dict[str, Any]:
    """Send one message; the next message received."""
    await ws.send(json.dumps(message) if isinstance(message, dict) else message)
    answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return answer


async def _drain(ws: ClientConnection) -> None:
    """Read what the server has sent until it is quiet for a moment."""
    while True:
        try:
            await asyncio.wait_for(ws.recv(), 0.3)
        except TimeoutError:
            return


async def _codes_until_closed(ws: ClientConnection) -> AsyncIterator[str]:
    """The error codes of the answers, until the server closes the connection."""
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            yield json.loads(await asyncio.wait_for(ws.recv(), 10)).get("code")


class Table:
    """A spite-and-malice table with both seats joined, each on its own connection."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.ws: list[ClientConnection] = []
        self.tokens: list[str] = []
        self.id = ""

    async def open(self) -> None:
        async with connect(self.server.url) as ws:
            created = await _ask(ws, {"type": "create", "variant": "spite-and-malice"})
        self.id = created["table"]
        for seat in (0, 1):
            ws = await connect(self.server.url)
            joined = await _ask(ws, {"type": "join", "table": self.id, "seat": seat})
            assert joined["type"] == "joined"
            self.ws.append(ws)
            self.tokens.append(joined["token"])
        for ws in self.ws:
            await _drain(ws)

    async def view(self, seat: int) -> dict[str, Any]:
        view = await _ask(self.ws[seat], {"type": "view"})
        assert view["type"] == "view", view
        return view

    async def refused(self, seat: int, message: Message, code: str) -> dict[str, Any]:
        """Send a bad message from ``seat``: it is refused with ``code``, nothing changes."""
        before = [await self.view(s) for s in (0, 1)]
        answer = await _ask(self.ws[seat], message)
        assert answer["type"] == "error", answer
        assert answer["code"] == code, answer
        assert len(answer["message"]) < 400
        assert [await self.view(s) for s in (0, 1)] == before
        return answer

    async def close(self) -> None:
        for ws in self.ws:
            await ws.close()


def _run(server: ServerProcess, scenario: Callable[[Table], Awaitable[None]]) -> None:
    async def go() -> None:
        table = Table(server)
        await table.open()
        try:
            await scenario(table)
        finally:
            await table.close()

    asyncio.run(go())


def test_oversized_and_malformed_messages(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        big = json.dumps({"type": "move", "move": "a-b1" + " " * 5000})
        answer = await t.refused(0, big, "too-large")
        assert "5000" not in answer["message"] or len(answer["message"]) < 120
        for bad in ("{type: move", "[1, 2]", '{"move": "a-b1"}', "[" * 3000, '{"type": 7}'):
            await t.refused(0, bad, "malformed")
        await t.refused(0, b'{"type": "view"}', "malformed")  # binary frames are not read
        await t.refused(0, {"type": "shuffle"}, "malformed")
        await t.refused(0, {"type": "move", "move": "a-b1", "cheat": True}, "malformed")
        await t.refused(0, {"type": "move", "move": ["a-b1"]}, "bad-request")
        await t.refused(0, {"type": "move", "move": "a-b1", "seq": "0"}, "bad-request")

    _run(strict_server, scenario)


def test_a_frame_beyond_the_transport_limit_closes_only_that_connection(
    strict_server: ServerProcess,
) -> None:
    async def scenario(t: Table) -> None:
        before = await t.view(1)
        await t.ws[0].send("x" * 100_000)  # beyond the 64 KiB frame limit
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(t.ws[0].recv(), 10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009
        assert await t.view(1) == before  # the other seat plays on
        t.ws[0] = await connect(t.server.url)  # and seat 0 comes back with its token
        resumed = await _ask(t.ws[0], {"type": "resume", "token": t.tokens[0]})
        assert resumed["type"] == "joined"
        assert resumed["seat"] == 0
        await _drain(t.ws[0])

    _run(strict_server, scenario)


def test_moves_out_of_turn_for_another_seat_or_variant(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        view = await t.view(0)
        mover = view["to_move"]
        other = 1 - mover
        legal = (await t.view(mover))["legal"]
        assert legal
        assert (await t.view(other))["legal"] == []
        await t.refused(other, {"type": "move", "move": legal[0]}, "not-your-turn")
        await t.refused(other, {"type": "move", "move": "nonsense"}, "not-your-turn")
        await t.refused(mover, {"type": "move", "move": legal[0], "seat": other}, "other-seat")
        await t.refused(other, {"type": "move", "move": legal[0], "seat": mover}, "other-seat")
        await t.refused(mover, {"type": "move", "move": legal[0], "table": "x"}, "other-table")
        await t.refused(
            mover, {"type": "move", "move": legal[0], "variant": "zank"}, "other-variant"
        )
        # moves of the other variants are no moves of spite-and-malice
        for text in ("d-f", "h1-h2", "empty h6"):
            answer = await t.refused(mover, {"type": "move", "move": text}, "notation")
            assert "not a move" in answer["message"]
        await t.refused(mover, {"type": "move", "move": legal[0], "seq": 5}, "stale")

    _run(strict_server, scenario)


def test_illegal_moves_come_with_the_rule_and_its_explanation(
    strict_server: ServerProcess,
) -> None:
    async def scenario(t: Table) -> None:
        mover = (await t.view(0))["to_move"]
        legal = set((await t.view(mover))["legal"])
        rules = zank.variant("spite-and-malice")
        rules_named = []
        for move in [m.text for m in rules.moves if m.text not in legal and "-b" in m.text][:6]:
            answer = await t.refused(mover, {"type": "move", "move": move}, "illegal")
            assert answer["rule"].startswith("S&M-")
            assert f"[{answer['rule']}]" in answer["message"]
            rules_named.append(answer["rule"])
        assert rules_named

    _run(strict_server, scenario)


def test_forged_state_documents_are_never_accepted(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        rules = zank.variant("spite-and-malice")
        forged = json.loads(zank.dumps(rules.new_game(seed=1)))
        forged["outcome"] = {"winner": 0, "points": [10**6, 0], "reason": "went out"}
        mover = (await t.view(0))["to_move"]
        for message in (
            {"type": "move", "move": "a-b1", "state": forged},
            {"type": "load", "state": forged},
            {"type": "state", "document": forged},
            {"type": "create", "variant": "spite-and-malice", "state": forged},
        ):
            await t.refused(mover, message, "no-documents")

    _run(strict_server, scenario)


def test_seats_tokens_and_tables(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        await t.refused(0, {"type": "join", "table": t.id}, "seated")
        await t.refused(0, {"type": "resume", "token": t.tokens[1]}, "seated")
        async with connect(t.server.url) as ws:
            for message, code in (
                ({"type": "move", "move": "a-b1"}, "not-seated"),
                ({"type": "view"}, "not-seated"),
                ({"type": "join", "table": t.id}, "table-full"),
                ({"type": "join", "table": "no such table"}, "no-table"),
                ({"type": "join", "table": "x" * 500}, "bad-request"),
                ({"type": "resume", "token": "guessed"}, "bad-token"),
                ({"type": "create", "variant": "chess"}, "bad-option"),
                ({"type": "create", "variant": "zank", "options": {"jokers": 3}}, "bad-option"),
                ({"type": "create", "variant": "zank", "seats": 9}, "bad-option"),
                ({"type": "create", "variant": "zank", "options": {"colour": 1}}, "bad-option"),
                ({"type": "create", "variant": "zank", "seats": 10**30}, "bad-option"),
                ({"type": "create", "variant": "zank", "options": {"x": [1]}}, "bad-request"),
            ):
                answer = await _ask(ws, message)
                assert (answer["type"], answer["code"]) == ("error", code), (message, answer)
            created = await _ask(ws, {"type": "create", "variant": "zank"})
            joined = await _ask(ws, {"type": "join", "table": created["table"]})
            assert joined["type"] == "joined"
            await _drain(ws)
            answer = await _ask(ws, {"type": "move", "move": "d-f"})
            assert answer["code"] == "waiting"  # the other seat is still free

    _run(strict_server, scenario)


def test_a_flood_is_refused_then_closed(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        before = await t.view(1)
        ws = t.ws[0]
        for _ in range(300):
            await ws.send(json.dumps({"type": "move", "move": "a-b1", "seq": 0}))
        codes = [code async for code in _codes_until_closed(ws)]
        assert ws.close_code == 1008
        assert "rate-limit" in codes
        assert len(codes) < 300  # not all of them were answered: the connection was closed
        view = await t.view(1)
        assert view["seq"] <= 1
        assert view["view"]["ply"] == view["seq"]
        # at most the one legal move of the flood was played, and only if it was legal
        if view["seq"] == 1:
            assert view["last"] == {"seq": 1, "seat": 0, "move": "a-b1"}
        else:
            assert view == before
        t.ws[0] = await connect(t.server.url)
        resumed = await _ask(t.ws[0], {"type": "resume", "token": t.tokens[0]})
        assert resumed["type"] == "joined"
        await _drain(t.ws[0])

    _run(strict_server, scenario)


def test_a_resumed_seat_leaves_the_old_connection(strict_server: ServerProcess) -> None:
    async def scenario(t: Table) -> None:
        mover = (await t.view(0))["to_move"]
        legal = (await t.view(mover))["legal"]
        old = t.ws[mover]
        t.ws[mover] = await connect(t.server.url)
        resumed = await _ask(t.ws[mover], {"type": "resume", "token": t.tokens[mover]})
        assert resumed["type"] == "joined"
        await _drain(t.ws[mover])
        told = json.loads(await asyncio.wait_for(old.recv(), 10))
        assert told["code"] == "replaced"
        for message in ({"type": "move", "move": legal[0]}, {"type": "view"}):
            answer = await _ask(old, message)
            assert answer["code"] == "replaced"
        assert (await t.view(mover))["seq"] == 0  # nothing was played
        await old.close()

    _run(strict_server, scenario)


# ------------------------------------------------------------------ stall scenarios
# Each runs an attack (tests/attack.py) in a process of its own, from another loopback
# address than the tests' 127.0.0.1, against a server of its own, while this process
# asks the four seats of two other tables for their views, one view every 15 ms (each
# seat within the default rate of 20 messages a second): the p99 of those views (about
# 280 of them) must stay under 50 ms on an idle machine.  The machine the tests run on
# may be busy with other work (CI runs them beside its other lanes, and the CI machine
# kind runs 3 to 5 times slower on some days: p99s from 2 to 46 ms were seen in its
# runs of one scenario), so the bound grows with how much slower than idle this
# machine runs Python at the time (:func:`_slowness`, measured before each run), and a
# scenario whose p99 is above it runs again (at most three runs): the best run counts.
# Before the fixes of issue 36 (items 7 to 9) every scenario failed by far (p99 0.2 to
# 1.5 s on an idle machine).

ATTACK = Path(__file__).with_name("attack.py")
BOUND = 0.050  # seconds: the p99 of another table's view during an attack, machine idle
VICTIMS = 2  # tables whose views are measured during an attack
#: Seconds that :func:`_work` takes on the CI machine kind when idle (measured
#: 2026-12-04: the median of five runs came out at 12 or, more often, 20 ms; beside two
#: busy processes 24 ms).
IDLE_WORK = 0.020


def _work() -> float:
    """Seconds a fixed piece of pure-Python work takes now."""
    start = time.perf_counter()
    x = 0
    for i in range(100_000):
        x += i * i % 7
    return time.perf_counter() - start


def _slowness() -> float:
    """How many times slower than idle this machine runs Python now (at least 1): the
    median of five runs of :func:`_work`, spread over a quarter of a second, against
    :data:`IDLE_WORK`."""
    runs = []
    for _ in range(5):
        runs.append(_work())
        time.sleep(0.04)
    runs.sort()
    return max(1.0, runs[2] / IDLE_WORK)


async def _under_attack(
    server: ServerProcess, kind: str, seconds: float, *arguments: str
) -> tuple[list[float], dict[str, Any]]:
    """Run an attack; the latencies of other tables' views meanwhile, and what the
    attacker saw."""
    tables = [Table(server) for _ in range(VICTIMS)]
    for table in tables:
        await table.open()
    seats = [(table, seat) for table in tables for seat in (0, 1)]
    attacker = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ATTACK),
        kind,
        str(server.port),
        str(seconds),
        *arguments,
        stdout=asyncio.subprocess.PIPE,
    )
    latencies: list[float] = []
    try:
        begin = time.monotonic() + 0.5  # the attack gets going: not measured yet
        end = time.monotonic() + seconds - 0.2
        asked = 0
        while time.monotonic() < end:
            table, seat = seats[asked % len(seats)]
            asked += 1
            start = time.perf_counter()
            await table.view(seat)
            if time.monotonic() > begin:
                latencies.append(time.perf_counter() - start)
            await asyncio.sleep(0.015)
        out, _ = await asyncio.wait_for(attacker.communicate(), 30)
    finally:
        if attacker.returncode is None:
            attacker.kill()
            await attacker.wait()
        for table in tables:
            await table.close()
    return latencies, json.loads(out)


def _p99(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def _attack(
    server: ServerProcess, name: str, *attack: str, seconds: float = 5
) -> tuple[float, list[dict[str, Any]]]:
    """Run an attack (up to three times while the p99 is above the bound, ``BOUND``
    times the machine's slowness then); the best run's p99 as a share of its bound (under
    1 meets it) and what the attacker saw in each run."""
    shares, seen = [], []
    for _ in range(3):
        slowness = _slowness()
        latencies, saw = asyncio.run(_under_attack(server, attack[0], seconds, *attack[1:]))
        ordered = sorted(latencies)
        p99 = _p99(ordered)
        shares.append(p99 / (BOUND * slowness))
        seen.append(saw)
        print(
            f"\n{name}: {len(ordered)} views of other tables, p50 "
            f"{1000 * ordered[len(ordered) // 2]:.1f} ms, p99 {1000 * p99:.1f} ms "
            f"(bound {1000 * BOUND * slowness:.0f} ms: the machine {slowness:.1f} times "
            f"slower than idle); the attacker saw {saw}"
        )
        if shares[-1] < 1:
            break
    return min(shares), seen


def _finished_game(database: Path) -> str:
    """A long game of zank played to its end straight into a database; a seat's token."""
    store = Store(database)
    lobby = Lobby(store)
    table = lobby.create("zank", {}, 2)
    token = lobby.join(table.id, 0)[0]
    lobby.join(table.id, 1)
    agent = RandomAgent(36)
    while not table.over:
        legal = table.rules.legal_moves(table.state)
        move = agent.choose(table.rules, table.rules.observe(table.state, 0), legal)
        seat = table.state.to_move
        assert seat is not None
        lobby.move(table, seat, move.text, None)
    assert len(table.moves) > 300
    store.commit()
    store.close()
    return token


@pytest.mark.slow
def test_stall_resuming_a_finished_game_in_a_loop(tmp_path: Path) -> None:
    # item 7: 8 clients resume a finished game of zank (~1,000 moves) in a loop
    token = _finished_game(tmp_path / "games.sqlite")
    server = ServerProcess(tmp_path / "games.sqlite")
    server.start()
    try:
        share, seen = _attack(
            server, "8 clients resuming a finished game", "resume", "127.0.0.2", token
        )
    finally:
        server.stop()
    assert all(saw.get("joined", 0) >= 20 for saw in seen)  # the resumes reached the game
    assert share < 1, f"other tables' p99 at {share:.1f} times the bound"


@pytest.mark.slow
def test_stall_creating_tables_from_many_connections(tmp_path: Path) -> None:
    # item 8: 40 connections of one client address send "create" as fast as answered
    server = ServerProcess(tmp_path / "games.sqlite")
    server.start()
    try:
        share, seen = _attack(server, "40 connections creating tables", "create", "127.0.0.3")
        open_tables = server.get("/health")["tables"]
        server.stop()
        server.start()  # the empty tables are not reloaded, the joined ones are
        reloaded = server.reloaded()
    finally:
        if server.alive():
            server.stop()
    measured = VICTIMS * len(seen)  # the tables of the measure, both seats joined
    assert seen[0].get("created", 0) == 50  # --tables-per-client
    assert all("too-many-tables" in saw for saw in seen)
    assert open_tables == 50 + measured
    assert reloaded == measured
    assert share < 1, f"other tables' p99 at {share:.1f} times the bound"


@pytest.mark.slow
def test_stall_slowloris_and_idle_websockets(tmp_path: Path) -> None:
    # item 9: 300 unfinished HTTP requests and 200 silent WebSockets
    server = ServerProcess(
        tmp_path / "games.sqlite", "--request-timeout", "1", "--idle-timeout", "3"
    )
    server.start()
    try:
        share, seen = _attack(
            server,
            "300 slowloris requests and 200 idle WebSockets",
            "hold",
            "127.0.0.4",
            "127.0.0.5",
            seconds=7,  # the idle WebSockets are closed after 3 to 3.5 s
        )
        assert server.get("/health")["ok"]
    finally:
        server.stop()
    for saw in seen:
        assert saw["opened"]["slowloris"] >= 1
        assert 1 <= saw["opened"]["idle-websocket"] <= 32  # --connections-per-client
        assert saw["still_open"] == {"slowloris": 0, "idle-websocket": 0}
    assert share < 1, f"other tables' p99 at {share:.1f} times the bound"
