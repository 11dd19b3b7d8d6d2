"""A WebSocket client that plays one seat of a table with any zank agent.

The client sees what the server sends its seat and nothing more: it rebuilds the
seat's :class:`~zank.Observation` from the view (:func:`observation_from_view`) and
asks the agent for one of the legal moves the view lists.  It can reconnect: when
the connection drops it tries again with its token (``resume``) until the server is
back, and since every move it sends carries the number of moves it has seen
(``seq``), a move sent just before a crash is never played twice.

``python -m zank_server.client --variant zank`` opens a table on a running server,
plays it with random agents in every seat (one connection each) and prints the result.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from collections.abc import Sequence
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection, connect

import zank
from zank.agents import Agent, RandomAgent
from zank.cards import parse_card
from zank.core import HIDDEN, Observation, Result, Termination

__all__ = ["SeatClient", "create_table", "observation_from_view", "play_table"]


def observation_from_view(rules: zank.Rules, view: dict[str, Any]) -> Observation:
    """The :class:`~zank.Observation` that a view's ``"view"`` document describes."""
    players = view["players"]
    specs = rules.layout(players)
    piles = tuple(
        tuple(HIDDEN if c is None else parse_card(c) for c in view["piles"][spec.label])
        for spec in specs
    )
    down = tuple(view["down"].get(spec.label, 0) for spec in specs)
    out = view["outcome"]
    outcome = (
        None
        if out is None
        else Result(out["winner"], tuple(out["points"]), Termination(out["reason"]))
    )
    return Observation(
        view["player"],
        players,
        piles,
        down,
        view["to_move"],
        view["phase"],
        tuple(view["info"]),
        view["ply"],
        view["turn"],
        outcome,
        rules,
    )


async def create_table(
    url: str, variant: str, options: dict[str, Any] | None = None, seats: int = 2
) -> str:
    """Open a table on the server at ``url``; its id."""
    async with connect(url) as ws:
        await ws.send(
            json.dumps(
                {"type": "create", "variant": variant, "options": options or {}, "seats": seats}
            )
        )
        answer = json.loads(await ws.recv())
    if answer.get("type") != "created":
        raise RuntimeError(f"the server refused the table: {answer}")
    return str(answer["table"])


class SeatClient:
    """One seat of a table, played over its own WebSocket connection by ``agent``.

    Attributes:
        seen: every move the client saw played, by number (``seq``): its own and
            the other seats'.
        latencies: seconds from sending each of its moves to the view that
            acknowledged it.
        views: every view the client received, by ``seq`` (when ``keep_views``).
        final: the last view, with the result.
        reconnections: how often the connection was made again.
    """

    def __init__(
        self, url: str, agent: Agent, *, patience: float = 0.0, keep_views: bool = False
    ) -> None:
        self.url = url
        self.agent = agent
        self.patience = patience  # seconds to keep trying to reconnect
        self.token: str | None = None
        self.table = ""
        self.seat = -1
        self.rules: zank.Rules | None = None
        self.seen: dict[int, str] = {}
        self.keep_views = keep_views
        self.views: dict[int, dict[str, Any]] = {}
        self.latencies: list[float] = []
        self.final: dict[str, Any] | None = None
        self.reconnections = 0
        self._ws: ClientConnection | None = None
        # (seq, time, message) of the move in flight
        self._sent: tuple[int, float, str] | None = None

    async def join(self, table: str, seat: int | None = None) -> None:
        """Connect and take a seat (the first free one unless ``seat`` is given)."""
        self._ws = await connect(self.url)
        request: dict[str, Any] = {"type": "join", "table": table}
        if seat is not None:
            request["seat"] = seat
        await self._ws.send(json.dumps(request))
        joined = json.loads(await self._ws.recv())
        if joined.get("type") != "joined":
            raise RuntimeError(f"could not join: {joined}")
        self.token, self.table, self.seat = joined["token"], joined["table"], joined["seat"]
        self.rules = zank.variant(joined["variant"], **joined["options"])

    async def play(self) -> dict[str, Any]:
        """Play until the game is over; the last view."""
        while True:
            try:
                return await self._play()
            except (OSError, websockets.ConnectionClosed):
                await self._reconnect()

    async def _play(self) -> dict[str, Any]:
        assert self._ws is not None
        assert self.rules is not None
        ws, rules = self._ws, self.rules
        moves = {m.text: m for m in rules.moves}
        async for text in ws:
            message: dict[str, Any] = json.loads(text)
            kind = message["type"]
            if kind == "error":
                if message["code"] == "rate-limit" and self._sent is not None:
                    await asyncio.sleep(0.25)  # the move was not read: send it again
                    await ws.send(self._sent[2])
                    continue
                if message["code"] in ("stale", "not-your-turn", "waiting"):
                    continue  # a newer view is on its way
                raise RuntimeError(f"seat {self.seat} of table {self.table}: {message}")
            if kind != "view":
                continue
            seq, last = message["seq"], message["last"]
            if last is not None:
                self.seen[last["seq"]] = last["move"]
            if self.keep_views:
                self.views[seq] = message
            if self._sent is not None and seq > self._sent[0]:
                if last is not None and last.get("seat") == self.seat:
                    self.latencies.append(time.perf_counter() - self._sent[1])
                self._sent = None
            if message["result"] is not None:
                self.final = message
                await ws.close()
                return message
            if message["legal"] and (self._sent is None or self._sent[0] < seq):
                observation = observation_from_view(rules, message["view"])
                legal = [moves[t] for t in message["legal"]]
                move = self.agent.choose(rules, observation, legal)
                request = json.dumps({"type": "move", "move": move.text, "seq": seq})
                self._sent = (seq, time.perf_counter(), request)
                await ws.send(request)
        raise websockets.ConnectionClosedError(None, None)

    async def _reconnect(self) -> None:
        """Connect again and resume the seat with the token, for up to ``patience`` s."""
        deadline = time.monotonic() + self.patience
        delay = 0.05
        while True:
            try:
                ws = await connect(self.url, open_timeout=5)
                await ws.send(json.dumps({"type": "resume", "token": self.token}))
                joined = json.loads(await ws.recv())
                if joined.get("type") != "joined":
                    raise RuntimeError(f"could not resume: {joined}")
                self._ws = ws
                self._sent = None  # the next view says whether the move got through
                self.reconnections += 1
                return
            except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)


async def play_table(
    url: str,
    variant: str,
    options: dict[str, Any] | None = None,
    seats: int = 2,
    *,
    agents: Sequence[Agent] | None = None,
    patience: float = 0.0,
    keep_views: bool = False,
) -> list[SeatClient]:
    """Open a table and play it to the end, one connection per seat; the seats' clients."""
    table = await create_table(url, variant, options, seats)
    clients = [
        SeatClient(
            url, agents[s] if agents else RandomAgent(), patience=patience, keep_views=keep_views
        )
        for s in range(seats)
    ]
    for seat, client in enumerate(clients):
        await client.join(table, seat)
    await asyncio.gather(*(c.play() for c in clients))
    return clients


def main(argv: Sequence[str] | None = None) -> None:
    """Play one table of random agents against a running server and print the result."""
    parser = argparse.ArgumentParser(prog="python -m zank_server.client", description=__doc__)
    parser.add_argument("--url", default="ws://127.0.0.1:8765/ws")
    parser.add_argument("--variant", default="spite-and-malice", choices=sorted(zank.VARIANTS))
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    clients = asyncio.run(play_table(args.url, args.variant, seats=args.seats))
    seconds = time.perf_counter() - start
    final = clients[0].final
    assert final is not None
    http = args.url.replace("ws", "http", 1).rsplit("/ws", 1)[0]
    latencies = sorted(t for c in clients for t in c.latencies)
    print(f"table {final['table']}: {final['seq']} moves, result {final['result']}")
    print(
        f"{final['seq'] / seconds:.0f} moves/s; move latency p50 "
        f"{1000 * latencies[len(latencies) // 2]:.2f} ms (sent to acknowledged)"
    )
    print(f"its record: {http}/records/{final['table']} (save it, then: zank replay FILE)")


if __name__ == "__main__":
    main()
